//! The typed health report and the counters behind it.

use super::clock::now_ms;
use actix::Message;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};
use utoipa::ToSchema;

/// How one check, or an actor as a whole, is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Warn,
    Fail,
}

/// One thing an actor checks about itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Check {
    /// What is checked (`open_orders`, `index`, `positions`…); the health
    /// screen translates it.
    pub name: String,
    pub status: Status,
    /// What was found: a value (a count, a price) or one word the screen
    /// translates (`not_loaded`, `restarting`, `no_answer`), not a sentence.
    pub detail: String,
}

impl Check {
    pub fn new(name: &str, status: Status, detail: impl Into<String>) -> Check {
        Check {
            name: name.to_string(),
            status,
            detail: detail.into(),
        }
    }

    pub fn ok(name: &str, detail: impl Into<String>) -> Check {
        Check::new(name, Status::Ok, detail)
    }

    pub fn warn(name: &str, detail: impl Into<String>) -> Check {
        Check::new(name, Status::Warn, detail)
    }

    pub fn fail(name: &str, detail: impl Into<String>) -> Check {
        Check::new(name, Status::Fail, detail)
    }
}

/// Asks an actor for its own checks (the handle adds the counts).
#[derive(Message)]
#[rtype(result = "Vec<Check>")]
pub struct Checks;

/// One actor's line on the admin health screen.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct HealthReport {
    /// `market:BTC/USDT`, `hub`…
    pub name: String,
    /// What kind of actor: `market`, `hub`, `demo-traders`…
    pub kind: String,
    /// The worst status of its checks.
    pub status: Status,
    /// Messages sent to it and not yet answered.
    pub backlog: i64,
    /// Messages answered since the server started.
    pub handled: u64,
    /// When it last answered (ms since the epoch), if ever.
    pub last_message_at: Option<i64>,
    /// When the running instance started (ms since the epoch).
    pub started_at: i64,
    /// How many times it was restarted after stopping or panicking.
    pub restarts: u32,
    pub checks: Vec<Check>,
}

/// The counts a handle keeps for its actor; shared with the actor for the
/// messages that reach it without the handle (a hub's `do_send`s).
#[derive(Debug)]
pub struct Meter {
    backlog: AtomicI64,
    handled: AtomicU64,
    last_message_at: AtomicI64,
    started_at: AtomicI64,
    restarts: AtomicU32,
}

impl Default for Meter {
    fn default() -> Meter {
        Meter {
            backlog: AtomicI64::new(0),
            handled: AtomicU64::new(0),
            last_message_at: AtomicI64::new(0),
            started_at: AtomicI64::new(now_ms()),
            restarts: AtomicU32::new(0),
        }
    }
}

impl Meter {
    /// A message is on its way.
    pub fn sent(&self) {
        self.backlog.fetch_add(1, Ordering::Relaxed);
    }

    /// A message sent through the handle was answered (or failed).
    pub fn answered(&self) {
        self.backlog.fetch_sub(1, Ordering::Relaxed);
        self.seen();
    }

    /// A message was handled that did not come through the handle.
    pub fn seen(&self) {
        self.handled.fetch_add(1, Ordering::Relaxed);
        self.last_message_at.store(now_ms(), Ordering::Relaxed);
    }

    /// A new instance started after the last one stopped.
    pub fn restarted(&self) {
        self.restarts.fetch_add(1, Ordering::Relaxed);
        self.started_at.store(now_ms(), Ordering::Relaxed);
    }

    pub fn restarts(&self) -> u32 {
        self.restarts.load(Ordering::Relaxed)
    }

    /// The report of an actor with these counts and these checks.
    pub fn report(&self, name: &str, kind: &str, checks: Vec<Check>) -> HealthReport {
        let last = self.last_message_at.load(Ordering::Relaxed);
        HealthReport {
            name: name.to_string(),
            kind: kind.to_string(),
            status: checks.iter().map(|c| c.status).max().unwrap_or(Status::Ok),
            backlog: self.backlog.load(Ordering::Relaxed).max(0),
            handled: self.handled.load(Ordering::Relaxed),
            last_message_at: (last > 0).then_some(last),
            started_at: self.started_at.load(Ordering::Relaxed),
            restarts: self.restarts(),
            checks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_carries_the_counts_and_the_worst_check() {
        let m = Meter::default();
        m.sent();
        m.sent();
        m.answered();
        let r = m.report(
            "market:X",
            "market",
            vec![Check::ok("open_orders", "3"), Check::warn("index", "67000")],
        );
        assert_eq!((r.backlog, r.handled, r.restarts), (1, 1, 0));
        assert_eq!(r.status, Status::Warn);
        assert!(r.last_message_at.is_some());
        m.restarted();
        assert_eq!(m.report("x", "k", vec![]).status, Status::Ok);
        assert_eq!(m.restarts(), 1);
    }
}
