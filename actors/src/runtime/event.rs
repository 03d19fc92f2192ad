//! The one event type every actor publishes, and the public channels actors own.

use actix::Message;
use serde_json::Value;

/// What an actor tells sockets after a commit; the socket hub fans it out (and
/// hands it to the other nodes through Redis).
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub enum Event {
    /// To every socket (a market's `daymarket` ticker).
    Broadcast { event: &'static str, payload: Value },
    /// To the subscribers of one topic of a public channel: `depth` of
    /// `BTC/USDT`, `kline` of `BTC/USDT` in the `1min` variant.
    Channel {
        channel: &'static str,
        topic: String,
        variant: Option<&'static str>,
        event: &'static str,
        payload: Value,
    },
    /// To one user's sockets.
    Private {
        user_id: i64,
        event: &'static str,
        payload: Value,
    },
    /// Several of the above, in order: what one commit did, sent as one message
    /// so the hub's thread is woken once per batch instead of once per event.
    Many(Vec<Event>),
}

/// A public channel sockets subscribe to with
/// `subscribe {channel, symbol, period}`, registered by the actor kind that
/// publishes on it (see [`super::Registry::add_channel`]).
#[derive(Debug, Clone, Copy)]
pub struct Channel {
    pub name: &'static str,
    /// The variants a topic comes in (`period` on the wire) as a parser that
    /// answers the canonical name, and the variant when none is asked for;
    /// None for a channel without variants.
    pub variants: Option<(fn(&str) -> Option<&'static str>, &'static str)>,
}

/// What a socket subscribes to: channel, topic (upper-cased), variant.
pub type Topic = (String, String, Option<String>);

/// Longest topic a socket may name.
const MOST_TOPIC: usize = 32;

impl Channel {
    /// The subscription a socket asks for, or None when it names no topic, too
    /// long a one, or a variant the channel does not have.
    pub fn topic(&self, topic: &str, variant: Option<&str>) -> Option<Topic> {
        if topic.is_empty() || topic.len() > MOST_TOPIC {
            return None;
        }
        let variant = match self.variants {
            None => None,
            Some((parse, default)) => Some(parse(variant.unwrap_or(default))?.to_string()),
        };
        Some((self.name.to_string(), topic.to_uppercase(), variant))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(s: &str) -> Option<&'static str> {
        ["1min", "1day"].into_iter().find(|p| *p == s)
    }

    #[test]
    fn topics_are_checked_and_variants_parsed() {
        let depth = Channel {
            name: "depth",
            variants: None,
        };
        let kline = Channel {
            name: "kline",
            variants: Some((period, "1min")),
        };
        assert_eq!(
            depth.topic("btc/usdt", Some("1day")),
            Some(("depth".into(), "BTC/USDT".into(), None))
        );
        assert_eq!(depth.topic("", None), None);
        assert_eq!(depth.topic(&"X".repeat(33), None), None);
        assert_eq!(
            kline.topic("BTC/USDT", None),
            Some(("kline".into(), "BTC/USDT".into(), Some("1min".into())))
        );
        assert_eq!(kline.topic("BTC/USDT", Some("7min")), None);
    }
}
