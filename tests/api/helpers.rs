//! `spawn_app()`: the real application on port 0 with a fresh database (a new
//! SQLite file, or a new PostgreSQL database when `TEST_DATABASE_URL` is set) and
//! its own upload folder, plus a client that talks to it like the app does.

use actix::{Actor, Context, Handler};
use bourse::app::Application;
use bourse::config::Settings;
use bourse::socket::hub::Outbound;
use bourse::state::AppState;
use serde_json::Value;
use sqlx::Connection;
use std::path::Path;
use std::sync::{Arc, Mutex};

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A client of one running server, in this process or another.
pub struct Http {
    pub address: String,
    pub client: reqwest::Client,
}

/// The application running in this test's process, with its state at hand.
pub struct TestApp {
    pub http: Http,
    pub state: AppState,
}

impl std::ops::Deref for TestApp {
    type Target = Http;
    fn deref(&self) -> &Http {
        &self.http
    }
}

pub fn unique(prefix: &str) -> String {
    format!("{prefix}{}", bourse::security::random_name())
}

/// A fresh database URL for `backend`, or None when PostgreSQL is not configured.
pub async fn fresh_database(backend: Backend, dir: &Path) -> Option<String> {
    match backend {
        Backend::Sqlite => Some(format!("sqlite://{}/test.db?mode=rwc", dir.display())),
        Backend::Postgres => {
            let base = actors::testenv::service_url("TEST_DATABASE_URL")?;
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(&base)
                .await
                .unwrap_or_else(|e| panic!("TEST_DATABASE_URL {base}: {e}"));
            let name = unique("bourse_t_");
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .unwrap_or_else(|e| panic!("create database: {e}"));
            actors::testenv::remember(&base, &name);
            let mut url = url::Url::parse(&base).unwrap_or_else(|e| panic!("{e}"));
            url.set_path(&format!("/{name}"));
            Some(url.to_string())
        }
    }
}

/// Starts the app with extra `BOURSE__…` overrides; None when the backend is not
/// available here.
pub async fn spawn_app_with(backend: Backend, overrides: &[(&str, &str)]) -> Option<TestApp> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(unique("bourse-test-"));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let db_url = fresh_database(backend, &dir).await?;
    let mut vars: Vec<(String, String)> = vec![
        ("BOURSE_ENV".into(), "test".into()),
        ("BOURSE__DATABASE__URL".into(), db_url),
        ("BOURSE__DATABASE__MAX_CONNECTIONS".into(), "5".into()),
        (
            "BOURSE__UPLOADS__DIR".into(),
            dir.join("uploads").display().to_string(),
        ),
        (
            "BOURSE__DEMO__CONTENT".into(),
            root.join("config/demo/content.json").display().to_string(),
        ),
        (
            "BOURSE__SERVER__WEB_DIST".into(),
            root.join("web/dist").display().to_string(),
        ),
    ];
    for (k, v) in overrides {
        vars.push((k.to_string(), v.to_string()));
    }
    let settings =
        Settings::load_with(&root.join("config"), &vars).unwrap_or_else(|e| panic!("{e}"));
    let app = Application::build(settings)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let address = app.address();
    let state = app.state.clone();
    actix_web::rt::spawn(app.run_until_stopped());
    Some(TestApp {
        http: Http::new(address),
        state,
    })
}

