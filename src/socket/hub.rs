//! The hub: knows every socket session, what it subscribed to and whose it is,
//! and fans market events out to the right sessions. One actor per node. With
//! Redis configured, every local event is also published on a Redis channel and
//! every node delivers what other nodes published, so a socket on any node gets
//! the events of markets (and users) served elsewhere.

use ::actors::runtime::{Check, Checks, Event, Meter, Topic};
use actix::prelude::*;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// An event for one socket, already encoded as its text frame
/// (`42["event", payload]`). The hub encodes each event once and every session
/// shares the same frame: serialising per socket is what limits fan-out.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Outbound {
    pub frame: Arc<str>,
}

/// A subscription key: channel, topic (a symbol), and variant (a K-line period).
pub type Sub = Topic;

struct Session {
    to: Recipient<Outbound>,
    user_id: Option<i64>,
    subs: HashSet<Sub>,
}

#[derive(Default)]
pub struct Hub {
    sessions: HashMap<u64, Session>,
    /// Who listens to each channel: one lookup per event instead of a test
    /// of every session's subscriptions.
    listeners: HashMap<Sub, HashSet<u64>>,
    /// The signed-in sessions of each user, for private events.
    by_user: HashMap<i64, HashSet<u64>>,
    delivered: u64,
    /// Counts the messages handled, for the health screen (they arrive with
    /// `do_send`, past any handle that could count them).
    meter: Arc<Meter>,
    redis: Option<RedisLink>,
}

/// The Redis side of the fan-out.
struct RedisLink {
    client: redis::Client,
    channel: String,
    node: String,
    publisher: Option<redis::aio::MultiplexedConnection>,
}

/// An event as it travels between nodes.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, Message)]
#[rtype(result = "()")]
pub struct Wire {
    node: String,
    /// `broadcast` (`ticker` from older nodes), `channel` or `private`.
    kind: String,
    channel: Option<String>,
    #[serde(alias = "symbol")]
    topic: Option<String>,
    #[serde(alias = "period")]
    variant: Option<String>,
    event: String,
    user_id: Option<i64>,
    payload: Value,
}

impl Wire {
    /// Takes the event apart (its payload is moved, not copied: a batch's
    /// events are many JSON trees).
    fn of(node: &str, e: Event) -> Wire {
        let mut w = Wire {
            node: node.to_string(),
            kind: String::new(),
            channel: None,
            topic: None,
            variant: None,
            event: String::new(),
            user_id: None,
            payload: Value::Null,
        };
        match e {
            Event::Broadcast { event, payload } => {
                w.kind = "broadcast".into();
                w.event = event.to_string();
                w.payload = payload;
            }
            Event::Channel {
                channel,
                topic,
                variant,
                event,
                payload,
            } => {
                w.kind = "channel".into();
                w.channel = Some(channel.to_string());
                w.topic = Some(topic);
                w.variant = variant.map(str::to_string);
                w.event = event.to_string();
                w.payload = payload;
            }
            Event::Private {
                user_id,
                event,
                payload,
            } => {
                w.kind = "private".into();
                w.user_id = Some(user_id);
                w.event = event.to_string();
                w.payload = payload;
            }
            // The hub takes a batch apart before it gets here.
            Event::Many(_) => {}
        }
        w
    }
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

    /// Delivers one event to the local sessions it is for.
    /// The frame is encoded once for all of them, and not at all when no
    /// session here wants the event (most private events under load: their
    /// owners have no socket open).
    fn deliver(&mut self, w: &Wire) {
        let mut frame: Option<Arc<str>> = None;
        let mut sent = 0u64;
        let mut send = |to: &Recipient<Outbound>| {
            let frame = frame
                .get_or_insert_with(|| Arc::from(super::codec::event_frame(&w.event, &w.payload)));
            to.do_send(Outbound {
                frame: frame.clone(),
            });
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
            "private" => {
                let ids = w.user_id.and_then(|u| self.by_user.get(&u));
                ids.into_iter()
                    .flatten()
                    .filter_map(|id| self.sessions.get(id))
                    .for_each(|s| send(&s.to));
            }
            _ => {}
        }
        self.delivered += sent;
    }
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Join {
    pub id: u64,
    pub to: Recipient<Outbound>,
    pub user_id: Option<i64>,
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

impl Hub {
    fn unlisten(&mut self, sub: &Sub, id: u64) {
        if let Some(ids) = self.listeners.get_mut(sub) {
            ids.remove(&id);
            if ids.is_empty() {
                self.listeners.remove(sub);
            }
        }
    }

    fn forget_user(&mut self, user_id: Option<i64>, id: u64) {
        let Some(user_id) = user_id else { return };
        if let Some(ids) = self.by_user.get_mut(&user_id) {
            ids.remove(&id);
            if ids.is_empty() {
                self.by_user.remove(&user_id);
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
}

impl Handler<Join> for Hub {
    type Result = ();
    fn handle(&mut self, m: Join, _: &mut Context<Self>) {
        self.touch();
        if let Some(user_id) = m.user_id {
            self.by_user.entry(user_id).or_default().insert(m.id);
        }
        let before = self.sessions.insert(
            m.id,
            Session {
                to: m.to,
                user_id: m.user_id,
                subs: HashSet::new(),
            },
        );
        // A session that connects again starts with no subscriptions, and as
        // whoever it signs in as now.
        if let Some(before) = before {
            if before.user_id != m.user_id {
                self.forget_user(before.user_id, m.id);
            }
            for sub in before.subs {
                self.unlisten(&sub, m.id);
            }
        }
    }
}

impl Handler<Leave> for Hub {
    type Result = ();
    fn handle(&mut self, m: Leave, _: &mut Context<Self>) {
        self.touch();
        if let Some(s) = self.sessions.remove(&m.id) {
            self.forget_user(s.user_id, m.id);
            for sub in s.subs {
                self.unlisten(&sub, m.id);
            }
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
                self.unlisten(&m.sub, m.id);
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

impl Hub {
    /// Delivers one event here and hands it to the other nodes.
    fn publish(&mut self, e: Event) {
        if let Event::Many(events) = e {
            for e in events {
                self.publish(e);
            }
            return;
        }
        let node = self
            .redis
            .as_ref()
            .map(|l| l.node.clone())
            .unwrap_or_default();
        let w = Wire::of(&node, e);
        self.deliver(&w);
        if let Some(link) = &self.redis {
            if let (Some(mut con), Ok(text)) = (link.publisher.clone(), serde_json::to_string(&w)) {
                let channel = link.channel.clone();
                actix::spawn(async move {
                    use redis::AsyncCommands;
                    if let Err(e) = con.publish::<_, _, i64>(&channel, text).await {
                        log::warn!("redis publish: {e}");
                    }
                });
            }
        }
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
        let mut checks = vec![
            Check::ok("sessions", self.sessions.len().to_string()),
            Check::ok("delivered", self.delivered.to_string()),
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
