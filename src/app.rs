//! Start-up: connect and migrate, seed, bind, and assemble the HTTP application.

use crate::api;
use crate::config::Settings;
use crate::db::{self, Backend};
use crate::error::ApiError;
use crate::extract::lang_of;
use crate::i18n::Lang;
use crate::notifier::Notifier;
use crate::ratelimit::RateLimiter;
use crate::state::AppState;
use ::actors::sql::Store;
use actix::Actor;
use actix_web::body::BoxBody;
use actix_web::dev::{Server, Service, ServiceResponse};
use actix_web::{middleware, web, App, HttpMessage, HttpResponse, HttpServer};
use std::sync::Arc;

/// Assembles the application for one worker (a macro because the middleware
/// stack makes its type unnameable).
macro_rules! build_app {
    ($state:expr) => {{
        let state: AppState = $state;
        let uploads = state.settings.uploads.dir.clone();
        let dist = state.settings.server.web_dist.clone();
        let mut app = App::new()
            .app_data(web::Data::new(state))
            .wrap_fn(|req, srv| {
                let fut = srv.call(req);
                async move { Ok(translate_errors(fut.await?)) }
            })
            .wrap(
                middleware::DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "same-origin")),
            )
            .wrap(middleware::Compress::default())
            .service(
                web::scope("/api")
                    .route("/openapi.json", web::get().to(api::openapi_json))
                    .configure(api::configure)
                    .default_service(web::to(not_found)),
            )
            .service(
                web::scope("/admin/api")
                    .configure(api::configure_admin)
                    .default_service(web::to(not_found)),
            )
            .route("/socket.io/", web::get().to(crate::socket::session::entry))
            .service(actix_files::Files::new("/uploads", uploads))
            .route("/", web::get().to(to_h5))
            .route("/h5", web::get().to(to_h5));
        if dist.join("index.html").exists() {
            app = app.service(actix_files::Files::new("/h5", dist).index_file("index.html"));
        } else {
            log::warn!(
                "{} has no index.html: build the app with `make web`",
                dist.display()
            );
        }
        app
    }};
}

/// A built, bound, not yet running server.
pub struct Application {
    port: u16,
    host: String,
    server: Server,
    pub state: AppState,
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Application, String> {
        let backend = Backend::of(&settings.database.url);
        let pool = db::connect(&settings.database.url, settings.database.max_connections)
            .await
            .map_err(|e| format!("database: {e}"))?;
        // Every market writes through this one store (see `Store`).
        let store = Store::open(pool.clone(), backend == Backend::Sqlite)
            .await
            .map_err(|e| format!("database: {e}"))?;
        if backend == Backend::Sqlite {
            db::spawn_checkpointer(store.clone(), &settings.database.url);
        }
        let hub = match settings.redis.url.as_str() {
            "" => crate::socket::hub::Hub::default(),
            url => crate::socket::hub::Hub::with_redis(url, &settings.redis.prefix)?,
        };
        // Fan-out gets a thread of its own, so a burst to thousands of sockets
        // never delays the market actors' matching and commits.
        let hub_thread = actix::Arbiter::new();
        let hub = crate::socket::hub::Hub::start_in_arbiter(&hub_thread.handle(), move |_| hub);
        let mut state = AppState {
            db: pool,
            markets: Arc::default(),
            hub: hub.clone(),
            backend,
            notifier: Arc::new(Notifier::new(&settings.smtp)),
            limiter: Arc::new(RateLimiter::default()),
            sessions: Arc::default(),
            settings: Arc::new(settings),
        };
        std::fs::create_dir_all(&state.settings.uploads.dir)
            .map_err(|e| format!("{}: {e}", state.settings.uploads.dir.display()))?;
        crate::api::site::seed_fiat_rates(&state)
            .await
            .map_err(|e| e.to_string())?;
        crate::api::wallet::seed_deposit_addresses(&state)
            .await
            .map_err(|e| e.to_string())?;
        if crate::seed::seed_if_empty(&state, &state.settings).await? {
            log::info!("seeded demo data");
        }
        state.markets = crate::markets::start(&store, &state.settings, hub.recipient()).await?;
        let app_state = state.clone();
        // A deep accept queue: with the standard library's 128, a burst of new
        // connections (a crowd of phones reconnecting, say) overflowed it and
        // the dropped ones only came back after TCP's one-second retry.
        let server = HttpServer::new(move || build_app!(app_state.clone()))
            .backlog(4096)
            .bind((
                state.settings.server.host.as_str(),
                state.settings.server.port,
            ))
            .map_err(|e| format!("bind: {e}"))?;
        let port = server
            .addrs()
            .first()
            .map(|a| a.port())
            .ok_or("bind: no address")?;
        let server = server.run();
        Ok(Application {
            port,
            host: state.settings.server.host.clone(),
            server,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn address(&self) -> String {
        format!("http://{}:{}", self.host, self.port)
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::not_found())
}

async fn to_h5() -> HttpResponse {
    HttpResponse::Found()
        .insert_header(("Location", "/h5/"))
        .finish()
}

/// Renders an [`ApiError`] in the language of its request (the extractor left the
/// language in the request's extensions; the query string is the fallback).
fn translate_errors<B: actix_web::body::MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> ServiceResponse<BoxBody> {
    let rendered = res
        .response()
        .error()
        .and_then(|e| e.as_error::<ApiError>())
        .map(|api| {
            let lang = res
                .request()
                .extensions()
                .get::<Lang>()
                .copied()
                .unwrap_or_else(|| lang_of(res.request()));
            api.render(lang)
        });
    match rendered {
        Some(resp) => res.into_response(resp),
        None => res.map_into_boxed_body(),
    }
}
