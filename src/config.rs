//! Typed settings: `config/default.toml`, then `config/$BOURSE_ENV.toml`, then
//! `BOURSE__SECTION__KEY` environment variables, each layer overriding the last.

use rust_decimal::Decimal;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Value;

/// Everything the server needs to start.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub auth: AuthSettings,
    pub codes: CodeSettings,
    pub limits: LimitSettings,
    pub uploads: UploadSettings,
    #[serde(default)]
    pub smtp: SmtpSettings,
    #[serde(default)]
    pub dev: DevSettings,
    pub demo: DemoSettings,
    pub site: SiteSettings,
    pub fiat: Vec<FiatRate>,
    pub currencies: Vec<CurrencySettings>,
    pub wallet: WalletSettings,
    pub market: MarketSettings,
    pub markets: Vec<MarketConfig>,
    pub lever: LeverSettings,
    pub microtrade: MicrotradeSettings,
    #[serde(default)]
    pub copy: CopySettings,
    #[serde(default)]
    pub earn: EarnSettings,
    #[serde(default)]
    pub nft: NftSettings,
    #[serde(default)]
    pub redis: RedisSettings,
    #[serde(default)]
    pub socket: SocketSettings,
}

/// The realtime gateway.
#[derive(Debug, Clone, Deserialize)]
pub struct SocketSettings {
    /// Private events queued for one socket before later ones are dropped
    /// (their `seq` still advances, so the client sees the gap).
    #[serde(default = "default_private_queue")]
    pub private_queue: usize,
}

impl Default for SocketSettings {
    fn default() -> SocketSettings {
        SocketSettings {
            private_queue: default_private_queue(),
        }
    }
}

fn default_private_queue() -> usize {
    1024
}

/// Fan-out of realtime events across nodes; an empty URL keeps it in-process.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct RedisSettings {
    #[serde(default)]
    pub url: String,
    /// Prefix of the Redis channel, so several deployments can share a server.
    #[serde(default = "default_prefix")]
    pub prefix: String,
}

fn default_prefix() -> String {
    "bourse".into()
}

#[derive(Debug, Clone, Deserialize)]
pub struct LeverSettings {
    pub multiples: Vec<i64>,
    /// Maintenance margin as a share of the margin.
    pub maintenance_ratio: Decimal,
    /// UTC hour of the daily overnight fee.
    pub overnight_hour: i64,
}

/// Copy trading: who may lead and the bounds of what a follower chooses.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct CopySettings {
    /// Contract-account balance (in the contracts' quote coin) a trader
    /// needs to apply.
    pub min_balance: Decimal,
    /// The profit-share rate a trader may ask, as a share of profit.
    pub share_min: Decimal,
    pub share_max: Decimal,
    /// The most followers a trader may accept.
    pub max_followers: i64,
    /// Bounds of a follow's multiple of the leader's lots.
    pub multiple_min: Decimal,
    pub multiple_max: Decimal,
    /// The most lots a fixed-lots follow may copy per position.
    pub lots_max: Decimal,
}

impl Default for CopySettings {
    fn default() -> Self {
        CopySettings {
            min_balance: Decimal::new(100, 0),
            share_min: Decimal::ZERO,
            share_max: Decimal::new(3, 1),
            max_followers: 10_000,
            multiple_min: Decimal::new(1, 2),
            multiple_max: Decimal::new(10, 0),
            lots_max: Decimal::new(100, 0),
        }
    }
}

/// Earn products. Lock-up products are seeded from `lock` by their key on
/// the first start that sees them, then edited by admins.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct EarnSettings {
    /// The UTC hour of lock-up products' daily accrual (for new products).
    pub accrual_hour: i64,
    pub lock: Vec<LockProductSettings>,
    /// Yield reserve funded from the platform's own money (the deposits
    /// account) once, per coin, at the first start that sees it: the demo's
    /// funding. A deployment funds its reserves from the admin screen.
    pub reserve_funding: Vec<DemoFunds>,
    /// The UTC hour dual products stop selling (and settle, days later).
    pub dual_hour: i64,
    pub ieo: Vec<IeoSettings>,
    pub dual: Vec<DualSettings>,
}

