//! In-process sliding-window rate limits for login and code sending, keyed by
//! address or client IP. (One node's memory: with several nodes each enforces its
//! own window, which still bounds guessing per node.)

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Remembers recent events per key.
#[derive(Default)]
pub struct RateLimiter {
    events: Mutex<HashMap<String, VecDeque<i64>>>,
}

impl RateLimiter {
    /// Records an event for `key` at `now` if fewer than `limit` happened in the
    /// last `window_ms`; answers false (and records nothing) otherwise.
    pub fn allow(&self, key: &str, limit: usize, window_ms: i64, now: i64) -> bool {
        let mut map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, q| q.back().is_some_and(|t| *t > now - window_ms));
        }
        let q = map.entry(key.to_string()).or_default();
        while q.front().is_some_and(|t| *t <= now - window_ms) {
            q.pop_front();
        }
        if q.len() >= limit {
            return false;
        }
        q.push_back(now);
        true
    }

    /// How many events `key` has in the window, without recording one.
    pub fn count(&self, key: &str, window_ms: i64, now: i64) -> usize {
        let map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key)
            .map(|q| q.iter().filter(|t| **t > now - window_ms).count())
            .unwrap_or(0)
    }

    /// Records an event unconditionally (a failed login, say).
    pub fn record(&self, key: &str, now: i64) {
        let mut map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(key.to_string()).or_default().push_back(now);
    }

    pub fn clear(&self, key: &str) {
        let mut map = self.events.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_slides() {
        let rl = RateLimiter::default();
        assert!(rl.allow("a", 2, 1000, 0));
        assert!(rl.allow("a", 2, 1000, 10));
        assert!(!rl.allow("a", 2, 1000, 20));
        assert!(rl.allow("b", 2, 1000, 20), "keys are independent");
        assert!(
            rl.allow("a", 2, 1000, 1001),
            "the first event left the window"
        );
    }
}
