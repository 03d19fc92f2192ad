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
//!    (one symbol, or several separated by commas: each trader keeps to one
//!    of them) as fast as answers come back for `--seconds`; the rate of acknowledged (committed)
//!    orders is the sustained throughput;
//! 2. latency: an open-loop run at half that rate (or at `--rate`, to compare
//!    two builds at the same load) for `--seconds`, reporting p50 / p99 / max
//!    of the time to an acknowledged order (`--trace FILE` writes each one's
//!    due time and latency, to line slow answers up with the server's log);
//! 3. ceiling: the same saturation run against a trivial actix-web endpoint
//!    started in this process with the server's worker count, to show what the
//!    machine, the HTTP stack and this generator allow at all.
//!
//! After each of the two runs it prints where the server says those orders'
//! time went, stage by stage (the admin health report's order path, read
//! before and after the run and subtracted): waiting for the market, for the
//! writer, matching, writing, the commit and the answer.
//!
//! Orders are resting limit orders a little away from the index (buys below,
//! sells above) with a share that crosses, so the book grows and trades happen.
//!
//! With `--derivatives N` the same runs happen while N contract positions and
//! N seconds options are open on the same market (the index moves every tick),
//! and a closer closes positions one at a time meanwhile, reporting the
//! latency of each close (see `derivatives.rs`): spot throughput beside busy
//! contracts and options, and contract closes beside a saturated spot book.

mod client;
mod derivatives;
mod runs;

use client::{order, Api, Raw, Target};
use runs::{paced, pct, report_stages, saturate, write_trace};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

pub type Res<T> = Result<T, String>;

struct Opts {
    url: String,
    users: usize,
    seconds: u64,
    concurrency: usize,
    market: String,
    workers: usize,
    rate: Option<f64>,
    trace: Option<String>,
    derivatives: usize,
}

fn opts() -> Res<Opts> {
    let mut o = Opts {
        url: std::env::var("BOURSE_URL").unwrap_or_default(),
        users: 200,
        seconds: 10,
        concurrency: 512,
        market: "BTC/USDT".into(),
        // As many as the server answers with (`server.workers`, 0 = cores).
        workers: std::env::var("BOURSE__SERVER__WORKERS")
            .ok()
            .and_then(|w| w.parse().ok())
            .filter(|&w: &usize| w > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
        rate: None,
        trace: None,
        derivatives: 0,
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
            "--derivatives" => {
                o.derivatives = v()?.parse().map_err(|e| format!("--derivatives: {e}"))?
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if o.url.is_empty() {
        return Err("set BOURSE_URL or --url".into());
    }
    Ok(o)
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

    // What each market is quoted at, its lot and tick, before anyone trades.
    let quotes = api.get("/api/currency/quotation_new").await?;
    let targets: Vec<Target> = o
        .market
        .split(',')
        .map(|m| quote_of(&quotes, m.trim()).and_then(Target::from_quote))
        .collect::<Res<_>>()?;
    let mut funds = vec![("3".to_string(), "1000000".to_string())];
    for t in &targets {
        if !funds.iter().any(|(c, _)| *c == t.base) {
            funds.push((t.base.clone(), t.funding.clone()));
        }
    }
    let funds = Arc::new(funds);

    let t0 = Instant::now();
    let run_id = std::process::id();
    let mut tokens = Vec::new();
    let mut pending = Vec::new();
    for i in 0..o.users {
        let (api, admin, funds) = (api.clone(), admin.clone(), funds.clone());
        pending.push(tokio::spawn(async move {
            api.trader(&admin, &format!("load{run_id}-{i}@example.com"), &funds)
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
        "{} traders registered and funded in {:.1} s, trading on {}",
        tokens.len(),
        t0.elapsed().as_secs_f64(),
        o.market
    );

    let positions = if o.derivatives > 0 {
        derivatives::open(&api, &tokens, &targets[0].symbol, o.derivatives).await?
    } else {
        Vec::new()
    };

    let tokens = Arc::new(tokens);
    let targets = Arc::new(targets);
    let raw = Raw::new(&api.base);
    let place = {
        let (raw, targets) = (raw.clone(), targets.clone());
        move |n: u64| {
            let (raw, tokens, targets) = (raw.clone(), tokens.clone(), targets.clone());
            async move {
                // Each trader keeps to one market, as most do at any one
                // time; their own balance rows are then one market's alone.
                let trader = (n as usize) % tokens.len();
                let token = &tokens[trader];
                let target = &targets[trader % targets.len()];
                match raw.post("/api/coin/trade", token, &order(n, target)).await {
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

    // The closer runs through both measured runs (saturation, then paced).
    let closes = (!positions.is_empty()).then(|| {
        let stop = Instant::now() + Duration::from_secs(o.seconds * 2);
        derivatives::closer(raw.clone(), positions, stop)
    });
    let before = api.stages(&admin).await?;
    let (rate, failed) = saturate(o.concurrency, o.seconds, place.clone()).await;
    println!(
        "orders, saturation: {rate:.0} acknowledged orders/s with {} connections over {} s ({failed} refused or failed)",
        o.concurrency, o.seconds
    );
    let after = api.stages(&admin).await?;
    report_stages("saturated", &before, &after);
    let (paced_rate, which) = match o.rate {
        Some(r) => (r.max(1.0), "given"),
        None => ((rate / 2.0).max(1.0), "half"),
    };
    let started = std::time::SystemTime::now();
    let before = api.stages(&admin).await?;
    let (done, failed) = paced(paced_rate, o.seconds, place).await;
    let after = api.stages(&admin).await?;
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
    report_stages("paced", &before, &after);

    if let Some(c) = closes {
        let (lat, failed) = c.await.map_err(|e| e.to_string())?;
        derivatives::report(lat, failed);
    }

    let ceiling = ceiling_server(o.workers)?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The trivial endpoint ignores the token; it is sent so requests are the same size.
    let token0 = Arc::new(admin.clone());
    let trivial = {
        let raw = Raw::new(&ceiling);
        move |n: u64| {
            let (raw, token0, targets) = (raw.clone(), token0.clone(), targets.clone());
            async move {
                raw.post("/api/coin/trade", &token0, &order(n, &targets[0]))
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

fn quote_of<'a>(groups: &'a Value, market: &str) -> Res<&'a Value> {
    groups
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["quotation"].as_array().into_iter().flatten())
        .find(|q| q["symbol"] == market)
        .ok_or(format!("no market {market} in the quotes"))
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
