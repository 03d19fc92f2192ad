//! The hub: knows every socket session, what it subscribed to and whose it is,
//! and fans market events out to the right sessions. One actor per node. With
//! Redis configured, every local event is also published on a Redis channel and
//! every node delivers what other nodes published, so a socket on any node gets
//! the events of markets (and users) served elsewhere. Revocations travel the
//! same channel, so a token revoked on one node ends its sockets on all.
//!
//! Private events get a per-socket `seq` and go through a bounded lane per
//! socket (see [`super::private`]).

use super::private::{EndReason, Lane, PrivateFrame, Ticket};
use super::wire::Wire;
use crate::sessions::Sessions;
use ::actors::runtime::{Check, Checks, Event, Meter, Topic};
use actix::prelude::*;
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An event for one socket, already encoded as its text frame
/// (`42["event", payload]`). The hub encodes each public event once and every
/// session shares the same frame: serialising per socket is what limits
/// fan-out. A private event's frame is the socket's own (it carries the
/// socket's `seq`), made from one encoding of the payload.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct Outbound {
    pub frame: Arc<str>,
    /// On private events: the place the event holds in the socket's lane,
    /// and whether the socket's session ended since (then it is not written).
    pub private: Option<Ticket>,
    /// On the last message a session gets: its frame is `session_ended`, and
    /// the session disconnects once it has written it.
    pub end: Option<EndReason>,
}

impl Outbound {
    fn public(frame: Arc<str>) -> Outbound {
        Outbound {
            frame,
            private: None,
            end: None,
        }
    }

    fn end(reason: EndReason) -> Outbound {
        Outbound {
            frame: Arc::from(reason.frame()),
            private: None,
            end: Some(reason),
        }
    }
}

/// A subscription key: channel, topic (a symbol), and variant (a K-line period).
pub type Sub = Topic;

/// How long a revoked token is remembered: a socket that read its token just
/// before the revocation and joins just after is ended as it joins.
const REMEMBER_REVOKED: Duration = Duration::from_secs(60);

struct Session {
    to: Recipient<Outbound>,
    user_id: Option<i64>,
    /// The token the socket connected with (`tokens.id`).
    token_id: Option<i64>,
    subs: HashSet<Sub>,
    lane: Arc<Lane>,
    /// The last private event's number (sent or dropped).
    seq: u64,
}

/// Most private events waiting for one socket (`socket.private_queue`).
struct QueueCap(usize);

impl Default for QueueCap {
    fn default() -> QueueCap {
        QueueCap(crate::config::SocketSettings::default().private_queue)
    }
}

#[derive(Default)]
pub struct Hub {
    sessions: HashMap<u64, Session>,
    /// Who listens to each channel: one lookup per event instead of a test
    /// of every session's subscriptions.
    listeners: HashMap<Sub, HashSet<u64>>,
    /// The signed-in sessions of each user, for private events.
    by_user: HashMap<i64, HashSet<u64>>,
    /// The sessions opened with each token, to end them when it is revoked.
    by_token: HashMap<i64, HashSet<u64>>,
    /// Tokens revoked within [`REMEMBER_REVOKED`].
    revoked: HashMap<i64, Instant>,
    private_queue: QueueCap,
    delivered: u64,
    /// Private events dropped because their socket's lane was full.
    dropped: u64,
    /// Counts the messages handled, for the health screen (they arrive with
    /// `do_send`, past any handle that could count them).
    meter: Arc<Meter>,
    redis: Option<RedisLink>,
    /// This node's cache of verified tokens: a revocation from another node
    /// empties it of the revoked tokens at once.
    verified: Option<Arc<Sessions>>,
}

/// The Redis side of the fan-out.
struct RedisLink {
    client: redis::Client,
    channel: String,
    node: String,
    publisher: Option<redis::aio::MultiplexedConnection>,
}

impl Hub {
    /// A hub that also fans out through Redis on `{prefix}:events`.
    pub fn with_redis(url: &str, prefix: &str) -> Result<Hub, String> {
        let client = redis::Client::open(url).map_err(|e| format!("redis: {e}"))?;
        let node = format!("{}-{}", std::process::id(), crate::security::random_name());
        Ok(Hub {
            redis: Some(RedisLink {
                client,
                channel: format!("{prefix}:events"),
                node,
                publisher: None,
            }),
            ..Hub::default()
        })
    }

