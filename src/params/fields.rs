//! The field types of typed requests: each carries its own validation, its
//! schema and the message key a bad or missing value answers, so a field reads
//! the same in every route that has it.

use super::FIELD_KEY;
use rust_decimal::Decimal;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::json;
use utoipa::openapi::schema::{KnownFormat, Object, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// A value read as an optional string: `None` when the field is absent.
pub(super) fn text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Option::<String>::deserialize(d)
}

/// A positive decimal written plainly (digits and at most one point), what
/// `money::parse_plain` accepts and is above zero.
pub const POSITIVE_DECIMAL: &str = r"^([0-9]*\.?[0-9]*[1-9][0-9]*|[0-9]*[1-9][0-9]*\.?[0-9]*)$";

fn decimal_schema(description: &str, pattern: &str) -> RefOr<Schema> {
    Object::builder()
        .schema_type(Type::String)
        .pattern(Some(pattern))
        .max_length(Some(40))
        .description(Some(description))
        .into()
}

/// Above zero and no finer than the ledger keeps (10^-8): a finer value would
/// be rounded somewhere downstream, so it is refused here instead.
fn positive_decimal(raw: Option<String>) -> Option<Decimal> {
    raw.as_deref()
        .and_then(actors::money::parse_plain)
        .filter(|d| *d > Decimal::ZERO && d.normalize().scale() <= actors::money::SCALE)
}

/// Field types that hold a positive plain decimal, missing or bad answering
/// their own key.
macro_rules! decimal_field {
    ($( $(#[$doc:meta])* $name:ident, $key:literal, $description:literal; )*) => { $(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub struct $name(pub Decimal);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                positive_decimal(text(d)?).map($name).ok_or_else(|| D::Error::custom($key))
            }
        }
        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                decimal_schema($description, POSITIVE_DECIMAL)
            }
        }
        impl ToSchema for $name {}
    )* };
}

decimal_field! {
    /// An amount of a coin; its precision is checked against the coin's.
    Amount, "err_amount_invalid", "A positive decimal string, at most the coin's decimals";
    /// A limit price; the market checks its tick.
    Price, "err_price_required", "A positive decimal string, a multiple of the market's tick";
    /// A follow's multiple of the leader's lots, or its fixed lots.
    FollowAmount, "err_follow_amount", "A positive decimal string: the multiple (mode 1) or the lots, at most two decimals (mode 2)";
    /// The most margin a follow's open copies may hold.
    MaxMargin, "err_follow_margin", "A positive decimal string in the contracts' coin";
    /// An NFT price, opening bid, bid or deposit.
    NftPrice, "err_nft_price", "A positive decimal string in the item's coin";
    /// An auction's least increase per bid.
    NftStep, "err_nft_step", "A positive decimal string in the item's coin";
}

/// An optional positive decimal where `0` (or nothing) means none: a copy's
/// take-profit or stop-loss ratio, a follow's stop.
#[derive(Debug, Clone, Copy)]
pub struct Ratio(pub Option<Decimal>);

impl<'de> Deserialize<'de> for Ratio {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match text(d)? {
            None => Ok(Ratio(None)),
            Some(z) if z.trim().is_empty() || z == "0" => Ok(Ratio(None)),
            raw => positive_decimal(raw)
                .map(|p| Ratio(Some(p)))
                .ok_or_else(|| D::Error::custom("err_follow_ratio")),
        }
    }
}
impl PartialSchema for Ratio {
    fn schema() -> RefOr<Schema> {
        decimal_schema(
            "A positive decimal string, or 0 for none",
            &format!("^0$|{POSITIVE_DECIMAL}"),
        )
    }
}
impl ToSchema for Ratio {}

/// A take-profit or stop-loss price: `0` clears it.
#[derive(Debug, Clone, Copy)]
pub struct StopPrice(pub Option<Decimal>);

impl<'de> Deserialize<'de> for StopPrice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match text(d)? {
            Some(z) if z == "0" => Ok(StopPrice(None)),
            raw => positive_decimal(raw)
                .map(|p| StopPrice(Some(p)))
                .ok_or_else(|| D::Error::custom("err_tp_sl")),
        }
    }
}
impl PartialSchema for StopPrice {
    fn schema() -> RefOr<Schema> {
        decimal_schema(
            "A positive decimal string, or 0 for none",
            &format!("^0$|{POSITIVE_DECIMAL}"),
        )
    }
}
impl ToSchema for StopPrice {}

