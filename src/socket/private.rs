//! What a socket's private events carry and how many may wait for it.
//!
//! Every private event a socket receives has a `seq` field in its payload:
//! 1 for the first after the socket connected, one more for each private
//! event the server meant for that socket, whether it was sent or dropped.
//! A socket whose client reads too slowly has at most `socket.private_queue`
//! private events waiting; past that, events are dropped (their numbers
//! still used), so the client sees a gap in `seq` and reloads what it shows
//! instead of silently missing a fill.
//!
//! A socket whose token is revoked or expires is sent `session_ended`
//! (`{"reason": "revoked" | "expired"}`), a Socket.IO DISCONNECT, and closed;
//! from the moment the hub learns of the revocation, no private event reaches
//! it, not even one already waiting in its queue ([`Ticket::ended`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// Why a socket's session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// Its token was revoked: logout, password change or reset, a session
    /// ended from the list, an admin's call.
    Revoked,
    /// Its token's lifetime passed while it was connected.
    Expired,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Revoked => "revoked",
            EndReason::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Option<EndReason> {
        match s {
            "revoked" => Some(EndReason::Revoked),
            "expired" => Some(EndReason::Expired),
            _ => None,
        }
    }

    /// The `session_ended` event's frame.
    pub fn frame(self) -> String {
        super::codec::event_frame(
            "session_ended",
            &serde_json::json!({ "reason": self.as_str() }),
        )
    }
}

/// One socket's private lane: how many of its private events are on their
/// way (in its mailbox, not yet written), and whether its session ended.
#[derive(Debug, Default)]
pub struct Lane {
    waiting: AtomicUsize,
    ended: AtomicBool,
}

impl Lane {
    /// A ticket for one more private event, or None when `cap` are waiting.
    pub fn admit(self: &Arc<Self>, cap: usize) -> Option<Ticket> {
        // Only the hub admits, so load-then-add cannot overshoot.
        if self.waiting.load(Ordering::Acquire) >= cap {
            return None;
        }
        self.waiting.fetch_add(1, Ordering::AcqRel);
        Some(Ticket(self.clone()))
    }

    /// From now on the socket's waiting private events are not written.
    pub fn end(&self) {
        self.ended.store(true, Ordering::Release);
    }

    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }
}

/// Rides with one private event to its socket; the lane counts it as waiting
/// until the ticket is dropped (the event written, or thrown away).
#[derive(Debug)]
pub struct Ticket(Arc<Lane>);

impl Ticket {
    /// Whether the socket's session ended after this event was queued: the
    /// event must not be written.
    pub fn ended(&self) -> bool {
        self.0.ended.load(Ordering::Acquire)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A private event's payload as sockets get it: an object (anything else is
/// wrapped as `{"data": …}`) with no `seq` of its own, and its frame without
/// the sequence number, split where [`with_seq`] puts one.
#[derive(Debug, Clone)]
pub struct PrivateFrame {
    /// `42["event",{…` up to the payload's closing brace.
    head: String,
    /// Whether the payload object has fields (a comma goes before `seq`).
    fields: bool,
}

impl PrivateFrame {
    pub fn new(event: &str, payload: &serde_json::Value) -> PrivateFrame {
        use serde_json::{Map, Value};
        let object = match payload {
            Value::Object(m) if !m.contains_key("seq") => Value::Object(m.clone()),
            Value::Object(m) => {
                let mut m = m.clone();
                m.remove("seq");
                Value::Object(m)
            }
            other => {
                let mut m = Map::new();
                m.insert("data".into(), other.clone());
                Value::Object(m)
            }
        };
        let fields = object.as_object().is_some_and(|m| !m.is_empty());
        let mut head = super::codec::event_frame(event, &object);
        // The frame ends with the object's `}` and the array's `]`.
        head.truncate(head.len().saturating_sub(2));
        PrivateFrame { head, fields }
    }

    /// The frame with `seq` as the payload's last field.
    pub fn with_seq(&self, seq: u64) -> String {
        let sep = if self.fields { "," } else { "" };
        format!("{}{sep}\"seq\":{seq}}}]", self.head)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn payload_of(frame: &str) -> Value {
        let body = frame
            .strip_prefix("42")
            .unwrap_or_else(|| panic!("{frame}"));
        let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{frame}: {e}"));
        v[1].clone()
    }

    #[test]
    fn seq_is_the_payloads_last_field_whatever_the_payload() {
        let cases = [
            (
                json!({"currencies": ["BTC"]}),
                json!({"currencies": ["BTC"], "seq": 7}),
            ),
            (json!({}), json!({"seq": 7})),
            (json!([1, 2]), json!({"data": [1, 2], "seq": 7})),
            (json!("text"), json!({"data": "text", "seq": 7})),
            (json!({"seq": 99, "id": 1}), json!({"id": 1, "seq": 7})),
        ];
        for (payload, want) in cases {
            let frame = PrivateFrame::new("order", &payload).with_seq(7);
            assert!(frame.starts_with(r#"42["order","#), "{frame}");
            assert_eq!(payload_of(&frame), want, "{frame}");
        }
    }

    #[test]
    fn a_lane_admits_up_to_its_cap_and_frees_a_place_per_ticket_dropped() {
        let lane = Arc::new(Lane::default());
        let a = lane.admit(2);
        let b = lane.admit(2);
        assert!(a.is_some() && b.is_some());
        assert!(lane.admit(2).is_none(), "full");
        drop(a);
        assert_eq!(lane.waiting(), 1);
        let c = lane.admit(2);
        assert!(c.is_some());
        lane.end();
        assert!(c.as_ref().is_some_and(Ticket::ended));
    }
}