    /// At most `n` private events wait for one socket.
    pub fn with_private_queue(mut self, n: usize) -> Hub {
        self.private_queue = QueueCap(n);
        self
    }

    /// Tokens revoked on other nodes are dropped from `verified` too.
    pub fn forgetting(mut self, verified: Arc<Sessions>) -> Hub {
        self.verified = Some(verified);
        self
    }

    /// Delivers one event to the local sessions it is for.
    /// A public frame is encoded once for all of them, and not at all when no
    /// session here wants the event (most private events under load: their
    /// owners have no socket open).
    fn deliver(&mut self, w: &Wire) {
        let mut frame: Option<Arc<str>> = None;
        let mut sent = 0u64;
        let mut send = |to: &Recipient<Outbound>| {
            let frame = frame
                .get_or_insert_with(|| Arc::from(super::codec::event_frame(&w.event, &w.payload)));
            to.do_send(Outbound::public(frame.clone()));
            sent += 1;
        };
        match w.kind.as_str() {
            "broadcast" | "ticker" => self.sessions.values().for_each(|s| send(&s.to)),
            "channel" => {
                let key: Sub = (
                    w.channel.clone().unwrap_or_default(),
                    w.topic.clone().unwrap_or_default(),
                    w.variant.clone(),
                );
                let ids = self.listeners.get(&key).into_iter().flatten();
                ids.filter_map(|id| self.sessions.get(id))
                    .for_each(|s| send(&s.to));
            }
            "private" => sent += self.deliver_private(w),
            "end" => {
                if let Some((tokens, reason)) = w.ending() {
                    if let Some(v) = &self.verified {
                        v.forget_tokens(&tokens);
                    }
                    self.end_tokens(&tokens, reason);
                }
            }
            _ => {}
        }
        self.delivered += sent;
    }

    /// A private event to each socket of its user: numbered per socket, and
    /// dropped for a socket whose lane is full (the number still used).
    fn deliver_private(&mut self, w: &Wire) -> u64 {
        let Hub {
            by_user,
            sessions,
            private_queue,
            dropped,
            ..
        } = self;
        let Some(ids) = w.user_id.and_then(|u| by_user.get(&u)) else {
            return 0;
        };
        let frame = PrivateFrame::new(&w.event, &w.payload);
        let mut sent = 0;
        for id in ids {
            let Some(s) = sessions.get_mut(id) else {
                continue;
            };
            s.seq += 1;
            match s.lane.admit(private_queue.0) {
                Some(ticket) => {
                    s.to.do_send(Outbound {
                        frame: Arc::from(frame.with_seq(s.seq)),
                        private: Some(ticket),
                        end: None,
                    });
                    sent += 1;
                }
                None => *dropped += 1,
            }
        }
        sent
    }

    /// Ends the sessions opened here with these tokens: no private event
    /// reaches them from now on (not even one waiting in their mailbox), then
    /// each is told why and disconnects.
    fn end_tokens(&mut self, tokens: &[i64], reason: EndReason) {
        let now = Instant::now();
        self.revoked.retain(|_, at| at.elapsed() < REMEMBER_REVOKED);
        for token in tokens {
            if reason == EndReason::Revoked {
                self.revoked.insert(*token, now);
            }
            for id in self.by_token.remove(token).unwrap_or_default() {
                if let Some(s) = self.sessions.remove(&id) {
                    s.lane.end();
                    self.forget(id, s.user_id, None, &s.subs);
                    s.to.do_send(Outbound::end(reason));
                }
            }
        }
    }