/// The NFT marketplace's rates, windows and demo (see `[nft]` in
/// `config/default.toml`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct NftSettings {
    /// The coins items are priced in.
    pub currencies: Vec<i64>,
    pub royalty: Decimal,
    pub fee: Decimal,
    pub forfeit_platform_share: Decimal,
    pub pay_hours: i64,
    pub extend_window_secs: i64,
    pub extend_to_secs: i64,
    pub media_max_mb: usize,
    pub demo: bool,
    pub demo_auction_minutes: i64,
}

impl Default for NftSettings {
    fn default() -> Self {
        NftSettings {
            currencies: vec![3],
            royalty: Decimal::new(5, 2),
            fee: Decimal::new(25, 3),
            forfeit_platform_share: Decimal::new(2, 1),
            pay_hours: 24,
            extend_window_secs: 300,
            extend_to_secs: 300,
            media_max_mb: 8,
            demo: false,
            demo_auction_minutes: 30,
        }
    }
}

/// A token sale seeded once per token, its times from the first start.
#[derive(Debug, Clone, Deserialize)]
pub struct IeoSettings {
    pub token: i64,
    pub name: String,
    pub intro: String,
    pub pay_currency: i64,
    pub price: Decimal,
    pub supply: Decimal,
    pub user_cap: Decimal,
    pub min_amount: Decimal,
    pub starts_in_hours: i64,
    pub hours: i64,
    pub lock_days: i64,
    pub cycle_days: i64,
    pub cycles: i64,
    pub whitepaper: String,
    pub website: String,
}

/// A dual-investment offer, renewed for every sale window.
#[derive(Debug, Clone, Deserialize)]
pub struct DualSettings {
    pub key: String,
    pub currency: i64,
    pub quote: i64,
    /// `call` or `put`.
    pub kind: String,
    pub days: i64,
    /// How far the linked price sits from the index (a share of it).
    pub offset: Decimal,
    /// The linked price is rounded to a multiple of this.
    pub step: Decimal,
    /// The annual rate, a share ("0.365" is 36.5 %).
    pub apr: Decimal,
    pub unit: Decimal,
    pub shares: i64,
}

