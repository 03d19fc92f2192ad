//! Tokens this node verified a moment ago, so a client placing orders back to
//! back is not looked up in the database on every call (that lookup was a
//! quarter of what an order cost).
//!
//! An entry lives [`Sessions::TTL`]. Revoking drops the entries of the
//! revoked tokens at once, on this node and (through the hub's fan-out of the
//! revocation) on every other node of a cluster.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a token was verified to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub user_id: i64,
    pub role: String,
    /// The token's row (`tokens.id`): what a revocation names.
    pub token_id: i64,
    /// Milliseconds since the epoch.
    pub expires_at: i64,
}

#[derive(Clone)]
struct Entry {
    who: Verified,
    verified: Instant,
}

#[derive(Default)]
pub struct Sessions {
    map: Mutex<HashMap<String, Entry>>,
    /// Counts revocations. A lookup notes it before reading the database and
    /// caches its answer only if none happened meanwhile, so a logout racing a
    /// lookup of the same token cannot put the token back.
    revocations: AtomicU64,
}

impl Sessions {
    pub const TTL: Duration = Duration::from_secs(5);
    /// Enough for every active client of one node; beyond it, stale entries go.
    const MAX: usize = 100_000;

    /// What a token hash was verified to be within the TTL, if it has not
    /// expired at `now_ms`.
    pub fn get(&self, hash: &str, now_ms: i64) -> Option<Verified> {
        let map = self.map.lock().ok()?;
        let e = map.get(hash)?;
        (e.verified.elapsed() < Self::TTL && e.who.expires_at > now_ms).then(|| e.who.clone())
    }

    /// What [`Sessions::put`] needs from before the database was read.
    pub fn mark(&self) -> u64 {
        self.revocations.load(Ordering::SeqCst)
    }

    /// Remembers a token read from the database after `mark` was taken.
    pub fn put(&self, mark: u64, hash: &str, who: Verified) {
        let Ok(mut map) = self.map.lock() else { return };
        // Checked under the lock that revocations take too.
        if self.revocations.load(Ordering::SeqCst) != mark {
            return;
        }
        if map.len() >= Self::MAX {
            map.retain(|_, e| e.verified.elapsed() < Self::TTL);
            if map.len() >= Self::MAX {
                map.clear();
            }
        }
        map.insert(
            hash.to_string(),
            Entry {
                who,
                verified: Instant::now(),
            },
        );
    }

    /// These tokens are no longer valid (logout, password change, a session
    /// ended from the list).
    pub fn forget_tokens(&self, token_ids: &[i64]) {
        let gone: HashSet<i64> = token_ids.iter().copied().collect();
        if let Ok(mut map) = self.map.lock() {
            self.revocations.fetch_add(1, Ordering::SeqCst);
            map.retain(|_, e| !gone.contains(&e.who.token_id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who(user_id: i64, role: &str, token_id: i64) -> Verified {
        Verified {
            user_id,
            role: role.to_string(),
            token_id,
            expires_at: 2_000,
        }
    }

    #[test]
    fn answers_until_forgotten_or_expired() {
        let s = Sessions::default();
        let m = s.mark();
        s.put(m, "a", who(7, "user", 1));
        s.put(m, "b", who(7, "user", 2));
        s.put(m, "c", who(8, "admin", 3));
        assert_eq!(s.get("a", 1_000), Some(who(7, "user", 1)));
        assert_eq!(s.get("a", 2_000), None, "the token itself expired");
        s.forget_tokens(&[1]);
        assert_eq!(s.get("a", 1_000), None);
        assert_eq!(s.get("b", 1_000), Some(who(7, "user", 2)));
        s.forget_tokens(&[2, 99]);
        assert_eq!(s.get("b", 1_000), None);
        assert_eq!(s.get("c", 1_000), Some(who(8, "admin", 3)));
    }

    #[test]
    fn a_lookup_that_raced_a_logout_is_not_remembered() {
        let s = Sessions::default();
        // Read from the database before the logout, answered after it.
        let m = s.mark();
        s.forget_tokens(&[1]);
        s.put(m, "a", who(7, "user", 1));
        assert_eq!(s.get("a", 1_000), None);
        let m = s.mark();
        s.put(m, "a", who(7, "user", 1));
        assert_eq!(s.get("a", 1_000), Some(who(7, "user", 1)));
    }
}
