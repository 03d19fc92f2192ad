//! Load generator for order placement over HTTP.
//!
//! ```sh
//! make bench-load            # builds in release and runs this against a fresh server
//! ```
//!
//! Against a running server (`BOURSE_URL`, an admin in `ADMIN_EMAIL` /
//! `ADMIN_PASSWORD`) it registers `--users` accounts through the real code flow,
//! funds each through a reviewed deposit, then:
//!
//! 1. saturation: `--concurrency` connections place limit orders on `--market`
//!    as fast as answers come back for `--seconds`; the rate of acknowledged
//!    (committed) orders is the sustained throughput;
//! 2. latency: an open-loop run at half that rate (or at `--rate`, to compare
//!    two builds at the same load) for `--seconds`, reporting p50 / p99 / max
//!    of the time to an acknowledged order (`--trace FILE` writes each one's
//!    due time and latency, to line slow answers up with the server's log);
//! 3. ceiling: the same saturation run against a trivial actix-web endpoint
//!    started in this process with the server's worker count, to show what the
//!    machine, the HTTP stack and this generator allow at all.
//!
//! Orders are resting limit orders a little away from the index (buys below,
//! sells above) with a share that crosses, so the book grows and trades happen.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

type Res<T> = Result<T, String>;

struct Opts {
    url: String,
    users: usize,
    seconds: u64,
    concurrency: usize,
    market: String,
    workers: usize,
    rate: Option<f64>,
    trace: Option<String>,
}

