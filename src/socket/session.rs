//! One actor per socket: Engine.IO v4 over a websocket, Socket.IO v5 on top.
//! The CONNECT packet's `{token}` decides the private room; nothing a client
//! emits afterwards (an old-style `login` with a user id, say) can change it.
//! The session lives no longer than its token: revoked, the hub ends it;
//! expired, it ends itself (`session_ended`, then a Socket.IO DISCONNECT, so
//! the client does not reconnect on its own).
//! Protocol violations close the socket; nothing here panics on input.

use super::codec::{decode_eio, decode_sio, encode_eio, encode_sio, Eio, Sio, SioKind};
use super::hub::{Join, JoinWithToken, Leave, Outbound, Subscribe};
use super::private::EndReason;
use crate::extract::authenticate;
use crate::state::AppState;
use actix::prelude::*;
use actix_web::{web, HttpRequest, HttpResponse};
use actix_web_actors::ws;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Largest frame accepted from a client.
pub const MAX_FRAME: usize = 1 << 20;
const PING_INTERVAL: Duration = Duration::from_secs(25);
const PING_TIMEOUT: Duration = Duration::from_secs(20);

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

pub struct Session {
    id: u64,
    state: AppState,
    connected: bool,
    /// Set once the session is ending: nothing private is written after it.
    ending: bool,
    last_pong: Instant,
}

impl Session {
    fn send_sio(&self, ctx: &mut ws::WebsocketContext<Self>, p: &Sio) {
        ctx.text(encode_eio(&Eio::Message(encode_sio(p))));
    }

    /// Tells the client why its session ended, disconnects it at the
    /// Socket.IO level (the client does not reconnect by itself) and closes.
    fn end(&mut self, ctx: &mut ws::WebsocketContext<Self>, reason: EndReason) {
        if self.ending {
            return;
        }
        self.ending = true;
        log::debug!("socket {}: session {}", self.id, reason.as_str());
        ctx.text(reason.frame());
        self.send_sio(ctx, &Sio::new(SioKind::Disconnect, None));
        ctx.close(Some(ws::CloseReason {
            code: ws::CloseCode::Normal,
            description: Some(format!("session {}", reason.as_str())),
        }));
        ctx.stop();
    }

    fn violation(&mut self, ctx: &mut ws::WebsocketContext<Self>, why: &str) {
        log::debug!("socket {}: closing on protocol violation: {why}", self.id);
        ctx.close(Some(ws::CloseReason {
            code: ws::CloseCode::Protocol,
            description: Some(why.into()),
        }));
        ctx.stop();
    }

    fn on_connect(&mut self, ctx: &mut ws::WebsocketContext<Self>, p: Sio) {
        if p.nsp != "/" {
            let err = Sio {
                nsp: p.nsp,
                ..Sio::new(
                    SioKind::ConnectError,
                    Some(json!({"message": "Invalid namespace"})),
                )
            };
            self.send_sio(ctx, &err);
            return;
        }
        if self.connected {
            return;
        }
        let token = p
            .data
            .as_ref()
            .and_then(|d| d.get("token"))
            .and_then(Value::as_str)
            .map(|t| t.trim_start_matches("Bearer ").to_string());
        let state = self.state.clone();
        let fut = async move {
            match token {
                Some(t) => authenticate(&state, Some(&t)).await.ok(),
                None => None,
            }
        };
        ctx.wait(fut.into_actor(self).map(|user, act, ctx| {
            act.connected = true;
            let to = ctx.address().recipient();
            match &user {
                Some(u) => act.state.hub.do_send(JoinWithToken {
                    id: act.id,
                    to,
                    user_id: u.id,
                    token_id: u.token_id,
                }),
                None => act.state.hub.do_send(Join {
                    id: act.id,
                    to,
                    user_id: None,
                }),
            }
            let sid = format!("s{}", act.id);
            act.send_sio(ctx, &Sio::new(SioKind::Connect, Some(json!({"sid": sid}))));
            // The session ends when its token does.
            if let Some(u) = user {
                let left = u.expires_at.saturating_sub(crate::db::now_ms()).max(0);
                ctx.run_later(Duration::from_millis(left as u64), |act, ctx| {
                    act.end(ctx, EndReason::Expired)
                });
            }
        }));
    }

