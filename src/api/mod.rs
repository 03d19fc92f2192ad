//! The HTTP API under `/api` and `/admin/api`. One table lists every route with its
//! method, whether it needs a login and a summary; the same table registers the
//! handlers and generates the OpenAPI document, so the two cannot drift.

pub mod account;
pub mod admin;
pub mod copy;
pub mod derivatives;
pub mod devices;
pub mod doc;
pub mod dual;
pub mod earn;
pub mod identity;
pub mod inputs;
pub mod launch;
pub mod market;
pub mod nft;
pub mod nft_admin;
pub mod profile;
pub mod site;
pub mod upload;
pub mod wallet;

use crate::params::{IdParams, NoParams, PageParams, Paged};
use actix_web::{web, HttpResponse};
use serde::Serialize;
use serde_json::{json, Value};

/// The success envelope.
pub fn ok<T: Serialize>(message: T) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "type": "ok", "message": message }))
}

/// The schemas a route's types add to the document's components.
pub type Schemas = Vec<(
    String,
    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
)>;

/// One documented route: the route table's row, with its request and answer
/// types as the document shows them.
pub struct RouteDoc {
    pub method: &'static str,
    pub path: &'static str,
    pub auth: &'static str,
    pub summary: &'static str,
    /// The parameters' schema (an object), `None` while the route is untyped.
    pub params: fn(&mut Schemas) -> Option<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    /// The answer's schema, `None` while the route is untyped.
    pub answer: fn(&mut Schemas) -> Option<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    /// Whether the answer comes in the `{type, message}` envelope.
    pub enveloped: fn() -> bool,
}

impl RouteDoc {
    /// Whether the route's parameters are typed.
    pub fn typed(&self) -> bool {
        (self.params)(&mut Vec::new()).is_some()
    }
}

/// `T`'s schema (and those it refers to, into `schemas`); `None` for the
/// untyped markers.
fn schema_of<T: utoipa::ToSchema>(
    schemas: &mut Schemas,
) -> Option<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>> {
    let name = T::name();
    if name == "Untyped" || name == "Any" {
        return None;
    }
    T::schemas(schemas);
    Some(T::schema())
}

/// The HTTP method a route table row names.
fn method_of(name: &str) -> actix_web::http::Method {
    use actix_web::http::Method;
    match name {
        "post" => Method::POST,
        "put" => Method::PUT,
        "delete" => Method::DELETE,
        _ => Method::GET,
    }
}

/// `$t` when the row names it, else `$d`.
macro_rules! or_default {
    ($t:ty; $d:ty) => {
        $t
    };
    (; $d:ty) => {
        $d
    };
}

/// The route tables: method, path, handler, optionally `[Params => Answer]`
/// (the handler must take `Form<Params>` and answer `Reply<Answer>` or
/// `Json<Answer>`, which is checked at compile time), access and summary.
macro_rules! routes {
    ($name:ident, $configure:ident; $( $method:ident $path:literal => $handler:path $([$p:ty => $r:ty])?, $auth:literal, $summary:literal; )*) => {
        pub fn $configure(cfg: &mut web::ServiceConfig) {
            $( cfg.service(
                web::resource($path)
                    .guard(actix_web::guard::Method(method_of(stringify!($method))))
                    .wrap_fn(crate::app::catch_panics)
                    .route(web::$method().to($handler)),
            ); )*
        }
        pub const $name: &[RouteDoc] = &[
            $( RouteDoc {
                method: stringify!($method),
                path: $path,
                auth: $auth,
                summary: $summary,
                params: schema_of::<or_default!($($p)?; crate::params::Untyped)>,
                answer: schema_of::<or_default!($($r)?; crate::params::Any)>,
                enveloped: || crate::params::enveloped::<
                    _, _,
                    or_default!($($p)?; crate::params::Untyped),
                    or_default!($($r)?; crate::params::Any),
                >(&$handler),
            }, )*
        ];
    };
}