fn opts() -> Res<Opts> {
    let mut o = Opts {
        url: std::env::var("BOURSE_URL").unwrap_or_default(),
        users: 200,
        seconds: 10,
        concurrency: 512,
        market: "BTC/USDT".into(),
        workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
        rate: None,
        trace: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut v = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--url" => o.url = v()?,
            "--users" => o.users = v()?.parse().map_err(|e| format!("--users: {e}"))?,
            "--seconds" => o.seconds = v()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--concurrency" => {
                o.concurrency = v()?.parse().map_err(|e| format!("--concurrency: {e}"))?
            }
            "--market" => o.market = v()?,
            "--workers" => o.workers = v()?.parse().map_err(|e| format!("--workers: {e}"))?,
            "--rate" => o.rate = Some(v()?.parse().map_err(|e| format!("--rate: {e}"))?),
            "--trace" => o.trace = Some(v()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if o.url.is_empty() {
        return Err("set BOURSE_URL or --url".into());
    }
    Ok(o)
}

#[derive(Clone)]
struct Api {
    http: reqwest::Client,
    base: String,
}

impl Api {
    async fn call(&self, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> Res<Value> {
        let mut req = self.http.post(format!("{}{path}", self.base)).form(form);
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        let resp = req.send().await.map_err(|e| format!("{path}: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("{path}: {e}"))?;
        if body["type"] != "ok" {
            return Err(format!("{path}: {body}"));
        }
        Ok(body["message"].clone())
    }

    async fn get(&self, path: &str) -> Res<Value> {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .map_err(|e| format!("{path}: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("{path}: {e}"))?;
        Ok(body["message"].clone())
    }

    async fn login(&self, user: &str, password: &str) -> Res<String> {
        let m = self
            .call(
                "/api/user/login",
                None,
                &[("user_string", user), ("password", password)],
            )
            .await?;
        m.as_str().map(str::to_string).ok_or(format!("login: {m}"))
    }

    /// Registers and funds one user; returns its token.
    async fn trader(&self, admin: &str, email: &str) -> Res<String> {
        let pw = "LoadPass123";
        self.call("/api/sms_mail", None, &[("user_string", email)])
            .await?;
        let outbox = self.get(&format!("/api/dev/outbox?to={email}")).await?;
        let code = outbox[0]["code"].as_str().ok_or("no code in the outbox")?;
        self.call(
            "/api/user/register",
            None,
            &[
                ("type", "email"),
                ("user_string", email),
                ("code", code),
                ("password", pw),
                ("re_password", pw),
            ],
        )
        .await?;
        let token = self.login(email, pw).await?;
        for (currency, amount) in [("3", "1000000"), ("1", "20")] {
            let voucher = self.upload_png(&token).await?;
            let req = self
                .call(
                    "/api/wallet/charge_req",
                    Some(&token),
                    &[
                        ("currency", currency),
                        ("amount", amount),
                        ("voucher", &voucher),
                    ],
                )
                .await?;
            let id = req["id"].as_i64().ok_or("deposit id")?.to_string();
            self.call("/admin/api/deposits/approve", Some(admin), &[("id", &id)])
                .await?;
        }
        Ok(token)
    }

    async fn upload_png(&self, token: &str) -> Res<String> {
        const PNG: &[u8] = &[
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48,
            0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
            0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78,
            0x9C, 0x63, 0x60, 0x60, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x04, 0x01, 0x00, 0x5F, 0xE5,
            0xC3, 0x4B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ];
        let part = reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("v.png");
        let form = reqwest::multipart::Form::new().part("file", part);
        let resp = self
            .http
            .post(format!("{}/api/upload", self.base))
            .header("Authorization", token)
            .multipart(form)
            .send()
            .await
            .map_err(|e| format!("upload: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("upload: {e}"))?;
        body["message"]
            .as_str()
            .map(str::to_string)
            .ok_or(format!("upload: {body}"))
    }
}

/// A lean HTTP/1.1 client for the measured loops: keep-alive connections that
/// each carry one request at a time, requests written as one preformatted
/// buffer, answers read by `content-length`. The generator shares the machine
/// with the server, so every cycle it spends (reqwest's URL parsing, header
/// maps, JSON decoding) is a cycle the server does not get; this one checks the
/// answer's envelope by its bytes.
struct Raw {
    addr: String,
    idle: std::sync::Mutex<Vec<Conn>>,
}

struct Conn {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
}

impl Raw {
    fn new(base: &str) -> Arc<Raw> {
        Arc::new(Raw {
            addr: base
                .trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string(),
            idle: std::sync::Mutex::new(Vec::new()),
        })
    }

    async fn connect(&self) -> Res<Conn> {
        let stream = tokio::net::TcpStream::connect(&self.addr)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(4096),
        })
    }

    /// POSTs a form and answers whether the envelope says `ok` (with the body).
    async fn post(&self, path: &str, token: &str, form: &[(&str, String)]) -> Res<(bool, Vec<u8>)> {
        let body = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let req = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: {token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let idle = self.idle.lock().map_err(|e| e.to_string())?.pop();
        // The server may have closed an idle connection: then a new one, once.
        let reused = match idle {
            Some(mut c) => c.exchange(req.as_bytes()).await.ok().map(|body| (c, body)),
            None => None,
        };
        let (mut conn, body) = match reused {
            Some(done) => done,
            None => {
                let mut c = self.connect().await?;
                let body = c.exchange(req.as_bytes()).await?;
                (c, body)
            }
        };
        conn.buf.clear();
        self.idle.lock().map_err(|e| e.to_string())?.push(conn);
        let ok = body
            .windows(br#""type":"ok""#.len())
            .any(|w| w == br#""type":"ok""#);
        Ok((ok, body))
    }
}

impl Conn {
    /// Writes one request and reads its answer's body.
    async fn exchange(&mut self, req: &[u8]) -> Res<Vec<u8>> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        self.stream
            .write_all(req)
            .await
            .map_err(|e| e.to_string())?;
        self.buf.clear();
        loop {
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&self.buf[..end]).to_ascii_lowercase();
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .ok_or("an answer without content-length")?;
                let total = end + 4 + len;
                if self.buf.len() >= total {
                    return Ok(self.buf[end + 4..total].to_vec());
                }
            }
            let read = self.stream.read_buf(&mut self.buf).await;
            if read.map_err(|e| e.to_string())? == 0 {
                return Err("connection closed".into());
            }
        }
    }
}

/// Percent-encodes a form value.
fn encode(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for b in v.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// One order's form fields: a limit order near `mid`, sometimes crossing.
fn order(n: u64, mid: f64, market: &str) -> Vec<(&'static str, String)> {
    // A cheap deterministic spread of prices and sides (no RNG needed).
    let h = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
    let buy = h.is_multiple_of(2);
    let offset = (h % 400) as f64 / 10_000.0; // up to 4 % away
    let crossing = h.is_multiple_of(10);
    let factor = match (buy, crossing) {
        (true, false) => 1.0 - 0.002 - offset,
        (false, false) => 1.0 + 0.002 + offset,
        (true, true) => 1.001,
        (false, true) => 0.999,
    };
    vec![
        ("symbol", market.to_string()),
        ("type", if buy { "1" } else { "2" }.to_string()),
        ("target_price", format!("{:.2}", mid * factor)),
        ("amount", "0.0001".to_string()),
    ]
}

struct Stats {
    ok: AtomicU64,
    failed: AtomicU64,
}

/// Closed loop: `concurrency` tasks send back to back for `secs`. Returns
/// acknowledged requests per second.
async fn saturate<F, Fut>(concurrency: usize, secs: u64, send: F) -> (f64, u64)
where
    F: Fn(u64) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let stats = Arc::new(Stats {
        ok: AtomicU64::new(0),
        failed: AtomicU64::new(0),
    });
    let seq = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let end = start + Duration::from_secs(secs);
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (stats, seq, send) = (stats.clone(), seq.clone(), send.clone());
        tasks.push(tokio::spawn(async move {
            while Instant::now() < end {
                let n = seq.fetch_add(1, Ordering::Relaxed);
                if send(n).await {
                    stats.ok.fetch_add(1, Ordering::Relaxed);
                } else {
                    stats.failed.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let took = start.elapsed().as_secs_f64();
    (
        stats.ok.load(Ordering::Relaxed) as f64 / took,
        stats.failed.load(Ordering::Relaxed),
    )
}

/// One acknowledged request of an open-loop run: when it was due, from the
/// run's start, and how long its answer took from then.
struct Timed {
    due: Duration,
    took: Duration,
}

/// Open loop at `rate` per second for `secs`: acknowledged requests in the
/// order they were due, and how many failed.
async fn paced<F, Fut>(rate: f64, secs: u64, send: F) -> (Vec<Timed>, u64)
where
    F: Fn(u64) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send + 'static,
{
    let total = (rate * secs as f64) as u64;
    let gap = Duration::from_secs_f64(1.0 / rate);
    let start = Instant::now();
    let mut tasks = Vec::with_capacity(total as usize);
    for n in 0..total {
        let due = start + gap.mul_f64(n as f64);
        tokio::time::sleep_until(due.into()).await;
        let send = send.clone();
        // Latency counts from when the request was due, so a generator that
        // falls behind shows up in the numbers instead of hiding.
        tasks.push(tokio::spawn(async move {
            let ok = send(n).await;
            let timed = Timed {
                due: due - start,
                took: due.elapsed(),
            };
            (ok, timed)
        }));
    }
    let mut done = Vec::with_capacity(tasks.len());
    let mut failed = 0;
    for t in tasks {
        match t.await {
            Ok((true, timed)) => done.push(timed),
            _ => failed += 1,
        }
    }
    (done, failed)
}

/// Writes a run's requests, one "due_ms latency_ms" line each, after a header
/// with the run's start in milliseconds since the epoch, so slow answers can be
/// lined up with the server's log.
fn write_trace(path: &str, started: std::time::SystemTime, done: &[Timed]) -> Res<()> {
    use std::fmt::Write as _;
    let at = started
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|e| e.to_string())?;
    let mut text = format!("# started at {}\n", at.as_millis());
    for t in done {
        let _ = writeln!(
            text,
            "{:.3} {:.3}",
            t.due.as_secs_f64() * 1000.0,
            t.took.as_secs_f64() * 1000.0
        );
    }
    std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))
}

fn pct(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// A trivial actix-web endpoint on a free port, on its own thread, with the
/// real server's accept queue.
fn ceiling_server(workers: usize) -> Res<String> {
    let (bound, addr) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let sys = actix_web::rt::System::new();
        let _ = sys.block_on(async move {
            let srv = actix_web::HttpServer::new(|| {
                actix_web::App::new().route(
                    "/api/coin/trade",
                    // Reads the form like the real endpoint (actix closes a
                    // connection whose request body was left unread).
                    actix_web::web::post().to(|_: actix_web::web::Bytes| async {
                        actix_web::HttpResponse::Ok()
                            .content_type("application/json")
                            .body(r#"{"type":"ok","message":{}}"#)
                    }),
                )
            })
            .workers(workers)
            .backlog(4096)
            .bind("127.0.0.1:0")?;
            let _ = bound.send(srv.addrs().first().copied());
            srv.run().await
        });
    });
    match addr.recv() {
        Ok(Some(addr)) => Ok(format!("http://{addr}")),
        _ => Err("the trivial endpoint did not start".into()),
    }
}

async fn run() -> Res<()> {
    let o = opts()?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(o.concurrency * 2)
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| e.to_string())?;
    let api = Api {
        http: http.clone(),
        base: o.url.trim_end_matches('/').to_string(),
    };
    let admin = api
        .login(
            &std::env::var("ADMIN_EMAIL").unwrap_or_else(|_| "admin@bourse.local".into()),
            &std::env::var("ADMIN_PASSWORD").unwrap_or_else(|_| "AdminPass123".into()),
        )
        .await?;

    let t0 = Instant::now();
    let run_id = std::process::id();
    let mut tokens = Vec::new();
    let mut pending = Vec::new();
    for i in 0..o.users {
        let (api, admin) = (api.clone(), admin.clone());
        pending.push(tokio::spawn(async move {
            api.trader(&admin, &format!("load{run_id}-{i}@example.com"))
                .await
        }));
        // Password hashing dominates set-up; a few at a time keep it moving.
        if pending.len() == 8 || i + 1 == o.users {
            for p in pending.drain(..) {
                tokens.push(p.await.map_err(|e| e.to_string())??);
            }
        }
    }
    eprintln!(
        "{} traders registered and funded in {:.1} s",
        tokens.len(),
        t0.elapsed().as_secs_f64()
    );

    let quotes = api.get("/api/currency/quotation_new").await?;
    let mid = find_price(&quotes, &o.market).ok_or(format!("no price for {}", o.market))?;
    let tokens = Arc::new(tokens);
    let market = Arc::new(o.market.clone());
    let raw = Raw::new(&api.base);
    let place = {
        let raw = raw.clone();
        move |n: u64| {
            let (raw, tokens, market) = (raw.clone(), tokens.clone(), market.clone());
            async move {
                let token = &tokens[(n as usize) % tokens.len()];
                match raw
                    .post("/api/coin/trade", token, &order(n, mid, &market))
                    .await
                {
                    Ok((true, _)) => true,
                    Ok((false, body)) => {
                        if n.is_multiple_of(1000) {
                            eprintln!("refused: {}", String::from_utf8_lossy(&body));
                        }
                        false
                    }
                    Err(_) => false,
                }
            }
        }
    };

    let (rate, failed) = saturate(o.concurrency, o.seconds, place.clone()).await;
    println!(
        "orders, saturation: {rate:.0} acknowledged orders/s with {} connections over {} s ({failed} refused or failed)",
        o.concurrency, o.seconds
    );
    let (paced_rate, which) = match o.rate {
        Some(r) => (r.max(1.0), "given"),
        None => ((rate / 2.0).max(1.0), "half"),
    };
    let started = std::time::SystemTime::now();
    let (done, failed) = paced(paced_rate, o.seconds, place).await;
    if let Some(path) = &o.trace {
        write_trace(path, started, &done)?;
    }
    let mut lat: Vec<Duration> = done.iter().map(|t| t.took).collect();
    lat.sort();
    println!(
        "orders at {paced_rate:.0}/s ({which}): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} orders ({failed} failed)",
        pct(&lat, 0.5),
        pct(&lat, 0.99),
        pct(&lat, 1.0),
        lat.len()
    );

    let ceiling = ceiling_server(o.workers)?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The trivial endpoint ignores the token; it is sent so requests are the same size.
    let token0 = Arc::new(admin.clone());
    let trivial = {
        let raw = Raw::new(&ceiling);
        move |n: u64| {
            let (raw, token0) = (raw.clone(), token0.clone());
            async move {
                raw.post("/api/coin/trade", &token0, &order(n, 67000.0, "BTC/USDT"))
                    .await
                    .is_ok_and(|(ok, _)| ok)
            }
        }
    };
    let (rate, failed) = saturate(o.concurrency, o.seconds, trivial).await;
    println!(
        "ceiling, trivial actix-web endpoint ({} workers), same generator: {rate:.0} requests/s ({failed} failed)",
        o.workers
    );
    Ok(())
}

fn find_price(groups: &Value, market: &str) -> Option<f64> {
    groups
        .as_array()?
        .iter()
        .flat_map(|g| g["quotation"].as_array().into_iter().flatten())
        .find(|q| q["symbol"] == market)?["now_price"]
        .as_str()?
        .parse()
        .ok()
}

fn main() {
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("runtime: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = rt.block_on(run()) {
        eprintln!("loadgen: {e}");
        std::process::exit(1);
    }
}
