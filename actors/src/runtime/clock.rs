//! The one clock: milliseconds since the Unix epoch, as every table stores time.

/// Now, in milliseconds since the Unix epoch (0 if the system clock is before it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}
