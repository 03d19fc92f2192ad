//! Codes by e-mail through a real SMTP server on loopback (Python's aiosmtpd,
//! which `make test` installs), read back from its maildir.

use crate::helpers::{spawn_app_with, Backend};
use std::time::Duration;

struct Smtpd(std::process::Child);

impl Drop for Smtpd {
    fn drop(&mut self) {
        let _ = self.0.kill();
    }
}

#[actix_web::test]
async fn a_code_sent_by_smtp_arrives_and_registers_the_account() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    let maildir = std::env::temp_dir().join(format!("bourse-mail-{port}"));
    let child = std::process::Command::new("python3")
        .args([
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            &format!("127.0.0.1:{port}"),
            "-c",
            "aiosmtpd.handlers.Mailbox",
        ])
        .arg(&maildir)
        .spawn()
        .unwrap_or_else(|e| panic!("python3 with aiosmtpd is needed (make test installs it): {e}"));
    let _smtpd = Smtpd(child);
    let mut up = false;
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(up, "aiosmtpd did not start (pip install aiosmtpd)");
    let port_s = port.to_string();
    let app = spawn_app_with(
        Backend::Sqlite,
        &[
            ("BOURSE__SMTP__HOST", "127.0.0.1"),
            ("BOURSE__SMTP__PORT", &port_s),
            ("BOURSE__DEV__OUTBOX", "false"),
        ],
    )
    .await
    .unwrap_or_else(|| panic!("sqlite"));
    app.post(
        "/sms_mail",
        None,
        &[("user_string", "mail@example.com"), ("lang", "en")],
    )
    .await
    .assert_ok();
    // With the outbox off the code is only in the mail.
    assert_eq!(
        app.get("/dev/outbox?to=mail@example.com", None)
            .await
            .status,
        404
    );
    let mut code = None;
    for _ in 0..50 {
        let files = std::fs::read_dir(maildir.join("new"))
            .into_iter()
            .flatten()
            .flatten();
        for f in files {
            let text = std::fs::read_to_string(f.path()).unwrap_or_default();
            assert!(text.contains("To: mail@example.com"), "{text}");
            code = text
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| w.len() == 6)
                .map(str::to_string);
        }
        if code.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let code = code.unwrap_or_else(|| panic!("no mail arrived in {}", maildir.display()));
    app.post(
        "/user/register",
        None,
        &[
            ("user_string", "mail@example.com"),
            ("code", &code),
            ("password", "Secret123"),
            ("re_password", "Secret123"),
        ],
    )
    .await
    .assert_ok();
}
