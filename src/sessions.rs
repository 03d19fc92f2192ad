//! Tokens this node verified a moment ago, so a client placing orders back to
//! back is not looked up in the database on every call (that lookup was a
//! quarter of what an order cost).
//!
//! An entry lives [`Sessions::TTL`]. Logging out or revoking on this node drops
//! the entries at once; another node of a cluster notices within the TTL.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone)]
struct Entry {
    user_id: i64,
    role: String,
    expires_at: i64,
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

    /// The (user, role) behind a token hash verified within the TTL and not
    /// expired at `now_ms`.
    pub fn get(&self, hash: &str, now_ms: i64) -> Option<(i64, String)> {
        let map = self.map.lock().ok()?;
        let e = map.get(hash)?;
        (e.verified.elapsed() < Self::TTL && e.expires_at > now_ms)
            .then(|| (e.user_id, e.role.clone()))
    }

    /// What [`Sessions::put`] needs from before the database was read.
    pub fn mark(&self) -> u64 {
        self.revocations.load(Ordering::SeqCst)
    }

    /// Remembers a token read from the database after `mark` was taken.
    pub fn put(&self, mark: u64, hash: &str, user_id: i64, role: &str, expires_at: i64) {
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
                user_id,
                role: role.to_string(),
                expires_at,
                verified: Instant::now(),
            },
        );
    }

    /// One token is no longer valid (logout).
    pub fn forget(&self, hash: &str) {
        if let Ok(mut map) = self.map.lock() {
            self.revocations.fetch_add(1, Ordering::SeqCst);
            map.remove(hash);
        }
    }

    /// None of a user's tokens is valid any more (password changed or reset).
    pub fn forget_user(&self, user_id: i64) {
        if let Ok(mut map) = self.map.lock() {
            self.revocations.fetch_add(1, Ordering::SeqCst);
            map.retain(|_, e| e.user_id != user_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_until_forgotten_or_expired() {
        let s = Sessions::default();
        let m = s.mark();
        s.put(m, "a", 7, "user", 2_000);
        s.put(m, "b", 7, "user", 2_000);
        s.put(m, "c", 8, "admin", 2_000);
        assert_eq!(s.get("a", 1_000), Some((7, "user".to_string())));
        assert_eq!(s.get("a", 2_000), None, "the token itself expired");
        s.forget("a");
        assert_eq!(s.get("a", 1_000), None);
        s.forget_user(7);
        assert_eq!(s.get("b", 1_000), None);
        assert_eq!(s.get("c", 1_000), Some((8, "admin".to_string())));
    }

    #[test]
    fn a_lookup_that_raced_a_logout_is_not_remembered() {
        let s = Sessions::default();
        // Read from the database before the logout, answered after it.
        let m = s.mark();
        s.forget("a");
        s.put(m, "a", 7, "user", 2_000);
        assert_eq!(s.get("a", 1_000), None);
        let m = s.mark();
        s.put(m, "a", 7, "user", 2_000);
        assert_eq!(s.get("a", 1_000), Some((7, "user".to_string())));
    }
}