    fn join(&mut self, id: u64, to: Recipient<Outbound>, user_id: Option<i64>, token: Option<i64>) {
        let revoked = token.and_then(|t| self.revoked.get(&t));
        if revoked.is_some_and(|at| at.elapsed() < REMEMBER_REVOKED) {
            to.do_send(Outbound::end(EndReason::Revoked));
            return;
        }
        if let Some(user_id) = user_id {
            self.by_user.entry(user_id).or_default().insert(id);
        }
        if let Some(token) = token {
            self.by_token.entry(token).or_default().insert(id);
        }
        let before = self.sessions.insert(
            id,
            Session {
                to,
                user_id,
                token_id: token,
                subs: HashSet::new(),
                lane: Arc::default(),
                seq: 0,
            },
        );
        // A session that connects again starts with no subscriptions, as
        // whoever it signs in as now, and numbers its private events from 1.
        if let Some(before) = before {
            let user = (before.user_id != user_id)
                .then_some(before.user_id)
                .flatten();
            let token = (before.token_id != token)
                .then_some(before.token_id)
                .flatten();
            self.forget(id, user, token, &before.subs);
        }
    }

    /// Takes a session out of the indexes of a user, a token and channels.
    fn forget(&mut self, id: u64, user_id: Option<i64>, token: Option<i64>, subs: &HashSet<Sub>) {
        for sub in subs {
            if let Some(ids) = self.listeners.get_mut(sub) {
                ids.remove(&id);
                if ids.is_empty() {
                    self.listeners.remove(sub);
                }
            }
        }
        if let Some(user_id) = user_id {
            if let Some(ids) = self.by_user.get_mut(&user_id) {
                ids.remove(&id);
                if ids.is_empty() {
                    self.by_user.remove(&user_id);
                }
            }
        }
        if let Some(token) = token {
            if let Some(ids) = self.by_token.get_mut(&token) {
                ids.remove(&id);
                if ids.is_empty() {
                    self.by_token.remove(&token);
                }
            }
        }
    }

    fn touch(&mut self) {
        self.meter.seen();
    }

    /// The meter the health screen reads this hub's counts from.
    pub fn meter(&self) -> Arc<Meter> {
        self.meter.clone()
    }

    fn node(&self) -> String {
        self.redis
            .as_ref()
            .map(|l| l.node.clone())
            .unwrap_or_default()
    }

    /// Publishing `w` to the other nodes, when Redis is configured and connected.
    fn to_redis(&self, w: &Wire) -> Option<impl Future<Output = ()> + 'static> {
        let link = self.redis.as_ref()?;
        let mut con = link.publisher.clone()?;
        let text = serde_json::to_string(w).ok()?;
        let channel = link.channel.clone();
        Some(async move {
            use redis::AsyncCommands;
            if let Err(e) = con.publish::<_, _, i64>(&channel, text).await {
                log::warn!("redis publish: {e}");
            }
        })
    }

    /// Delivers one event here and hands it to the other nodes.
    fn publish(&mut self, e: Event) {
        if let Event::Many(events) = e {
            for e in events {
                self.publish(e);
            }
            return;
        }
        let w = Wire::of(&self.node(), e);
        self.deliver(&w);
        if let Some(publishing) = self.to_redis(&w) {
            actix::spawn(publishing);
        }
    }
}

/// A socket joins: visitors and test stand-ins (no token to end them by).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Join {
    pub id: u64,
    pub to: Recipient<Outbound>,
    pub user_id: Option<i64>,
}