/// A response's status and envelope.
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    pub fn kind(&self) -> &str {
        self.body["type"].as_str().unwrap_or_default()
    }

    pub fn message(&self) -> &Value {
        &self.body["message"]
    }

    pub fn text(&self) -> String {
        self.body["message"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    #[track_caller]
    pub fn assert_ok(&self) -> &Self {
        assert_eq!((self.status, self.kind()), (200, "ok"), "{}", self.body);
        self
    }

    #[track_caller]
    pub fn assert_error(&self, status: u16) -> &Self {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(
            self.kind(),
            if status == 401 { "999" } else { "error" },
            "{}",
            self.body
        );
        self
    }
}

impl Http {
    /// A client of the server at `address`. It drops a connection idle for
    /// 2 s, well before the server's keep-alive (5 s) closes it: otherwise a
    /// request can be written on a connection the server is closing at that
    /// moment and fail without an answer ("error sending request"), which a
    /// loaded machine makes likely when a burst follows a pause.
    pub fn new(address: String) -> Http {
        let client = reqwest::Client::builder()
            .pool_idle_timeout(std::time::Duration::from_secs(2))
            .build()
            .unwrap_or_else(|e| panic!("an HTTP client: {e}"));
        Http { address, client }
    }

    /// A client of the server at `address` that keeps no idle connection:
    /// every request on a connection of its own, as a crowd of phones sends
    /// them. For bursts: a burst's many connections, left idle in a pool
    /// through a long wave, are what a server's own time-outs act on, and a
    /// request written on one of them at that moment fails without an answer.
    pub fn unpooled(address: String) -> Http {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .build()
            .unwrap_or_else(|e| panic!("an HTTP client: {e}"));
        Http { address, client }
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Answer {
        let resp = req
            .send()
            .await
            .unwrap_or_else(|e| panic!("request: {e:?}"));
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap_or_default();
        let body =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        Answer { status, body }
    }

    /// A form POST, optionally with a token.
    pub async fn post(&self, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> Answer {
        let mut req = self
            .client
            .post(format!("{}/api{path}", self.address))
            .form(form);
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        self.send(req).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        let mut req = self.client.get(format!("{}/api{path}", self.address));
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        self.send(req).await
    }

    /// The newest code the dev outbox holds for `to`.
    pub async fn last_code(&self, to: &str) -> String {
        let a = self.get(&format!("/dev/outbox?to={to}"), None).await;
        a.assert_ok();
        a.message()[0]["code"]
            .as_str()
            .unwrap_or_else(|| panic!("no code for {to}: {}", a.body))
            .to_string()
    }

    /// Registers `email` with `password` through the real code flow.
    pub async fn register_email(&self, email: &str, password: &str) {
        self.post("/sms_mail", None, &[("user_string", email)])
            .await
            .assert_ok();
        let code = self.last_code(email).await;
        self.post(
            "/user/register",
            None,
            &[
                ("type", "email"),
                ("user_string", email),
                ("code", &code),
                ("password", password),
                ("re_password", password),
            ],
        )
        .await
        .assert_ok();
    }

    pub async fn login(&self, account: &str, password: &str) -> String {
        let a = self
            .post(
                "/user/login",
                None,
                &[("user_string", account), ("password", password)],
            )
            .await;
        a.assert_ok();
        a.text()
    }

    /// The id of the user a token belongs to.
    pub async fn user_id(&self, token: &str) -> i64 {
        self.get("/user/info", Some(token)).await.message()["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("no user behind the token"))
    }

    /// A new registered, logged-in user: (e-mail, token).
    pub async fn user(&self) -> (String, String) {
        let email = format!("{}@example.com", unique("u"));
        self.register_email(&email, "Passw0rd!").await;
        let token = self.login(&email, "Passw0rd!").await;
        (email, token)
    }
}

/// A socket session stand-in for the hub: keeps every frame sent to it.
pub struct Collector(pub Arc<Mutex<Vec<Outbound>>>);

impl Actor for Collector {
    type Context = Context<Self>;
}

impl Handler<Outbound> for Collector {
    type Result = ();
    fn handle(&mut self, m: Outbound, _: &mut Context<Self>) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(m);
    }
}

impl Collector {
    /// The frames `heard` kept before the first one `until` accepts, once that
    /// one has come; panics with `what` if it has not within five seconds.
    pub async fn frames_before(
        heard: &Arc<Mutex<Vec<Outbound>>>,
        until: impl Fn(&str) -> bool,
        what: &str,
    ) -> Vec<String> {
        for _ in 0..250 {
            let mut frames: Vec<String> = heard
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .map(|o| o.frame.to_string())
                .collect();
            if let Some(at) = frames.iter().position(|f| until(f)) {
                frames.truncate(at);
                return frames;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("{what}")
    }
}

/// Runs an async test body once on SQLite and once on PostgreSQL (when
/// `TEST_DATABASE_URL` is set; otherwise that half reports it did not run).
#[macro_export]
macro_rules! on_both {
    ($name:ident) => {
        on_both!($name, &[]);
    };
    ($name:ident, $overrides:expr) => {
        mod $name {
            use $crate::helpers::{spawn_app_with, Backend};

            #[actix_web::test]
            async fn on_sqlite() {
                let app = spawn_app_with(Backend::Sqlite, $overrides).await;
                super::$name(app.unwrap_or_else(|| panic!("sqlite is always available"))).await;
            }

            #[actix_web::test]
            async fn on_postgres() {
                match spawn_app_with(Backend::Postgres, $overrides).await {
                    Some(app) => {
                        super::$name(app).await;
                        actors::testenv::drop_remembered().await;
                    }
                    None => eprintln!("TEST_DATABASE_URL not set: PostgreSQL half not run"),
                }
            }
        }
    };
}

/// A valid 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x60, 0x60, 0xF8,
    0x0F, 0x00, 0x01, 0x04, 0x01, 0x00, 0x5F, 0xE5, 0xC3, 0x4B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

impl Http {
    /// Uploads `bytes` as `name` for the holder of `token`.
    pub async fn upload(&self, token: Option<&str>, name: &str, bytes: Vec<u8>) -> Answer {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string());
        let form = reqwest::multipart::Form::new().part("file", part);
        let mut req = self
            .client
            .post(format!("{}/api/upload?lang=en", self.address))
            .multipart(form);
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        self.send(req).await
    }

    pub async fn upload_png(&self, token: &str) -> String {
        let a = self.upload(Some(token), "p.png", PNG.to_vec()).await;
        a.assert_ok();
        a.text()
    }

    pub async fn admin_post(&self, admin: &str, path: &str, form: &[(&str, &str)]) -> Answer {
        self.send(
            self.client
                .post(format!("{}/admin/api{path}", self.address))
                .header("Authorization", admin)
                .form(form),
        )
        .await
    }

    pub async fn admin_get(&self, admin: &str, path: &str) -> Answer {
        self.send(
            self.client
                .get(format!("{}/admin/api{path}", self.address))
                .header("Authorization", admin),
        )
        .await
    }

    /// Credits `amount` of `currency` to the holder of `token` through a reviewed deposit.
    pub async fn fund(&self, token: &str, admin: &str, currency: &str, amount: &str) {
        let voucher = self.upload_png(token).await;
        let req = self
            .post(
                "/wallet/charge_req",
                Some(token),
                &[
                    ("currency", currency),
                    ("amount", amount),
                    ("voucher", &voucher),
                ],
            )
            .await;
        req.assert_ok();
        let id = req.message()["id"].as_i64().unwrap_or_default().to_string();
        self.admin_post(admin, "/deposits/approve", &[("id", &id)])
            .await
            .assert_ok();
    }

    /// (available, frozen) of a coin in an account, as decimal strings.
    pub async fn balance(&self, token: &str, currency: &str, account: &str) -> (String, String) {
        let d = self
            .post(
                "/wallet/detail",
                Some(token),
                &[("currency", currency), ("type", account)],
            )
            .await;
        d.assert_ok();
        (
            d.message()["available"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            d.message()["frozen"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        )
    }

    pub async fn assert_audit(&self, admin: &str) {
        let a = self.admin_get(admin, "/audit").await;
        a.assert_ok();
        assert_eq!(a.message()["ok"], true, "{}", a.body);
    }
}

impl TestApp {
    /// An admin's token (created through the command-line path).
    pub async fn admin(&self) -> String {
        let email = format!("{}@admin.example.com", unique("a"));
        bourse::admin_cli::create_admin((*self.state.settings).clone(), &email, "AdminPass123")
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        self.login(&email, "AdminPass123").await
    }
}

/// The form of a limit order on BTC/USDT: side "1" buys, "2" sells.
pub fn limit<'a>(side: &'a str, price: &'a str, amount: &'a str) -> [(&'a str, &'a str); 4] {
    [
        ("match_id", "1"),
        ("type", side),
        ("target_price", price),
        ("amount", amount),
    ]
}

/// Hands `m` to the hub and waits until it has been handled.
pub async fn tell<M>(hub: &actix::Addr<bourse::socket::hub::Hub>, m: M)
where
    M: actix::Message<Result = ()> + Send + 'static,
    bourse::socket::hub::Hub: actix::Handler<M>,
{
    hub.send(m).await.unwrap_or_else(|e| panic!("{e}"))
}

/// The status of a GET sent byte for byte as given (no client-side path
/// normalisation), optionally with a token.
pub async fn raw_get(app: &Http, path: &str, token: Option<&str>) -> u16 {
    let host = app.address.trim_start_matches("http://");
    let auth = token
        .map(|t| format!("Authorization: {t}\r\n"))
        .unwrap_or_default();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{auth}Connection: close\r\n\r\n");
    raw(app, req.as_bytes()).await.0
}

/// Sends `bytes` as they are on a fresh connection: the status and body of the
/// answer (read until the server closes).
pub async fn raw(app: &Http, bytes: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = app.address.trim_start_matches("http://");
    let mut s = tokio::net::TcpStream::connect(host)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    // The server may answer and close before it has read everything.
    let _ = s.write_all(bytes).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Polls `done` every 50 ms for up to ten seconds; panics naming `what`.
pub async fn wait_for(what: &str, mut done: impl AsyncFnMut() -> bool) {
    for _ in 0..200 {
        if done().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Runs one statement (a test moving time or state by hand).
pub async fn exec(db: &sqlx::AnyPool, sql: &str) {
    sqlx::query(sql)
        .execute(db)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}