/// Field types that hold a positive integer.
macro_rules! positive_field {
    ($( $(#[$doc:meta])* $name:ident, $key:literal, $description:literal; )*) => { $(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub struct $name(pub i64);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                text(d)?
                    .and_then(|v| v.parse::<i64>().ok())
                    .filter(|n| *n > 0)
                    .map($name)
                    .ok_or_else(|| D::Error::custom($key))
            }
        }
        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                Object::builder()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                    .minimum(Some(1))
                    .description(Some($description))
                    .into()
            }
        }
        impl ToSchema for $name {}
    )* };
}

positive_field! {
    /// A row's id.
    Id, "err_id_invalid", "A positive id";
    /// A market's id.
    MarketId, "err_market_invalid", "A market's id";
    /// An option's duration in seconds (one of `microtrade/seconds`).
    Seconds, "err_seconds", "One of the durations microtrade/seconds lists";
    /// Contract lots.
    Share, "err_share_range", "Lots, within the market's min_share and max_share";
    /// Contract leverage.
    Multiple, "err_multiple", "One of the market's multiples";
    /// A page number or a page size (at most 100 rows are answered).
    Page, "err_page", "A page number from 1, or a page size (at most 100)";
    /// A term in whole days.
    Days, "err_lock_terms", "Whole days, from 1";
    /// A token sale's lock or cycle in whole days, or its number of releases.
    SaleDays, "err_ieo_cycles", "A whole number, from 1";
    /// Whole shares of a product.
    WholeShares, "err_dual_shares", "Whole shares, from 1";
}

/// A yes/no field: `1` yes, `0` no; anything else (`true`, `yes`, `2`) is
/// refused rather than read as no.
#[derive(Debug, Clone, Copy)]
pub struct Flag(pub bool);

impl Flag {
    /// Whether an optional flag is set (absent is no).
    pub fn on(flag: Option<Flag>) -> bool {
        flag.is_some_and(|f| f.0)
    }
}

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match text(d)?.as_deref() {
            Some("1") => Ok(Flag(true)),
            Some("0") => Ok(Flag(false)),
            _ => Err(D::Error::custom(FIELD_KEY)),
        }
    }
}
impl PartialSchema for Flag {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::String)
            .enum_values(Some(["0", "1"]))
            .description(Some("1 yes, 0 no"))
            .into()
    }
}
impl ToSchema for Flag {}

/// Whole seconds of a market's index path, from 1 to the
/// [`KEEP_SECONDS`](actors::market::history::KEEP_SECONDS) the market keeps.
#[derive(Debug, Clone, Copy)]
pub struct HistorySeconds(pub i64);

impl<'de> Deserialize<'de> for HistorySeconds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use actors::market::history::KEEP_SECONDS;
        text(d)?
            .and_then(|v| v.parse::<i64>().ok())
            .filter(|n| (1..=KEEP_SECONDS).contains(n))
            .map(HistorySeconds)
            .ok_or_else(|| D::Error::custom("err_history_seconds"))
    }
}
impl PartialSchema for HistorySeconds {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(1))
            .maximum(Some(actors::market::history::KEEP_SECONDS))
            .description(Some(format!(
                "Whole seconds back from now, from 1 to {}",
                actors::market::history::KEEP_SECONDS
            )))
            .into()
    }
}
impl ToSchema for HistorySeconds {}

/// A coin by its id or its symbol; which coins exist is the configuration's.
#[derive(Debug, Clone)]
pub struct Coin(pub String);

impl<'de> Deserialize<'de> for Coin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d)?
            .map(Coin)
            .ok_or_else(|| D::Error::custom("err_currency_invalid"))
    }
}
impl PartialSchema for Coin {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::String)
            .pattern(Some("^([1-9][0-9]{0,9}|[A-Za-z][A-Za-z0-9]{0,19})$"))
            .description(Some(
                "A coin's id or symbol, as currency/user_currency_list lists them",
            ))
            .into()
    }
}
impl ToSchema for Coin {}

