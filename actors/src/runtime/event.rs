//! The one event type every actor publishes, and the public channels actors own.

use actix::Message;
use serde_json::Value;
use std::collections::BTreeMap;

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

impl Event {
    /// A user's `balance` event: the client refetches these coins' balances.
    /// Every product that moves a user's money after its commit sends it, so
    /// a screen showing a balance is never left with an old one.
    pub fn balance(user_id: i64, currencies: &[i64]) -> Event {
        let mut coins = currencies.to_vec();
        coins.sort_unstable();
        coins.dedup();
        Event::Private {
            user_id,
            event: "balance",
            payload: serde_json::json!({ "currencies": coins }),
        }
    }

    /// One `balance` event per user of `moved` (user, coin) pairs, each
    /// naming that user's coins once: a step that pays many orders of one
    /// holder tells the holder once.
    pub fn balances(moved: impl IntoIterator<Item = (i64, i64)>) -> Event {
        let mut per_user: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for (user, coin) in moved {
            per_user.entry(user).or_default().push(coin);
        }
        Event::Many(
            per_user
                .into_iter()
                .map(|(user, coins)| Event::balance(user, &coins))
                .collect(),
        )
    }
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

    fn private(e: &Event) -> (i64, &'static str, Value) {
        match e {
            Event::Private {
                user_id,
                event,
                payload,
            } => (*user_id, *event, payload.clone()),
            other => panic!("not private: {other:?}"),
        }
    }

    #[test]
    fn balances_tell_each_user_once_with_each_coin_once() {
        let Event::Many(events) = Event::balances([(7, 3), (5, 1), (7, 1), (7, 3)]) else {
            panic!("a batch");
        };
        let told: Vec<_> = events.iter().map(private).collect();
        assert_eq!(
            told,
            vec![
                (5, "balance", serde_json::json!({"currencies": [1]})),
                (7, "balance", serde_json::json!({"currencies": [1, 3]})),
            ]
        );
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