    fn on_event(&mut self, ctx: &mut ws::WebsocketContext<Self>, p: Sio) {
        if !self.connected {
            return self.violation(ctx, "event before connect");
        }
        let Some((name, args)) = p.event_parts() else {
            return self.violation(ctx, "event without a name");
        };
        let on = match name {
            "subscribe" => true,
            "unsubscribe" => false,
            // Private rooms come from the CONNECT token only.
            _ => return,
        };
        let arg = args.first().cloned().unwrap_or(Value::Null);
        let channel = arg
            .get("channel")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let symbol = arg
            .get("symbol")
            .and_then(Value::as_str)
            .unwrap_or_default();
        // Only the channels an actor kind registered, with a topic and variant
        // they have (a K-line period); anything else is ignored.
        let variant = arg.get("period").and_then(Value::as_str);
        let Some(sub) = self.state.actors.subscription(channel, symbol, variant) else {
            return;
        };
        self.state.hub.do_send(Subscribe {
            id: self.id,
            sub,
            on,
        });
        if let Some(ack) = p.id {
            let reply = Sio {
                id: Some(ack),
                ..Sio::new(SioKind::Ack, Some(json!([{"ok": true}])))
            };
            self.send_sio(ctx, &reply);
        }
    }
}

impl Actor for Session {
    type Context = ws::WebsocketContext<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        let open = json!({
            "sid": format!("s{}", self.id), "upgrades": [],
            "pingInterval": PING_INTERVAL.as_millis() as u64, "pingTimeout": PING_TIMEOUT.as_millis() as u64,
            "maxPayload": MAX_FRAME,
        });
        ctx.text(encode_eio(&Eio::Open(open.to_string())));
        ctx.run_interval(PING_INTERVAL, |act, ctx| {
            if act.last_pong.elapsed() > PING_INTERVAL + PING_TIMEOUT {
                ctx.stop();
                return;
            }
            ctx.text(encode_eio(&Eio::Ping(String::new())));
        });
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.state.hub.do_send(Leave { id: self.id });
    }
}

impl Handler<Outbound> for Session {
    type Result = ();

    fn handle(&mut self, m: Outbound, ctx: &mut Self::Context) {
        if let Some(reason) = m.end {
            return self.end(ctx, reason);
        }
        // A private event queued before the session ended is not written.
        if m.private.as_ref().is_some_and(|t| t.ended()) || (self.ending && m.private.is_some()) {
            return;
        }
        ctx.text(&*m.frame);
    }
}

impl StreamHandler<Result<ws::Message, ws::ProtocolError>> for Session {
    fn handle(&mut self, msg: Result<ws::Message, ws::ProtocolError>, ctx: &mut Self::Context) {
        let text = match msg {
            Ok(ws::Message::Text(t)) => t,
            Ok(ws::Message::Ping(p)) => return ctx.pong(&p),
            Ok(ws::Message::Pong(_)) => return,
            Ok(ws::Message::Close(_)) => return ctx.stop(),
            Ok(ws::Message::Binary(_)) => return self.violation(ctx, "binary frames are not used"),
            Ok(ws::Message::Continuation(_)) | Ok(ws::Message::Nop) => return,
            Err(e) => return self.violation(ctx, &e.to_string()),
        };
        match decode_eio(&text) {
            Ok(Eio::Pong(_)) => self.last_pong = Instant::now(),
            Ok(Eio::Ping(d)) => ctx.text(encode_eio(&Eio::Pong(d))),
            Ok(Eio::Close) => ctx.stop(),
            Ok(Eio::Noop) => {}
            Ok(Eio::Message(m)) => match decode_sio(&m) {
                Ok(p) => match p.kind {
                    SioKind::Connect => self.on_connect(ctx, p),
                    SioKind::Event => self.on_event(ctx, p),
                    SioKind::Disconnect => ctx.stop(),
                    SioKind::Ack => {}
                    _ => self.violation(ctx, "unsupported packet"),
                },
                Err(e) => self.violation(ctx, &format!("{e:?}")),
            },
            Ok(Eio::Open(_)) | Ok(Eio::Upgrade) => self.violation(ctx, "unexpected packet"),
            Err(e) => self.violation(ctx, &format!("{e:?}")),
        }
    }
}

/// `GET /socket.io/?EIO=4&transport=websocket`.
pub async fn entry(
    req: HttpRequest,
    stream: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, actix_web::Error> {
    let q = web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .map(|q| q.into_inner())
        .unwrap_or_default();
    if q.get("EIO").map(String::as_str) != Some("4") {
        return Ok(HttpResponse::BadRequest()
            .json(json!({"code": 5, "message": "Unsupported protocol version"})));
    }
    if q.get("transport").map(String::as_str) != Some("websocket") {
        return Ok(
            HttpResponse::BadRequest().json(json!({"code": 0, "message": "Transport unknown"}))
        );
    }
    let session = Session {
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        state: state.get_ref().clone(),
        connected: false,
        ending: false,
        last_pong: Instant::now(),
    };
    ws::WsResponseBuilder::new(session, &req, stream)
        .frame_size(MAX_FRAME)
        .start()
}