routes! { API_ROUTES, configure;
    get "/getSiteConfig" => site::site_config [NoParams => site::SiteConfig], "visitor", "Site name, logo, support link, languages, fiat default";
    get "/getSetting" => site::get_setting [site::SettingParams => String], "visitor", "One site setting by keyword";
    post "/news/list" => site::news_list [site::NewsParams => Paged<site::ArticleSummary>], "visitor", "Notices (c_id 4) or banners (c_id 5), paged, in the request language";
    post "/news/detail" => site::news_detail [IdParams => site::Article], "visitor", "One article";
    get "/news/index_pop" => site::index_pop [NoParams => Option<site::Pop>], "visitor", "The pop-up notice or null";
    get "/menu" => site::menu [NoParams => Vec<site::MenuItem>], "visitor", "Home quick-entry grid with enabled flags";
    get "/faq" => site::faq [NoParams => Vec<site::Faq>], "visitor", "Frequently asked questions";
    get "/aboutus" => site::aboutus [NoParams => site::TextPage], "visitor", "About page";
    get "/contactus" => site::contactus [NoParams => site::TextPage], "visitor", "Contact page";
    get "/invitenews" => site::invitenews [NoParams => site::TextPage], "visitor", "Invite programme rules";
    get "/operational_compliance" => site::compliance [NoParams => site::TextPage], "visitor", "Compliance and risk disclosure";
    get "/whitepaper" => site::whitepaper [NoParams => site::TextPage], "visitor", "White paper";
    get "/wallet/getRateCurrency" => site::rate_currency [NoParams => Vec<site::FiatRate>], "visitor", "Fiat currencies and their USD rates";
    post "/sms_mail" => account::sms_mail [account::EmailParams => String], "visitor", "Send a 6-digit code to an e-mail";
    post "/sms_send" => account::sms_send [account::SmsParams => String], "visitor", "Send a 6-digit code to a mobile number";
    post "/user/check_email" => account::check_email [account::EmailParams => account::Registered], "visitor", "Whether an e-mail is registered";
    post "/user/register" => account::register [account::RegisterParams => String], "visitor", "Register by e-mail or mobile with a code";
    post "/user/login" => account::login [account::LoginParams => String], "visitor", "Log in; the message is the token";
    get "/user/logout" => account::logout [NoParams => String], "user", "Revoke the token";
    post "/user/forget" => account::forget [account::ForgetParams => String], "visitor", "Reset a forgotten password with a code";
    get "/dev/outbox" => account::dev_outbox [account::OutboxParams => Vec<account::SentCode>], "visitor", "Codes sent (dev.outbox only)";
    get "/user/info" => profile::info [NoParams => profile::Profile], "user", "The caller's profile";
    post "/user/editNickname" => profile::edit_nickname [profile::NicknameParams => profile::Profile], "user", "Change nickname (2-10) and/or signature (2-30)";
    post "/user/uploadHeadPortrait" => profile::head_portrait [profile::HeadPortraitParams => profile::Profile], "user", "Set the avatar to an uploaded image";
    post "/safe/update_password" => profile::update_password [profile::PasswordParams => String], "user", "Change the login (type=login) or payment (type=pay) password with a code";
    get "/safe/sessions" => devices::list [NoParams => Vec<crate::devices::SessionView>], "user", "The caller's live sessions (browser, system, coarse address, created, last seen, current), most recently used first";
    post "/safe/sessions/end" => devices::end_one [IdParams => devices::Ended], "user", "End one of the caller's sessions (id): its token is revoked and its sockets get session_ended and close";
    post "/safe/sessions/end_others" => devices::end_others [devices::EndOthersParams => devices::Ended], "user", "Log out of every other device (all 1: this one too): their tokens are revoked and their sockets closed";
    post "/safe/mobile" => profile::bind_mobile [profile::MobileParams => profile::Profile], "user", "Bind a mobile number with a code";
    post "/safe/email" => profile::bind_email [profile::BindEmailParams => profile::Profile], "user", "Bind an e-mail with a code";
    post "/user/my_invite_list" => profile::invite_list [PageParams => Paged<profile::Invitee>], "user", "Users invited by the caller, paged";
    post "/user/my_profit_list" => profile::profit_list [PageParams => Paged<profile::Rebate>], "user", "Rebates earned by the caller, paged";
    post "/feedback/list" => profile::notifications [profile::NotificationsParams => Paged<profile::Notification>], "user", "Notifications, paged, filter is_red 0 unread / 1 read";
    post "/feedback/read" => profile::mark_read [profile::MarkReadParams => profile::Unread], "user", "Mark one (id) or all notifications read";
    post "/upload" => upload::upload [crate::params::Upload => String], "user", "Upload an image (multipart field file); the message is its address";
    get "/currency/user_currency_list" => wallet::currencies [NoParams => Vec<wallet::CoinInfo>], "visitor", "Coins with networks, withdrawal minimum and fee";
    post "/wallet/list" => wallet::list [NoParams => wallet::Wallet], "user", "Every account's balances valued in USDT";
    post "/wallet/detail" => wallet::detail [wallet::DetailParams => wallet::CoinBalance], "user", "One coin's balance in one account";
    post "/wallet/legal_log" => wallet::records [wallet::RecordsParams => Paged<wallet::Record>], "user", "Ledger records, paged, filter currency and account";
    post "/wallet/get_in_address" => wallet::in_address [wallet::AddressParams => wallet::DepositAddress], "user", "The platform's deposit address for a coin and network";
    post "/wallet/charge_req" => wallet::charge_req [wallet::DepositParams => wallet::Submitted], "user", "Request a deposit credit with a payment voucher";
    get "/recharge/log" => wallet::deposit_log [PageParams => Paged<wallet::Deposit>], "user", "Deposit requests, paged";
    post "/wallet/out" => wallet::withdraw [wallet::WithdrawParams => wallet::Submitted], "user", "Request a withdrawal (type 0 address, 1 bank card, 2 international card)";
    get "/user/withdraw/list" => wallet::withdraw_log [PageParams => Paged<wallet::Withdrawal>], "user", "Withdrawal requests, paged";
    post "/user/withdraw/cancel" => wallet::withdraw_cancel [IdParams => String], "user", "Cancel one's own pending withdrawal";
    post "/wallet/change" => wallet::change [wallet::ChangeParams => String], "user", "Transfer between one's accounts (from_field, to_field)";
    get "/wallet/hzhistory" => wallet::transfer_history [PageParams => Paged<wallet::Transfer>], "user", "Account transfers, paged";
    post "/user/getTransferList" => wallet::conversion_list [NoParams => wallet::Conversions], "user", "Coins that convert, and the fee rate";
    post "/user/getTransferFee" => wallet::conversion_fee [wallet::ConvertParams => wallet::Quote], "user", "Quote a conversion: fee and amount received";
    post "/user/Transfer" => wallet::convert [wallet::ConvertParams => wallet::Quote], "user", "Convert one coin to another on the spot account";
    get "/real/state" => identity::real_state [NoParams => identity::RealState], "user", "Verification state of both levels";
    post "/user/real" => identity::submit_real [identity::RealParams => String], "user", "Submit level 1 or 2 verification";
    post "/user/wallet/save" => identity::wallet_save [identity::WalletSaveParams => identity::Saved], "user", "Save a withdrawal address";
    get "/user/wallet/list" => identity::wallet_list [identity::WalletListParams => Vec<identity::SavedAddress>], "user", "Saved withdrawal addresses";
    post "/user/wallet/del" => identity::wallet_delete [IdParams => String], "user", "Delete a saved address";
    post "/user/cash_save" => identity::cash_save [identity::CardParams => identity::Card], "user", "Save the domestic bank card";
    post "/user/cash_save_international" => identity::cash_save_international [identity::CardParams => identity::Card], "user", "Save the international bank card";
    post "/user/cash_info" => identity::cash_info [NoParams => Option<identity::Card>], "user", "The domestic bank card or null";
    post "/user/cash_info_international" => identity::cash_info_international [NoParams => Option<identity::Card>], "user", "The international bank card or null";
    get "/currency/quotation_new" => market::quotes::quotation [NoParams => Vec<market::quotes::QuoteGroup>], "visitor", "Every market's ticker, grouped by quote coin";
    get "/currency/list" => market::quotes::market_list [NoParams => Vec<market::Quotation>], "visitor", "Every market's ticker";
    get "/currency/new_timeshar" => market::quotes::timeshar [market::quotes::KlineParams => market::quotes::Bars], "visitor", "K-lines: symbol, period, from, to (unix s); answers {code, msg, data}";
    get "/currency/trades" => market::quotes::trades [market::quotes::TradesParams => Vec<market::Trade>], "visitor", "A market's latest trades (symbol, limit up to 100), newest first, as the market_trade event shows them";
    get "/currency/index_history" => market::quotes::index_history [market::quotes::IndexHistoryParams => market::quotes::IndexHistory], "visitor", "A market's index over the last seconds (match_id or symbol, seconds up to 600), one point a second, as the daymarket ticker reported it";
    post "/optional/add" => market::favourites::favourite_add [inputs::MarketParams => String], "user", "Add a market to favourites (match_id)";
    post "/optional/del" => market::favourites::favourite_del [inputs::MarketParams => String], "user", "Remove a favourite market";
    get "/optional/list" => market::favourites::favourite_list [NoParams => Vec<market::Quotation>], "user", "Favourite markets with tickers";
    post "/coin/trade" => market::orders::trade [market::orders::TradeParams => market::Order], "user", "Place an order: type 1 buy / 2 sell, limit with target_price or order_type=market by amount";
    put "/coin/trade" => market::orders::cancel [IdParams => market::Order], "user", "Cancel one's own open order (id)";
    get "/coin/list" => market::orders::orders [market::orders::OrdersParams => Paged<market::Order>], "user", "One's orders: type current (open) or all, paged";
    post "/lever/deal" => derivatives::deal [inputs::MarketParams => derivatives::Deal], "visitor", "Contract terms of a market and the caller's lever balance";
    post "/lever/submit" => derivatives::contracts::submit [derivatives::contracts::SubmitParams => derivatives::contracts::Contract], "user", "Open a contract: type 1 long / 2 short, status 1 market / 0 limit, share, multiple";
    post "/lever/close" => derivatives::contracts::close [IdParams => derivatives::contracts::Closed], "user", "Close one's position at the mark";
    post "/lever/cancel" => derivatives::contracts::cancel [IdParams => derivatives::contracts::Cancelled], "user", "Cancel one's pending limit contract order";
    post "/lever/batch_close" => derivatives::contracts::batch_close [derivatives::contracts::BatchCloseParams => derivatives::contracts::Closed], "user", "Close all (type 0), longs (1) or shorts (2)";
    post "/lever/setstop" => derivatives::contracts::set_stop [derivatives::contracts::StopParams => derivatives::contracts::StopSet], "user", "Set take-profit and stop-loss prices of a position";
    post "/lever/my_trade" => derivatives::contracts::my_trade [derivatives::contracts::MyTradeParams => Paged<derivatives::contracts::Contract>], "user", "Contract orders: status 0 pending, 1 holding, 3 history; paged";
    post "/lever/dealall" => derivatives::contracts::dealall [NoParams => derivatives::contracts::Holding], "user", "Every holding position with live profit and totals";
    get "/microtrade/payable_currencies" => derivatives::options::payable [NoParams => Vec<derivatives::options::Payable>], "visitor", "The coin stakes are paid in and the caller's options balance";
    get "/microtrade/seconds" => derivatives::options::seconds [NoParams => Vec<derivatives::options::OptionTerms>], "visitor", "Option durations: seconds, profit_ratio, min_amount, max_amount";
    post "/microtrade/submit" => derivatives::options::micro_submit [derivatives::options::MicroParams => derivatives::options::MicroOrder], "user", "Buy a seconds option: match_id, type 1 rise / 2 fall, seconds, number";
    get "/microtrade/lists" => derivatives::options::micro_lists [derivatives::options::MicroListParams => Paged<derivatives::options::MicroOrder>], "user", "Options: type 1 holding / 2 history, paged (limit 5)";
    get "/microtrade/get_result" => derivatives::options::micro_result [IdParams => derivatives::options::MicroOrder], "user", "One option with both recorded prices";
    get "/follow/index" => copy::index [copy::ListParams => Paged<crate::copy::views::TraderCard>], "visitor", "Lead traders with their figures (as last computed, hourly): sort return|profit|accuracy|followers, room 1 for those open to another follower";
    get "/follow/traderDetail" => copy::trader_detail [copy::TraderParams => crate::copy::views::TraderDetail], "visitor", "A trader's figures computed now, daily profit and return curve, copy quality, and the caller's follow";
    get "/follow/historyTrade" => copy::history_trade [copy::TraderPageParams => Paged<crate::copy::views::LeadTradeView>], "visitor", "A trader's closed positions (history 0: open ones), paged";
    get "/follow/followers" => copy::followers [copy::TraderPageParams => Paged<crate::copy::views::Follower>], "visitor", "A trader's followers, masked, paged";
    post "/follow/follow" => copy::follow [copy::FollowParams => crate::copy::follows::FollowView], "user", "Follow a trader (agree 1) or change one's follow (id): mode 1 multiple / 2 lots, amount, max_margin, tp_ratio, sl_ratio, stop_loss";
    post "/follow/cancel" => copy::cancel [copy::CancelParams => crate::copy::follows::FollowView], "user", "End one's follow: close 1 closes its copies now, 0 keeps them as one's own";
    post "/follow/selfHolding" => copy::self_holding [IdParams => String], "user", "Keep one copied position as one's own: it no longer closes with the leader's";
    get "/follow/my" => copy::my_follows [copy::MyParams => Paged<crate::copy::follows::FollowView>], "user", "One's follows: history 0 current, 1 ended";
    get "/follow/receipts" => copy::receipts [copy::ReceiptParams => Paged<crate::copy::follows::Receipt>], "user", "One's copied positions beside the leader's, of one follow or all";
    get "/follow/skips" => copy::skips [PageParams => Paged<crate::copy::follows::Skipped>], "user", "Copies not made for the caller, with the reason";
    post "/follow/apply" => copy::apply [copy::ApplyParams => crate::copy::follows::MyTrader], "user", "Apply to lead: name, intro, share_rate, max_followers";
    get "/follow/myTrader" => copy::my_trader [NoParams => Option<crate::copy::follows::MyTrader>], "user", "One's application or trader state, or null";
    get "/lh/deposit/config" => earn::config [earn::ConfigParams => Vec<crate::earn::views::LockProduct>], "visitor", "Lock-up products on offer (category lock|defi|cloud): daily yield range, today's rate, days, minimum, caps, quota left, penalty, the coin's reserve coverage";
    get "/lh/deposit/detail" => earn::detail [IdParams => crate::earn::views::LockProductDetail], "visitor", "One lock-up product and its day rates (newest first, up to 30)";
    post "/lh/deposit" => earn::deposit [earn::DepositParams => crate::earn::views::LockOrder], "user", "Lock an amount in a product (config_id): from the spot account to the mining account";
    get "/lh/deposit/order" => earn::orders [earn::OrdersParams => Paged<crate::earn::views::LockOrder>], "user", "One's lock-up orders, newest first (status 0 in progress, 1 redeemed early, 2 matured)";
    post "/lh/deposit/order/cancel" => earn::cancel [IdParams => crate::earn::views::LockOrder], "user", "Redeem one's order early: the principal less the penalty returns to the spot account";
    get "/lh/deposit/summary" => earn::summary [NoParams => crate::earn::views::LockSummary], "user", "One's locked principal, yield paid and open orders per coin, and principal per product";
    get "/lh/deposit/records" => earn::records [PageParams => Paged<crate::earn::views::LockRecord>], "user", "One's lock-up ledger entries (subscriptions, yields, maturities, redemptions), newest first";
    get "/project" => launch::projects [launch::ProjectsParams => Paged<crate::earn::ieo::Project>], "visitor", "Token sales, newest first (status 0 warm-up, 1 in progress, 2 ended, 3 credited)";
    get "/project/detail" => launch::detail [IdParams => crate::earn::ieo::ProjectDetail], "visitor", "One token sale, with the caller's totals when signed in";
    post "/project/order" => launch::order [launch::OrderParams => crate::earn::ieo::IeoOrder], "user", "Subscribe tokens (amount) during a sale: the cost is frozen until the allocation";
    get "/user/project/order" => launch::my_orders [PageParams => Paged<crate::earn::ieo::IeoOrder>], "user", "One's token-sale subscriptions: allocation, refund, locked and released";
    get "/dual/index" => dual::index [dual::IndexParams => Vec<crate::earn::dual::DualProduct>], "visitor", "Dual-investment products on sale (currency, kind call|put), soonest maturity first";
    get "/dual/detail" => dual::detail [IdParams => crate::earn::dual::DualDetail], "visitor", "One dual product and its index samples";
    post "/dual/buyDual" => dual::buy [dual::BuyParams => crate::earn::dual::DualOrder], "user", "Buy whole shares (num) of a dual product";
    post "/dual/dual_list" => dual::list [dual::ListParams => Paged<crate::earn::dual::DualOrder>], "user", "One's dual orders (status 0 purchased, 1 settling, 2 completed, 3 failed)";
    post "/follow/traderStatus" => copy::trader_status [copy::StatusParams => crate::copy::follows::MyTrader], "user", "A trader pauses new follows, resumes, or retires (action)";
    get "/bind_box/getNftCurrency" => nft::currencies [NoParams => Vec<nft::NftCoin>], "visitor", "The coins NFTs are priced in";
    get "/bind_box/config" => nft::config [NoParams => nft::NftConfig], "visitor", "The NFT marketplace's royalty, fee, forfeit share, payment window and bid extension";
    get "/bind_box/getBoxList" => nft::list [nft::ListParams => nft::Listing], "visitor", "NFT items newest first (type image|gif|audio|video, mode normal|auction, artist_id, collection_id, keyword, on_sale 1); type box lists blind-box series";
    get "/bind_box/getBoxDetail" => nft::detail [IdParams => crate::nft::catalogue::ItemDetail], "visitor", "One NFT item with artist, collection, sales, its live auction and the caller's payment due";
    get "/bind_box/getBindBoxQuotationLog" => nft::bid_log [nft::ItemPageParams => Paged<crate::nft::catalogue::BidView>], "visitor", "The bids of an item's live or last auction, newest first, bidders masked";
    get "/bind_box/getArtist" => nft::artist_list [nft::ArtistsParams => Paged<crate::nft::artists::Artist>], "visitor", "NFT artists, newest first (keyword)";
    get "/bind_box/getArtistDetail" => nft::artist_detail [IdParams => crate::nft::artists::ArtistDetail], "visitor", "One artist: collections, items and royalties paid";
    get "/bind_box/getCollection" => nft::collections [nft::CollectionsParams => Paged<crate::nft::artists::Collection>], "visitor", "NFT collections (artist_id), newest first";
    post "/bind_box/collect" => nft::collect [IdParams => crate::nft::trade::Collected], "user", "Favourite an NFT item, or un-favourite it";
    post "/bind_box/buyNFT" => nft::buy [IdParams => crate::nft::catalogue::Card], "user", "Buy an NFT item at its fixed price (from spot)";
    post "/bind_box/marginNFT" => nft::margin [IdParams => crate::nft::trade::Joined], "user", "Pay an auction's deposit (spot to NFT escrow) to bid";
    post "/bind_box/auctionNFT" => nft::bid [nft::BidParams => crate::nft::trade::BidAnswer], "user", "Bid price on an item's auction: at least the current bid plus the step; a late bid extends the end";
    get "/bind_box/getMyNFTs" => nft::mine [PageParams => Paged<crate::nft::catalogue::Card>], "user", "One's NFT items, with the state of their latest listing";
    get "/bind_box/getMyBindBoxQuotationLog" => nft::my_bids [PageParams => Paged<crate::nft::trade::MyBid>], "user", "The auctions one bid in: leading, outbid, won or lost";
    get "/bind_box/getNeedPayNFTOrder" => nft::payments [nft::PaymentsParams => Paged<crate::nft::trade::Payment>], "user", "One's payments for won auctions (status 0 awaiting, 1 paid, 2 expired)";
    post "/bind_box/payNFTOrder" => nft::pay [IdParams => crate::nft::trade::Payment], "user", "Pay a won auction before its deadline: the price less the deposit from spot";
    get "/bind_box/messages" => nft::messages [nft::MessagesParams => crate::nft::messages::Messages], "user", "One's NFT order and payment messages (is_red 0 unread, 1 read) and the unread count";
    post "/bind_box/readNFTOrderMessage" => nft::read [nft::ReadParams => crate::nft::messages::Unread], "user", "Mark one NFT message (id) or all read";
    post "/bind_box/resellNFT" => nft::resell [nft::ResellParams => crate::nft::trade::Listed], "user", "List an owned NFT (mode normal|auction, price, step, margin, starts_at, ends_at); it waits for review";
    post "/bind_box/cancelResell" => nft::cancel_resell [IdParams => crate::nft::trade::Listed], "user", "Withdraw one's listing in review, or a fixed-price one not sold";
    get "/bind_box/getSeries" => nft::series [IdParams => crate::nft::boxes::SeriesDetail], "visitor", "A blind-box series: items by slot, rarities, seed hash, the seed once revealed, the rule and one's boxes";
    post "/bind_box/buyBox" => nft::buy_box [IdParams => crate::nft::boxes::MyBox], "user", "Buy a series' next blind box (from spot)";
    post "/bind_box/openBlindBox" => nft::open_box [IdParams => nft::Opened], "user", "Open one's blind box: the item the rule gives its number becomes one's";
    get "/bind_box/myBoxes" => nft::my_boxes [PageParams => Paged<crate::nft::boxes::MyBox>], "user", "One's blind boxes, with the check against the revealed seed";
}

