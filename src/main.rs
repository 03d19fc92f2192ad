//! `bourse serve` runs the server; `bourse audit` proves the ledger balances (exit 1
//! and the first broken row otherwise); `bourse admin create-user --email E
//! --password P` creates (or promotes) an admin account.

use bourse::app::Application;
use bourse::config::Settings;
use std::path::Path;
use std::process::ExitCode;

// The server allocates on one thread and frees on another all the time (a request's
// body is parsed by a worker, its order is placed by a market actor); glibc's
// allocator spent a sixth of the server's time on that under load, mimalloc a
// fraction of it (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn usage() -> ExitCode {
    eprintln!("usage: bourse serve\n       bourse audit\n       bourse admin create-user --email E --password P");
    ExitCode::from(2)
}

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[actix_web::main]
async fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    // A panic is a bug, never an answer: the request gets the 500 envelope (see
    // `app`), and the log gets one line saying where, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info.location().map(|l| l.to_string()).unwrap_or_default();
        log::error!("panic at {at}: {what}");
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = match Settings::load(Path::new("config")) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("configuration: {e}");
            return ExitCode::FAILURE;
        }
    };
    match args.first().map(String::as_str).unwrap_or("serve") {
        "serve" => serve(settings).await,
        "audit" => audit(settings).await,
        "admin" if args.get(1).map(String::as_str) == Some("create-user") => {
            match (flag(&args, "--email"), flag(&args, "--password")) {
                (Some(email), Some(password)) => create_admin(settings, &email, &password).await,
                _ => usage(),
            }
        }
        _ => usage(),
    }
}

async fn serve(settings: Settings) -> ExitCode {
    let app = match Application::build(settings).await {
        Ok(app) => app,
        Err(e) => {
            eprintln!("cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("listening on {}", app.address());
    match app.run_until_stopped().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("server stopped: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn create_admin(settings: Settings, email: &str, password: &str) -> ExitCode {
    match bourse::admin_cli::create_admin(settings, email, password).await {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

async fn audit(settings: Settings) -> ExitCode {
    let pool = match bourse::db::connect(&settings.database.url, 2).await {
        Ok(p) => p,
        Err(e) => {
            eprintln!("database: {e}");
            return ExitCode::FAILURE;
        }
    };
    match actors::ledger::audit(&pool).await {
        Ok(report) => {
            for (currency, sum) in &report.currencies {
                println!("currency {currency}: journal sum {sum}");
            }
            println!(
                "{} balances, {} journal entries",
                report.balances_checked, report.entries
            );
            match report.first_broken {
                None => {
                    println!("audit passed");
                    ExitCode::SUCCESS
                }
                Some(row) => {
                    eprintln!("audit FAILED: {row}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            eprintln!("audit could not run: {e}");
            ExitCode::FAILURE
        }
    }
}