/// A socket signed in with a token joins: it ends when the token is revoked.
#[derive(Message)]
#[rtype(result = "()")]
pub struct JoinWithToken {
    pub id: u64,
    pub to: Recipient<Outbound>,
    pub user_id: i64,
    /// `tokens.id` of the token it connected with.
    pub token_id: i64,
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Leave {
    pub id: u64,
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Subscribe {
    pub id: u64,
    pub sub: Sub,
    pub on: bool,
}

/// These tokens were revoked: their sockets end, here and on every other
/// node. Answered once the revocation is on its way to the other nodes, so a
/// call that revokes answers after its sockets' ending is under way.
#[derive(Message)]
#[rtype(result = "()")]
pub struct EndTokens {
    pub tokens: Vec<i64>,
    pub reason: EndReason,
}

impl Actor for Hub {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(100_000);
        let Some(link) = &self.redis else { return };
        let (client, channel, node) =
            (link.client.clone(), link.channel.clone(), link.node.clone());
        let me = ctx.address();
        // Events other nodes published come back in as `Wire` messages.
        actix::spawn(async move {
            use futures_util::StreamExt;
            let mut pubsub = match client.get_async_pubsub().await {
                Ok(p) => p,
                Err(e) => return log::error!("redis subscribe: {e}"),
            };
            if let Err(e) = pubsub.subscribe(&channel).await {
                return log::error!("redis subscribe {channel}: {e}");
            }
            let mut stream = pubsub.on_message();
            while let Some(msg) = stream.next().await {
                let Ok(text) = msg.get_payload::<String>() else {
                    continue;
                };
                match serde_json::from_str::<Wire>(&text) {
                    Ok(w) if w.node != node => me.do_send(w),
                    Ok(_) => {}
                    Err(e) => log::warn!("redis: unreadable event: {e}"),
                }
            }
        });
        let client = link.client.clone();
        ctx.wait(
            async move { client.get_multiplexed_async_connection().await }
                .into_actor(self)
                .map(|res, act, _| match res {
                    Ok(c) => {
                        if let Some(l) = act.redis.as_mut() {
                            l.publisher = Some(c);
                        }
                    }
                    Err(e) => log::error!("redis publish connection: {e}"),
                }),
        );
    }
}

impl Handler<Join> for Hub {
    type Result = ();
    fn handle(&mut self, m: Join, _: &mut Context<Self>) {
        self.touch();
        self.join(m.id, m.to, m.user_id, None);
    }
}

impl Handler<JoinWithToken> for Hub {
    type Result = ();
    fn handle(&mut self, m: JoinWithToken, _: &mut Context<Self>) {
        self.touch();
        self.join(m.id, m.to, Some(m.user_id), Some(m.token_id));
    }
}

impl Handler<Leave> for Hub {
    type Result = ();
    fn handle(&mut self, m: Leave, _: &mut Context<Self>) {
        self.touch();
        if let Some(s) = self.sessions.remove(&m.id) {
            self.forget(m.id, s.user_id, s.token_id, &s.subs);
        }
    }
}

impl Handler<Subscribe> for Hub {
    type Result = ();
    fn handle(&mut self, m: Subscribe, _: &mut Context<Self>) {
        self.touch();
        if let Some(s) = self.sessions.get_mut(&m.id) {
            if m.on {
                // A bounded number of subscriptions per socket.
                if s.subs.len() < 64 && s.subs.insert(m.sub.clone()) {
                    self.listeners.entry(m.sub).or_default().insert(m.id);
                }
            } else if s.subs.remove(&m.sub) {
                let subs = HashSet::from([m.sub]);
                self.forget(m.id, None, None, &subs);
            }
        }
    }
}

impl Handler<Event> for Hub {
    type Result = ();
    fn handle(&mut self, e: Event, _: &mut Context<Self>) {
        self.touch();
        self.publish(e);
    }
}

impl Handler<EndTokens> for Hub {
    type Result = ResponseFuture<()>;
    fn handle(&mut self, m: EndTokens, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        self.end_tokens(&m.tokens, m.reason);
        let publishing = self.to_redis(&Wire::end(&self.node(), &m.tokens, m.reason));
        Box::pin(async move {
            if let Some(p) = publishing {
                p.await;
            }
        })
    }
}

/// An event another node published.
impl Handler<Wire> for Hub {
    type Result = ();
    fn handle(&mut self, w: Wire, _: &mut Context<Self>) {
        self.touch();
        self.deliver(&w);
    }
}

impl Handler<Checks> for Hub {
    type Result = MessageResult<Checks>;
    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let backlog = self.sessions.values().map(|s| s.lane.waiting()).max();
        let mut checks = vec![
            Check::ok("sessions", self.sessions.len().to_string()),
            Check::ok("delivered", self.delivered.to_string()),
            // A socket too slow for its lane loses private events (it sees
            // the gap in `seq` and reloads).
            Check::ok("private_dropped", self.dropped.to_string()),
            Check::ok("private_backlog", backlog.unwrap_or(0).to_string()),
        ];
        if let Some(link) = &self.redis {
            checks.push(if link.publisher.is_some() {
                Check::ok("redis", "connected")
            } else {
                // Events still reach this node's own sockets.
                Check::warn("redis", "disconnected")
            });
        }
        MessageResult(checks)
    }
}