routes! { ADMIN_ROUTES, configure_admin;
    get "/me" => admin::me [NoParams => profile::Profile], "admin", "The admin's own profile";
    get "/users" => admin::users [PageParams => Paged<admin::UserSummary>], "admin", "Users, paged";
    post "/users/sessions/end" => devices::admin_end [devices::UserParams => devices::Ended], "admin", "End every session of a user (user_id): tokens revoked, sockets closed";
    get "/deposits" => admin::deposits [admin::QueueParams => Paged<admin::QueuedDeposit>], "admin", "Deposit requests, paged, filter state";
    post "/deposits/approve" => admin::approve_deposit [admin::ReviewParams => String], "admin", "Approve a deposit: credited from the deposits account";
    post "/deposits/reject" => admin::reject_deposit [admin::ReviewParams => String], "admin", "Reject a deposit with a reason";
    get "/withdrawals" => admin::withdrawals [admin::QueueParams => Paged<admin::QueuedWithdrawal>], "admin", "Withdrawal requests, paged, filter state";
    post "/withdrawals/approve" => admin::approve_withdrawal [admin::ReviewParams => String], "admin", "Mark a withdrawal paid out";
    post "/withdrawals/reject" => admin::reject_withdrawal [admin::ReviewParams => String], "admin", "Reject a withdrawal with a reason: unfrozen";
    get "/verifications" => admin::verifications [admin::QueueParams => Paged<admin::QueuedVerification>], "admin", "Verification requests, paged, filter state";
    post "/verifications/approve" => admin::approve_verification [admin::ReviewParams => String], "admin", "Approve a verification";
    post "/verifications/reject" => admin::reject_verification [admin::ReviewParams => String], "admin", "Reject a verification with a reason";
    get "/audit" => admin::audit [NoParams => admin::Audit], "admin", "Ledger audit: journal sums and balances";
    get "/health" => market::health [NoParams => market::Health], "admin", "Every running actor: kind, backlog, handled, last message, started, restarts and its own checks";
    get "/deposit_addresses" => admin::deposit_addresses [NoParams => Vec<admin::PlatformAddress>], "admin", "The platform's deposit addresses";
    post "/deposit_addresses" => admin::set_deposit_address [admin::DepositAddressParams => String], "admin", "Change a deposit address";
    post "/fiat_rates" => admin::set_fiat_rate [admin::FiatRateParams => Vec<site::FiatRate>], "admin", "Change a fiat rate (code, rate per USD)";
    get "/copy/traders" => copy::applications [copy::ApplicationsParams => Paged<crate::copy::follows::Application>], "admin", "Lead trader applications, pending first, filter status";
    post "/copy/approve" => copy::approve [copy::ReviewParams => String], "admin", "Approve a lead trader application";
    post "/copy/reject" => copy::reject [copy::ReviewParams => String], "admin", "Reject a lead trader application with a reason";
    post "/copy/intro" => copy::set_intro [copy::IntroParams => crate::copy::follows::Application], "admin", "Set a lead trader's intro in the other languages (intro_zh … intro_bx; absent ones read the trader's own)";
    get "/earn/lock/products" => earn::admin_products [NoParams => Vec<crate::earn::views::LockProduct>], "admin", "Every lock-up product, closed ones too";
    post "/earn/lock/product" => earn::admin_product [earn::ProductParams => crate::earn::views::LockProduct], "admin", "Create a lock-up product, or change one's terms (id) for the orders to come";
    get "/earn/reserves" => earn::reserves [NoParams => Vec<crate::earn::views::ReserveView>], "admin", "Each coin's yield reserve, the yield promised and the coverage";
    get "/ieo/projects" => launch::admin_projects [PageParams => Paged<crate::earn::ieo::Project>], "admin", "Every token sale, newest first";
    post "/ieo/project" => launch::admin_create [launch::NewProjectParams => crate::earn::ieo::Project], "admin", "Create a token sale";
    post "/ieo/credit" => launch::admin_credit [IdParams => crate::earn::ieo::Project], "admin", "Review an ended sale and credit its buyers (tokens locked, released by cycle)";
    post "/earn/reserves/fund" => earn::fund [earn::FundParams => Vec<crate::earn::views::ReserveView>], "admin", "Fund a coin's yield reserve from the platform's own money (request_id makes a repeat a no-op)";
    post "/nft/media" => nft_admin::media [crate::params::Upload => String], "admin", "Upload NFT media (multipart field file: png, jpeg, gif, webp, mp3, m4a, mp4, webm); the message is its address";
    get "/nft/artists" => nft::artist_list [nft::ArtistsParams => Paged<crate::nft::artists::Artist>], "admin", "NFT artists, newest first";
    post "/nft/artist" => nft_admin::create_artist [nft_admin::ArtistParams => nft_admin::Created], "admin", "Create an NFT artist";
    post "/nft/collection" => nft_admin::create_collection [nft_admin::CollectionParams => nft_admin::Created], "admin", "Create an NFT collection";
    post "/nft/item" => nft_admin::create_item [nft_admin::ItemParams => crate::nft::catalogue::Card], "admin", "Create an NFT item, listed by the platform when mode is given";
    post "/nft/series" => nft_admin::create_series [nft_admin::SeriesParams => nft_admin::Created], "admin", "Create a blind-box series (its seed made and hashed now)";
    get "/nft/listings" => nft_admin::listings [nft_admin::ListingsParams => Paged<crate::nft::admin::Listing>], "admin", "NFT listings (status 0 review, 1 on sale …), newest first";
    post "/nft/review" => nft_admin::review [nft_admin::ReviewParams => String], "admin", "Approve (1) or refuse (0) a resale listing";
    get "/nft/royalties" => nft_admin::artist_royalties [nft::ArtistsParams => Paged<crate::nft::royalties::ArtistRoyalties>], "admin", "NFT artists with the user each is linked to (royalties paid to them in the sale) and the royalties each accrued while not linked, per coin";
    post "/nft/artist/link" => nft_admin::link_artist [nft_admin::LinkParams => crate::nft::royalties::LinkAnswer], "admin", "Link an NFT artist to a user (user_id, or account: e-mail or mobile) and pay them what the artist accrued, once; refused while linked to another user";
    post "/nft/artist/unlink" => nft_admin::unlink_artist [nft_admin::UnlinkParams => crate::nft::royalties::ArtistRoyalties], "admin", "Unlink an NFT artist: later royalties are held for the artist again";
}

/// The OpenAPI document of both route tables, generated from each route's
/// parameter and answer types (see [`doc`]).
pub fn openapi() -> Value {
    doc::openapi(&[("/api", API_ROUTES), ("/admin/api", ADMIN_ROUTES)])
}

pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(openapi())
}