/// Field types that take one of a few codes, each also spelled by a name the
/// app family sends; the document lists both.
macro_rules! code_field {
    ($( $(#[$doc:meta])* $name:ident, $key:literal, $description:literal { $( $variant:ident = $code:literal $(| $alias:literal)*, )* } )*) => { $(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $( $variant, )* }

        impl $name {
            pub fn code(self) -> i64 {
                match self { $( $name::$variant => $code, )* }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let raw = text(d)?;
                match raw.as_deref() {
                    $( Some(stringify!($code)) $(| Some($alias))* => Ok($name::$variant), )*
                    _ => Err(D::Error::custom($key)),
                }
            }
        }
        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                #[allow(unused_mut)]
                let mut values: Vec<serde_json::Value> = vec![$( json!($code), )*];
                $( $( values.push(json!($alias)); )* )*
                let kind = if values.iter().all(serde_json::Value::is_i64) {
                    SchemaType::Type(Type::Integer)
                } else {
                    SchemaType::AnyValue
                };
                Object::builder()
                    .schema_type(kind)
                    .enum_values(Some(values))
                    .description(Some($description))
                    .into()
            }
        }
        impl ToSchema for $name {}
    )* };
}

code_field! {
    /// The side of a spot order.
    Side, "err_side_invalid", "1 buy, 2 sell" {
        Buy = 1 | "buy",
        Sell = 2 | "sell",
    }
    /// A contract's or an option's direction.
    Direction, "err_direction", "1 long (rise), 2 short (fall)" {
        Up = 1,
        Down = 2,
    }
    /// Where a withdrawal goes.
    Payout, "err_type_invalid", "0 a saved address, 1 the bank card, 2 the international card" {
        Address = 0,
        BankCard = 1,
        InternationalCard = 2,
    }
    /// Which positions a batch close closes.
    Positions, "err_type_invalid", "0 all, 1 longs, 2 shorts" {
        All = 0,
        Longs = 1,
        Shorts = 2,
    }
    /// How a contract opens.
    OpenAt, "err_type_invalid", "1 at the market, 0 at the limit target_price" {
        Market = 1,
        Limit = 0,
    }
    /// How a spot order is priced.
    OrderType, "err_type_invalid", "limit (the default, at target_price) or market (amount is what is spent on a buy, sold on a sell)" {
        Limit = 0 | "limit",
        Market = 1 | "market",
    }
    /// One of the caller's asset accounts.
    Account, "err_account_field", "1 legal, 2 change (spot), 3 lever, 4 micro (options), 6 mining (lock-up principal), 12 launchpad (locked sale tokens), 13 dual (invested), 8 nft_escrow (auction deposits)" {
        Legal = 1 | "legal",
        Change = 2 | "change",
        Lever = 3 | "lever",
        Micro = 4 | "micro",
        Mining = 6 | "mining",
        Launchpad = 12 | "launchpad",
        Dual = 13 | "dual",
        NftEscrow = 8 | "nft_escrow",
    }
    /// An NFT's media type (box: a blind-box series).
    NftKind, "err_type_invalid", "image, gif, audio, video, or box (blind-box series)" {
        Image = 0 | "image",
        Gif = 1 | "gif",
        Audio = 2 | "audio",
        Video = 3 | "video",
        Box = 4 | "box",
    }
    /// How an NFT is sold.
    SaleMode, "err_type_invalid", "normal (fixed price, 0) or auction (1)" {
        Normal = 0 | "normal",
        Auction = 1 | "auction",
    }
    /// An NFT's rarity.
    Rarity, "err_type_invalid", "common (0), rare (1), epic (2), legendary (3)" {
        Common = 0 | "common",
        Rare = 1 | "rare",
        Epic = 2 | "epic",
        Legendary = 3 | "legendary",
    }
}

/// A page of rows.
#[derive(Deserialize, ToSchema)]
pub struct PageParams {
    pub page: Option<Page>,
    pub limit: Option<Page>,
}

/// One row, by id.
#[derive(Deserialize, ToSchema)]
pub struct IdParams {
    pub id: Id,
}

/// A K-line period, one of `PERIODS` by name.
#[derive(Debug, Clone, Copy)]
pub struct KlinePeriod(pub actors::market::kline::Period);

impl<'de> Deserialize<'de> for KlinePeriod {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d)?
            .as_deref()
            .and_then(actors::market::kline::Period::parse)
            .map(KlinePeriod)
            .ok_or_else(|| D::Error::custom(FIELD_KEY))
    }
}
impl PartialSchema for KlinePeriod {
    fn schema() -> RefOr<Schema> {
        Object::builder()
            .schema_type(Type::String)
            .enum_values(Some(
                actors::market::kline::PERIODS.iter().map(|p| p.name()),
            ))
            .into()
    }
}
impl ToSchema for KlinePeriod {}