/// A lock-up product's terms: daily rates as shares of the principal
/// ("0.003" is 0.3 % a day), amounts in the coin.
#[derive(Debug, Clone, Deserialize)]
pub struct LockProductSettings {
    pub key: String,
    /// `lock`, `defi` or `cloud`.
    pub category: String,
    pub name: String,
    pub currency: i64,
    pub rate_min: Decimal,
    pub rate_max: Decimal,
    pub days: i64,
    pub min_amount: Decimal,
    pub user_cap: Decimal,
    pub total_cap: Decimal,
    /// Share of the principal an early redemption forfeits.
    pub penalty: Decimal,
    #[serde(default)]
    pub sort: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MicrotradeSettings {
    pub fee_rate: Decimal,
    pub currency: i64,
    pub durations: Vec<OptionDuration>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct OptionDuration {
    pub seconds: i64,
    pub profit_ratio: Decimal,
    pub min_amount: Decimal,
    pub max_amount: Decimal,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MarketSettings {
    /// Milliseconds between index moves; 0 stops the clock.
    pub tick_ms: u64,
    pub lp_enabled: bool,
    pub lp_levels: usize,
    pub lp_spread: Decimal,
    pub lp_step: Decimal,
}

/// One market as configured.
#[derive(Debug, Clone, Deserialize)]
pub struct MarketConfig {
    pub id: i64,
    pub symbol: String,
    pub base: i64,
    pub quote: i64,
    /// `coin` or `stock`.
    pub kind: String,
    pub tick: Decimal,
    pub lot: Decimal,
    pub min_qty: Decimal,
    pub maker_fee: Decimal,
    pub taker_fee: Decimal,
    pub start_price: Decimal,
    /// Largest index move per tick, as a fraction.
    pub volatility: Decimal,
    pub lp_level_qty: Decimal,
    pub lp_funds_base: Decimal,
    pub lp_funds_quote: Decimal,
    #[serde(default)]
    pub open_lever: bool,
    #[serde(default)]
    pub open_microtrade: bool,
    #[serde(default)]
    pub logo: String,
    #[serde(default)]
    pub lever_lot: Decimal,
    #[serde(default)]
    pub lever_fee: Decimal,
    #[serde(default)]
    pub lever_spread: Decimal,
    #[serde(default)]
    pub lever_overnight: Decimal,
    #[serde(default)]
    pub lever_min_share: i64,
    #[serde(default)]
    pub lever_max_share: i64,
    #[serde(default)]
    pub lever_limit: bool,
}

/// A coin users can hold, deposit and withdraw.
#[derive(Debug, Clone, Deserialize)]
pub struct CurrencySettings {
    pub id: i64,
    pub name: String,
    pub sub_name: String,
    /// Digits after the point the coin accepts in amounts (at most 8).
    pub decimals: u32,
    /// Reference price in USDT until live market prices exist.
    pub price_usdt: Decimal,
    pub withdraw_min: Decimal,
    pub withdraw_fee: Decimal,
    pub image: String,
    pub networks: Vec<NetworkSettings>,
    /// `coin` (default) or `stock`.
    #[serde(default = "default_kind")]
    pub kind: String,
}

fn default_kind() -> String {
    "coin".into()
}

#[derive(Debug, Clone, Deserialize)]
pub struct NetworkSettings {
    pub name: String,
    /// The platform's deposit address on this network (admins can change it);
    /// without one the network gets a demo address (see `addresses`).
    #[serde(default)]
    pub address: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WalletSettings {
    pub conversion_fee_rate: Decimal,
    pub lv1_daily_btc: Decimal,
    pub lv1_fiat_per_order_usdt: Decimal,
    pub lv2_daily_btc: Decimal,
    pub lv2_fiat_per_order_usdt: Decimal,
    #[serde(default)]
    pub demo_funds: Vec<DemoFunds>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DemoFunds {
    pub currency: i64,
    pub amount: Decimal,
}

impl Settings {
    /// The configured coin with this id.
    /// Whether `GET /api/dev/outbox` answers: only when it is on *and* the server
    /// listens on a loopback address, so a demo that is reachable from a network
    /// never hands a stranger the code that resets someone's password.
    pub fn outbox_served(&self) -> bool {
        self.dev.outbox && is_loopback(&self.server.host)
    }

    pub fn currency(&self, id: i64) -> Option<&CurrencySettings> {
        self.currencies.iter().find(|c| c.id == id)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    pub host: String,
    /// 0 asks the system for a free port; the bound one is printed.
    pub port: u16,
    /// The built H5 app, served under `/h5/`.
    pub web_dist: PathBuf,
    /// How long a connection may take to send its request's head before it
    /// is answered 408 and closed (actix's default is 5 s).
    #[serde(default = "head_timeout_ms")]
    pub head_timeout_ms: u64,
    /// Threads that accept and answer HTTP requests; 0, the default, one per
    /// core. Set above the core count to reproduce a many-core server's
    /// behaviour on a small machine.
    #[serde(default)]
    pub workers: usize,
}

/// 20 s: long enough for a phone on a poor link, or a crowd of phones
/// connecting at once to a busy server, which at 5 s was answered 408 while
/// stock was left (a drop of 1,000 presses on two cores); short enough that a
/// client holding connections open with no request gains little.
fn head_timeout_ms() -> u64 {
    20_000
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// `sqlite://path?mode=rwc` (default) or `postgres://…`.
    pub url: String,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub token_ttl_hours: i64,
    /// When above 0, the token lifetime in seconds instead of hours (tests of
    /// a socket outliving its token use a few seconds).
    #[serde(default)]
    pub token_ttl_seconds: i64,
}

impl AuthSettings {
    /// A new token's lifetime in milliseconds.
    pub fn token_ttl_ms(&self) -> i64 {
        if self.token_ttl_seconds > 0 {
            self.token_ttl_seconds * 1000
        } else {
            self.token_ttl_hours * 3_600_000
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct CodeSettings {
    pub ttl_seconds: i64,
    pub max_attempts: i64,
    /// Minimum gap between two codes sent to one address.
    pub resend_seconds: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LimitSettings {
    pub login_failures_per_account: usize,
    pub login_failure_window_seconds: i64,
    pub login_per_ip_per_minute: usize,
    pub codes_per_ip_per_minute: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct UploadSettings {
    pub dir: PathBuf,
    pub max_bytes: usize,
}

/// SMTP delivery of codes; an empty host means codes are only logged (and kept in
/// the dev outbox when that is on).
#[derive(Debug, Clone, Deserialize, Default)]
pub struct SmtpSettings {
    #[serde(default)]
    pub host: String,
    #[serde(default = "default_smtp_port")]
    pub port: u16,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default = "default_from")]
    pub from: String,
}

fn default_smtp_port() -> u16 {
    25
}

fn default_from() -> String {
    "Bourse <no-reply@bourse.local>".into()
}

/// A host that only this machine can reach: `localhost`, 127.0.0.0/8 or `::1`.
pub fn is_loopback(host: &str) -> bool {
    let h = host.trim().trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost")
        || h.parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct DevSettings {
    /// Keeps sent codes readable at `GET /api/dev/outbox`. Never on in production.
    #[serde(default)]
    pub outbox: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    /// Seeds site content and the demo user into an empty database.
    pub seed: bool,
    pub content: PathBuf,
    pub user_email: String,
    pub user_password: String,
    /// Demo trader accounts placing real orders (0: none; see `demo_traders`).
    #[serde(default)]
    pub traders: u32,
    /// Demo lead traders for copy trading: bots that open and close real
    /// contract positions (0: none; see `copy::demo`).
    #[serde(default)]
    pub lead_traders: u32,
    /// One demo order every this many milliseconds, across all traders.
    #[serde(default = "default_trader_every_ms")]
    pub trader_every_ms: u64,
    /// Seeds the demo bots' draws (which trader, which market, which side),
    /// so a run can be replayed; left out, each start draws afresh.
    #[serde(default)]
    pub random_seed: Option<u64>,
}

impl DemoSettings {
    /// The generator of one demo bot's draws: from `random_seed` (apart per
    /// bot by `salt`) when set, from the system's entropy otherwise.
    pub fn rng(&self, salt: u64) -> std::sync::Arc<std::sync::Mutex<rand::rngs::StdRng>> {
        use rand::SeedableRng;
        let rng = match self.random_seed {
            Some(seed) => rand::rngs::StdRng::seed_from_u64(seed ^ salt),
            None => rand::rngs::StdRng::from_entropy(),
        };
        std::sync::Arc::new(std::sync::Mutex::new(rng))
    }
}

fn default_trader_every_ms() -> u64 {
    2000
}

#[derive(Debug, Clone, Deserialize)]
pub struct SiteSettings {
    pub version: String,
    pub h5_version: i64,
    pub default_lang: String,
    pub default_fiat: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct FiatRate {
    pub code: String,
    pub symbol: String,
    /// Units of this fiat per one US dollar, as a decimal string.
    pub rate: String,
}

/// Why settings could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {0}: {1}")]
    Read(PathBuf, std::io::Error),
    #[error("cannot parse {0}: {1}")]
    Parse(PathBuf, toml::de::Error),
    #[error("invalid settings: {0}")]
    Invalid(toml::de::Error),
}

impl Settings {
    /// Loads the layered settings from `dir` (normally `config/`) and the environment.
    pub fn load(dir: &Path) -> Result<Settings, ConfigError> {
        let vars: Vec<(String, String)> = std::env::vars().collect();
        Self::load_with(dir, &vars)
    }

    /// Same as [`Settings::load`] with explicit environment variables, for tests.
    pub fn load_with(dir: &Path, vars: &[(String, String)]) -> Result<Settings, ConfigError> {
        let mut merged = read_toml(&dir.join("default.toml"))?;
        if let Some((_, env)) = vars.iter().find(|(k, _)| k == "BOURSE_ENV") {
            let file = dir.join(format!("{env}.toml"));
            if file.exists() {
                merge(&mut merged, read_toml(&file)?);
            }
        }
        // One more file, named outright: for what variables cannot say (lists
        // such as `microtrade.durations`), e.g. a test run's own settings.
        if let Some((_, file)) = vars.iter().find(|(k, _)| k == "BOURSE_CONFIG") {
            merge(&mut merged, read_toml(Path::new(file))?);
        }
        for (key, value) in vars {
            if let Some(path) = key.strip_prefix("BOURSE__") {
                let parts: Vec<String> = path.split("__").map(|p| p.to_lowercase()).collect();
                set_path(&mut merged, &parts, parse_env_value(value));
            }
        }
        merged.try_into().map_err(ConfigError::Invalid)
    }
}

fn read_toml(path: &Path) -> Result<Value, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read(path.into(), e))?;
    toml::from_str(&text).map_err(|e| ConfigError::Parse(path.into(), e))
}

/// Deep-merges `over` into `base`: tables merge key by key, anything else replaces.
fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Table(b), Value::Table(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, o) => *b = o,
    }
}

fn set_path(root: &mut Value, parts: &[String], value: Value) {
    let Some((last, parents)) = parts.split_last() else {
        return;
    };
    let mut node = root;
    for p in parents {
        let Value::Table(t) = node else { return };
        node = t
            .entry(p.clone())
            .or_insert_with(|| Value::Table(Default::default()));
    }
    if let Value::Table(t) = node {
        t.insert(last.clone(), value);
    }
}

/// Environment values are strings; numbers and booleans are recognised so that
/// `BOURSE__SERVER__PORT=0` sets an integer.
fn parse_env_value(raw: &str) -> Value {
    if let Ok(i) = raw.parse::<i64>() {
        return Value::Integer(i);
    }
    match raw {
        "true" => Value::Boolean(true),
        "false" => Value::Boolean(false),
        _ => Value::String(raw.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_files_and_numbers_stay_numbers() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let vars = vec![
            ("BOURSE__SERVER__PORT".to_string(), "0".to_string()),
            ("BOURSE__DEV__OUTBOX".to_string(), "false".to_string()),
        ];
        let s = Settings::load_with(&dir, &vars).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.server.port, 0);
        assert!(!s.dev.outbox);
    }

    #[test]
    fn the_default_file_alone_is_a_complete_configuration() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let s = Settings::load_with(&dir, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.fiat.len(), 11);
        assert!(s.dev.outbox, "the embedded demo keeps an outbox");
        assert!(s.outbox_served(), "on its loopback address");
    }

    #[test]
    fn a_named_file_sets_what_variables_cannot() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let file =
            std::env::temp_dir().join(format!("bourse-{}.toml", crate::security::random_name()));
        let text = "[microtrade]\ndurations = [{ seconds = 10, profit_ratio = \"0.8\", min_amount = \"10\", max_amount = \"100\" }]\n";
        std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
        let vars = vec![
            ("BOURSE_CONFIG".to_string(), file.display().to_string()),
            ("BOURSE__SERVER__PORT".to_string(), "0".to_string()),
        ];
        let s = Settings::load_with(&dir, &vars).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.microtrade.durations.len(), 1);
        assert_eq!(s.microtrade.durations[0].seconds, 10);
        assert_eq!(s.server.port, 0);
        let missing = vec![(
            "BOURSE_CONFIG".to_string(),
            "/no/such/file.toml".to_string(),
        )];
        assert!(
            Settings::load_with(&dir, &missing).is_err(),
            "a named file must exist"
        );
        let _ = std::fs::remove_file(file);
    }

    #[test]
    fn the_outbox_is_served_only_on_a_loopback_address() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        for (host, served) in [
            ("127.0.0.1", true),
            ("127.8.0.1", true),
            ("localhost", true),
            ("::1", true),
            ("[::1]", true),
            ("0.0.0.0", false),
            ("::", false),
            ("192.168.1.20", false),
            ("bourse.example.com", false),
        ] {
            let vars = vec![("BOURSE__SERVER__HOST".to_string(), host.to_string())];
            let s = Settings::load_with(&dir, &vars).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(s.outbox_served(), served, "{host}");
        }
    }
}
