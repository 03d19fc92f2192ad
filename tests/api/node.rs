//! The real `bourse` binary as a child process, for what only another process
//! can show: a server killed outright (SIGKILL, no shutdown of any kind) and a
//! fresh one started on the same database.

use crate::helpers::Http;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Node {
    pub http: Http,
    child: Child,
}

impl std::ops::Deref for Node {
    type Target = Http;
    fn deref(&self) -> &Http {
        &self.http
    }
}

impl Node {
    /// Starts the server on `db_url` with the test configuration and waits until
    /// it listens.
    pub fn start(db_url: &str, dir: &Path) -> Node {
        Node::start_with(db_url, dir, &[])
    }

    /// [`Node::start`] with extra `BOURSE__…` settings.
    pub fn start_with(db_url: &str, dir: &Path, env: &[(&str, &str)]) -> Node {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_bourse"))
            .envs(env.iter().copied())
            .arg("serve")
            .current_dir(root)
            .env("BOURSE_ENV", "test")
            .env("BOURSE__DATABASE__URL", db_url)
            .env("BOURSE__UPLOADS__DIR", dir.join("uploads"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start bourse: {e}"));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let (tx, rx) = std::sync::mpsc::channel();
        // Reads on after the address, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(addr) = line.strip_prefix("listening on ") {
                    let _ = tx.send(addr.trim().to_string());
                }
            }
        });
        let address = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("bourse did not start on {db_url}"));
        Node {
            http: Http::new(address),
            child,
        }
    }

    /// Makes an admin through the command line on the node's database (as
    /// an operator would) and logs in: the admin's token.
    pub async fn admin(&self, db_url: &str, dir: &Path, email: &str) -> String {
        let made = Command::new(env!("CARGO_BIN_EXE_bourse"))
            .args([
                "admin",
                "create-user",
                "--email",
                email,
                "--password",
                "AdminPass123",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("BOURSE_ENV", "test")
            .env("BOURSE__DATABASE__URL", db_url)
            .env("BOURSE__UPLOADS__DIR", dir.join("uploads"))
            .status()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(made.success());
        self.login(email, "AdminPass123").await
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL, and wait until the process is gone.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills a process by id at once (for a kill while requests are in flight).
pub fn kill_now(pid: u32) {
    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
}
