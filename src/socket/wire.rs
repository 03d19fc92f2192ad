//! Events as they travel between nodes through Redis: every event a node's
//! actors publish, and the revocations that end sockets wherever they are.

use super::private::EndReason;
use ::actors::runtime::Event;
use actix::prelude::*;
use serde_json::{json, Value};

/// An event as it travels between nodes.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, Message)]
#[rtype(result = "()")]
pub struct Wire {
    pub(super) node: String,
    /// `broadcast` (`ticker` from older nodes), `channel`, `private`, or
    /// `end` (tokens revoked: their sockets end; older nodes ignore it).
    pub(super) kind: String,
    pub(super) channel: Option<String>,
    #[serde(alias = "symbol")]
    pub(super) topic: Option<String>,
    #[serde(alias = "period")]
    pub(super) variant: Option<String>,
    pub(super) event: String,
    pub(super) user_id: Option<i64>,
    pub(super) payload: Value,
}

impl Wire {
    /// Takes the event apart (its payload is moved, not copied: a batch's
    /// events are many JSON trees).
    pub(super) fn of(node: &str, e: Event) -> Wire {
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

    /// Tokens revoked: every node ends the sockets opened with them.
    pub(super) fn end(node: &str, tokens: &[i64], reason: EndReason) -> Wire {
        Wire {
            node: node.to_string(),
            kind: "end".into(),
            channel: None,
            topic: None,
            variant: None,
            event: "session_ended".into(),
            user_id: None,
            payload: json!({ "tokens": tokens, "reason": reason.as_str() }),
        }
    }

    /// What an `end` names: the tokens and why.
    pub(super) fn ending(&self) -> Option<(Vec<i64>, EndReason)> {
        let tokens = self.payload.get("tokens")?.as_array()?;
        let reason = EndReason::parse(self.payload.get("reason")?.as_str()?)?;
        Some((tokens.iter().filter_map(Value::as_i64).collect(), reason))
    }
}
