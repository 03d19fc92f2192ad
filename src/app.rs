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
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse};
use actix_web::{middleware, web, App, HttpMessage, HttpResponse};
use futures_util::FutureExt;
use std::sync::Arc;

/// Assembles the application for one worker (a macro because the middleware
/// stack makes its type unnameable).
macro_rules! build_app {
    ($state:expr) => {{
        let state: AppState = $state;
        let dist = state.settings.server.web_dist.clone();
        let mut app = App::new()
            .app_data(web::Data::new(state))
            .wrap_fn(envelope)
            .wrap(
                middleware::DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "same-origin"))
                    .add(("Content-Security-Policy", APP_CSP)),
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
                    .wrap(middleware::from_fn(crate::extract::admin_only))
                    .configure(api::configure_admin)
                    .default_service(web::to(not_found)),
            )
            .route("/socket.io/", web::get().to(crate::socket::session::entry))
            .route("/uploads/{name}", web::get().to(crate::uploads::serve))
            .route("/media/nft/{name}", web::get().to(crate::nft::media::serve))
            .route("/", web::get().to(to_h5))
            .route("/h5", web::get().to(to_h5));
        if dist.join("index.html").exists() {
            app = app
                .route("/h5/{tail:.*}", web::get().to(crate::web::serve))
                .route("/h5/{tail:.*}", web::head().to(crate::web::serve))
                .route(
                    "/{file:(robots\\.txt|favicon\\.ico)}",
                    web::get().to(crate::web::root_file),
                );
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
        // Every amount a product computes is rounded to its coin's decimals.
        ::actors::ledger::precision::set(settings.currencies.iter().map(|c| (c.id, c.decimals)));
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
        let sessions = Arc::new(crate::sessions::Sessions::default());
        let hub = match settings.redis.url.as_str() {
            "" => crate::socket::hub::Hub::default(),
            url => crate::socket::hub::Hub::with_redis(url, &settings.redis.prefix)?,
        }
        .with_private_queue(settings.socket.private_queue)
        .forgetting(sessions.clone());
        // Fan-out gets a thread of its own, so a burst to thousands of sockets
        // never delays the market actors' matching and commits.
        let hub_thread = actix::Arbiter::new();
        let registry = Arc::new(::actors::runtime::Registry::default());
        let hub_meter = hub.meter();
        let hub = crate::socket::hub::Hub::start_in_arbiter(&hub_thread.handle(), move |_| hub);
        // Watched, not supervised: its state is the live sockets, which a
        // restart could not rebuild from the database.
        registry.add(::actors::runtime::Handle::watch(
            "hub",
            "hub",
            hub.clone(),
            hub_meter,
        ));
        if settings.dev.outbox {
            let served = if settings.outbox_served() {
                "readable by anyone who can reach this address"
            } else {
                "refused because the server does not listen on a loopback address"
            };
            log::warn!(
                "dev.outbox is on: verification codes are kept at /api/dev/outbox, {served}; \
                 turn it off (BOURSE__DEV__OUTBOX=false) anywhere but a local demo"
            );
        }
        let link_key = crate::uploads::load_key(&pool)
            .await
            .map_err(|e| format!("database: {e}"))?;
        let mut state = AppState {
            db: pool,
            store: store.clone(),
            markets: Arc::new(crate::markets::Markets::empty(registry.clone())),
            hub: hub.clone(),
            backend,
            notifier: Arc::new(Notifier::new(&settings.smtp)),
            limiter: Arc::new(RateLimiter::default()),
            sessions,
            link_key: Arc::new(link_key),
            settings: Arc::new(settings),
            actors: registry.clone(),
            copy: Arc::new(crate::copy::CopyDesk::new(registry.clone())),
            earn: Arc::new(crate::earn::EarnDesk::new(registry.clone())),
            nft: Arc::new(crate::nft::NftDesk::new(registry.clone())),
        };
        std::fs::create_dir_all(&state.settings.uploads.dir)
            .map_err(|e| format!("{}: {e}", state.settings.uploads.dir.display()))?;
        crate::fiat::seed(&state).await.map_err(|e| e.to_string())?;
        crate::funds::deposits::seed_addresses(&state)
            .await
            .map_err(|e| e.to_string())?;
        if crate::seed::seed_if_empty(&state, &state.settings).await? {
            log::info!("seeded demo data");
        }
        state.markets = crate::markets::start(
            &store,
            &state.settings,
            hub.clone().recipient(),
            &registry,
            state.copy.plans.clone(),
        )
        .await?;
        // Copy trading runs on the contract markets (margined in one coin).
        let contracts: Vec<_> = state
            .markets
            .list
            .iter()
            .filter_map(|m| m.contracts.clone())
            .collect();
        let quote = state
            .markets
            .list
            .iter()
            .find(|m| m.contracts.is_some())
            .map(|m| m.spec.quote)
            .unwrap_or(0);
        state
            .copy
            .start(store.clone(), hub.clone().recipient(), contracts, quote)
            .await?;
        state
            .earn
            .start(
                &state,
                store.clone(),
                hub.clone().recipient(),
                registry.clone(),
            )
            .await?;
        state
            .nft
            .start(
                &state,
                store.clone(),
                hub.clone().recipient(),
                registry.clone(),
            )
            .await?;
        if state.settings.demo.lead_traders > 0 && quote > 0 {
            let leads = crate::copy::demo::ensure(&state, state.settings.demo.lead_traders).await?;
            let every =
                std::time::Duration::from_millis(state.settings.demo.trader_every_ms.max(100) * 4);
            let for_leads = state.clone();
            registry.add(::actors::runtime::Handle::supervise(
                "demo-leads",
                "demo-traders",
                move |meter| {
                    crate::copy::demo::DemoLeads::new(
                        for_leads.clone(),
                        leads.clone(),
                        every,
                        meter,
                    )
                },
            ));
        }
        let demo = &state.settings.demo;
        if demo.traders > 0 {
            let traders = crate::demo_traders::ensure_accounts(&state, demo.traders).await?;
            let every = std::time::Duration::from_millis(demo.trader_every_ms.max(100));
            let for_traders = state.clone();
            registry.add(::actors::runtime::Handle::supervise(
                "demo-traders",
                "demo-traders",
                move |meter| {
                    crate::demo_traders::DemoTraders::new(
                        for_traders.clone(),
                        traders.clone(),
                        every,
                        meter,
                    )
                },
            ));
            log::info!("{} demo traders are trading (demo.traders)", demo.traders);
        }
        let app_state = state.clone();
        let head_timeout =
            std::time::Duration::from_millis(state.settings.server.head_timeout_ms.max(1_000));
        let listener =
            crate::server::listen(&state.settings.server.host, state.settings.server.port)
                .map_err(|e| format!("bind: {e}"))?;
        let port = listener
            .local_addr()
            .map_err(|e| format!("bind: {e}"))?
            .port();
        let workers = match state.settings.server.workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
            n => n,
        };
        let server = actix_server::Server::build()
            .workers(workers)
            .listen("bourse", listener, move || {
                use actix_service::{
                    fn_service, map_config, IntoServiceFactory, ServiceFactoryExt,
                };
                let app = build_app!(app_state.clone())
                    .into_factory()
                    .map_err(|e| e.error_response());
                fn_service(|io: actix_rt::net::TcpStream| async move {
                    let peer = io.peer_addr().ok();
                    let _ = io.set_nodelay(true);
                    Ok::<_, actix_http::error::DispatchError>((
                        crate::server::Enveloped::new(io),
                        peer,
                    ))
                })
                .and_then(
                    actix_http::HttpService::build()
                        .client_request_timeout(head_timeout)
                        .h1(map_config(app, |_| actix_web::dev::AppConfig::default())),
                )
            })
            .map_err(|e| format!("bind: {e}"))?
            .run();
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

/// The app's own pages load only what they ship, talk only to their own server
/// (HTTP and its socket), and show images from it or as data URLs (QR codes).
const APP_CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/// Every error answered in the envelope, in the request's language.
pub fn envelope<S, B>(
    req: ServiceRequest,
    srv: &S,
) -> impl std::future::Future<Output = Result<ServiceResponse<BoxBody>, actix_web::Error>>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody + 'static,
{
    let fut = srv.call(req);
    async move { Ok(translate_errors(fut.await?)) }
}

/// A handler that panics is answered with the 500 envelope instead of a dropped
/// connection. Wrapped around each API resource (see `api::routes!`): only once
/// a request is routed may its `HttpRequest` be shared, and the answer needs it.
pub fn catch_panics<S, B>(
    req: ServiceRequest,
    srv: &S,
) -> impl std::future::Future<Output = Result<ServiceResponse<BoxBody>, actix_web::Error>>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: actix_web::body::MessageBody + 'static,
{
    let http = req.request().clone();
    let fut = srv.call(req);
    async move {
        match std::panic::AssertUnwindSafe(fut).catch_unwind().await {
            Ok(res) => Ok(res?.map_into_boxed_body()),
            Err(_) => Ok(panicked(http)),
        }
    }
}

/// The answer to a request whose handler panicked: the envelope with a 500, and
/// one line in the log (the panic hook set in `main` writes the cause).
fn panicked(http: actix_web::HttpRequest) -> ServiceResponse<BoxBody> {
    let lang = http
        .extensions()
        .get::<Lang>()
        .copied()
        .unwrap_or_else(|| lang_of(&http));
    let cause = format!("handler panicked: {} {}", http.method(), http.path());
    let resp = ApiError::internal(cause).render(lang);
    ServiceResponse::new(http, resp)
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
        None => {
            // A 5xx that is not ours (the framework's own) is logged too.
            if let Some(e) = res
                .response()
                .error()
                .filter(|_| res.status().is_server_error())
            {
                log::error!(
                    "{} {} {}: {e}",
                    res.status().as_u16(),
                    res.request().method(),
                    res.request().path()
                );
            }
            res.map_into_boxed_body()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test;

    async fn boom() -> HttpResponse {
        let v: Vec<u8> = Vec::new();
        // An out-of-bounds index: the kind of bug that must not drop the connection.
        HttpResponse::Ok().body(vec![v[usize::from(v.is_empty())]])
    }

    #[actix_web::test]
    async fn a_panicking_handler_answers_500_with_the_envelope() {
        let app = test::init_service(
            App::new()
                .wrap_fn(envelope)
                .service(
                    web::resource("/boom")
                        .wrap_fn(catch_panics)
                        .route(web::get().to(boom)),
                )
                .route(
                    "/fine",
                    web::get().to(|| async { HttpResponse::Ok().finish() }),
                ),
        )
        .await;
        let req = test::TestRequest::get().uri("/boom?lang=fra").to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(resp.status(), 500);
        let body: serde_json::Value = test::read_body_json(resp).await;
        assert_eq!(body["type"], "error");
        assert_eq!(
            body["message"],
            crate::i18n::t(Lang::parse("fra"), "err_internal", &[])
        );
        // The worker goes on serving.
        let req = test::TestRequest::get().uri("/fine").to_request();
        assert_eq!(test::call_service(&app, req).await.status(), 200);
    }
}
