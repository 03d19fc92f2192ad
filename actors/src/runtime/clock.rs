//! The one clock: milliseconds since the Unix epoch, as every table stores time.

use std::future::Future;

tokio::task_local! {
    /// The moment a replay runs at (see [`replaying`]).
    static REPLAY_AT: i64;
}

/// Now, in milliseconds since the Unix epoch (0 if the system clock is before
/// it); inside [`replaying`], the moment replayed.
pub fn now_ms() -> i64 {
    REPLAY_AT.try_with(|t| *t).unwrap_or_else(|_| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or_default()
    })
}

/// Runs `fut` with the clock reading `at` for it alone (no other task sees
/// it): how the demo lead traders' history is written by the same functions
/// as live trading, with the times it happened at. Nothing else replays.
pub async fn replaying<F: Future>(at: i64, fut: F) -> F::Output {
    REPLAY_AT.scope(at, fut).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_replay_reads_its_moment_and_nothing_else_does() {
        let live = now_ms();
        assert!(live > 1_700_000_000_000);
        assert_eq!(replaying(42, async { now_ms() }).await, 42);
        assert!(now_ms() >= live, "the clock is back once the replay ends");
    }
}
