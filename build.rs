//! `sqlx::migrate!` compiles the migration files into the server, but on stable
//! Rust it cannot ask cargo to watch their folders; without this a new migration
//! would leave an already-built server as it was, and it would never run.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
