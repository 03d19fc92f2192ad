//! Hostile input against every money and price field of every route: each value
//! gets a 4xx envelope and changes nothing. The table names, per route, a form
//! that reaches the field; every route of both tables must be listed here (with
//! its fields, or as having none), so a new route cannot arrive untested.

use crate::helpers::TestApp;
use crate::on_both;
use bourse::api::{ADMIN_ROUTES, API_ROUTES};
use serde_json::{json, Map, Value};

/// Values no money or price field may accept. The first overflows `Decimal`
/// multiplication when scaled to units (it used to panic the handler).
const HOSTILE: &[&str] = &[
    "800000000000000000000",
    "79228162514264337593543950335",
    "79228162514264337593543950336",
    "92233720368.54775808",
    "-1",
    "-0.00000001",
    "0",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e30",
    "1E-5",
    "0x10",
    "1,000",
    "12 34",
    "0.000000001",
    "1.123456789012345678901234567890",
    "١٢٣",
    "",
    " ",
    "\u{0}",
    "<script>",
];

/// Where a route's money or price fields live: the route, the other fields of a
/// form that gets as far as them, and the fields.
struct Case {
    path: &'static str,
    admin: bool,
    base: &'static [(&'static str, &'static str)],
    fields: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        path: "/wallet/change",
        admin: false,
        base: &[("currency_id", "3"), ("from_field", "2"), ("to_field", "4")],
        fields: &["number", "amount"],
    },
    Case {
        path: "/wallet/out",
        admin: false,
        base: &[("currency", "3"), ("type", "0"), ("pay_password", "246810")],
        fields: &["number", "amount"],
    },
    Case {
        path: "/wallet/charge_req",
        admin: false,
        base: &[("currency", "3")],
        fields: &["amount", "number"],
    },
    Case {
        path: "/user/getTransferFee",
        admin: false,
        base: &[("from_currency_id", "1"), ("to_currency_id", "3")],
        fields: &["number", "amount"],
    },
    Case {
        path: "/user/Transfer",
        admin: false,
        base: &[("from_currency_id", "1"), ("to_currency_id", "3")],
        fields: &["number", "amount"],
    },
    Case {
        path: "/coin/trade",
        admin: false,
        base: &[
            ("match_id", "1"),
            ("type", "1"),
            ("target_price", "100"),
            ("amount", "1"),
        ],
        fields: &["amount", "target_price"],
    },
    Case {
        path: "/coin/trade",
        admin: false,
        base: &[("match_id", "1"), ("type", "1"), ("order_type", "market")],
        fields: &["amount"],
    },
    Case {
        path: "/lever/submit",
        admin: false,
        base: &[
            ("match_id", "1"),
            ("type", "1"),
            ("share", "1"),
            ("multiple", "10"),
            ("status", "0"),
        ],
        fields: &["target_price"],
    },
    Case {
        path: "/lever/setstop",
        admin: false,
        base: &[("id", "1")],
        fields: &["target_profit_price", "stop_loss_price"],
    },
    Case {
        path: "/microtrade/submit",
        admin: false,
        base: &[
            ("match_id", "1"),
            ("currency_id", "3"),
            ("type", "1"),
            ("seconds", "1"),
        ],
        fields: &["number", "amount"],
    },
    Case {
        path: "/follow/follow",
        admin: false,
        base: &[
            ("trader_id", "1"),
            ("mode", "1"),
            ("agree", "1"),
            ("amount", "1"),
            ("max_margin", "100"),
        ],
        fields: &["amount", "max_margin", "tp_ratio", "sl_ratio", "stop_loss"],
    },
    Case {
        path: "/follow/apply",
        admin: false,
        base: &[
            ("name", "Ada Leads"),
            ("intro", "Trend following on BTC."),
            ("max_followers", "10"),
            ("share_rate", "0.1"),
        ],
        fields: &["share_rate"],
    },
    Case {
        path: "/lh/deposit",
        admin: false,
        base: &[("config_id", "1")],
        fields: &["amount"],
    },
    Case {
        path: "/earn/lock/product",
        admin: true,
        base: &[
            ("category", "lock"),
            ("name", "Hostile lock"),
            ("currency", "3"),
            ("rate_min", "0.001"),
            ("rate_max", "0.002"),
            ("days", "3"),
            ("min_amount", "10"),
            ("user_cap", "100"),
            ("total_cap", "1000"),
            ("penalty", "0.01"),
        ],
        fields: &[
            "rate_min",
            "rate_max",
            "min_amount",
            "user_cap",
            "total_cap",
        ],
    },
    Case {
        path: "/earn/reserves/fund",
        admin: true,
        base: &[("currency", "3"), ("request_id", "hostile")],
        fields: &["amount"],
    },
    Case {
        path: "/project/order",
        admin: false,
        base: &[("project_id", "1")],
        fields: &["amount"],
    },
    Case {
        path: "/ieo/project",
        admin: true,
        base: &[
            ("name", "Hostile sale"),
            ("token", "TRX"),
            ("pay_currency", "USDT"),
            ("price", "1"),
            ("supply", "100"),
            ("user_cap", "10"),
            ("min_amount", "1"),
            ("starts_at", "1800000000000"),
            ("ends_at", "1800000100000"),
            ("cycles", "1"),
        ],
        fields: &["price", "supply", "user_cap", "min_amount"],
    },
    Case {
        path: "/bind_box/auctionNFT",
        admin: false,
        base: &[("id", "1")],
        fields: &["price"],
    },
    Case {
        path: "/bind_box/resellNFT",
        admin: false,
        base: &[
            ("id", "1"),
            ("mode", "auction"),
            ("price", "10"),
            ("step", "1"),
            ("margin", "1"),
        ],
        fields: &["price", "step", "margin"],
    },
    Case {
        path: "/nft/item",
        admin: true,
        base: &[
            ("collection_id", "1"),
            ("name", "Hostile"),
            ("type", "image"),
            ("media", "/media/nft/none.png"),
            ("rarity", "0"),
            ("currency", "USDT"),
            ("mode", "auction"),
            ("price", "10"),
            ("step", "1"),
            ("margin", "1"),
            ("ends_at", "1900000000000"),
        ],
        fields: &["price", "step", "margin"],
    },
    Case {
        path: "/nft/series",
        admin: true,
        base: &[
            ("collection_id", "1"),
            ("name", "Hostile"),
            ("cover", "/media/nft/none.png"),
            ("currency", "USDT"),
            ("price", "10"),
            ("ends_at", "1900000000000"),
            ("items", "[]"),
        ],
        fields: &["price"],
    },
    Case {
        path: "/fiat_rates",
        admin: true,
        base: &[("code", "CNY")],
        fields: &["rate"],
    },
];

/// Routes that take no money or price (ids, pages and choices are checked by
/// their own tests).
const NO_MONEY: &[&str] = &[
    "/project",
    "/project/detail",
    "/user/project/order",
    "/dual/index",
    "/dual/detail",
    "/dual/buyDual",
    "/dual/dual_list",
    "/ieo/projects",
    "/ieo/credit",
    "/lh/deposit/config",
    "/lh/deposit/detail",
    "/lh/deposit/order",
    "/lh/deposit/order/cancel",
    "/lh/deposit/summary",
    "/lh/deposit/records",
    "/earn/lock/products",
    "/earn/reserves",
    "/getSiteConfig",
    "/getSetting",
    "/news/list",
    "/news/detail",
    "/news/index_pop",
    "/menu",
    "/faq",
    "/aboutus",
    "/contactus",
    "/invitenews",
    "/operational_compliance",
    "/whitepaper",
    "/wallet/getRateCurrency",
    "/sms_mail",
    "/sms_send",
    "/user/check_email",
    "/user/register",
    "/user/login",
    "/user/logout",
    "/user/forget",
    "/dev/outbox",
    "/user/info",
    "/user/editNickname",
    "/user/uploadHeadPortrait",
    "/safe/update_password",
    "/safe/sessions",
    "/safe/sessions/end",
    "/safe/sessions/end_others",
    "/users/sessions/end",
    "/safe/mobile",
    "/safe/email",
    "/user/my_invite_list",
    "/user/my_profit_list",
    "/feedback/list",
    "/feedback/read",
    "/upload",
    "/currency/user_currency_list",
    "/wallet/list",
    "/wallet/detail",
    "/wallet/legal_log",
    "/wallet/get_in_address",
    "/recharge/log",
    "/user/withdraw/list",
    "/user/withdraw/cancel",
    "/wallet/hzhistory",
    "/user/getTransferList",
    "/real/state",
    "/user/real",
    "/user/wallet/save",
    "/user/wallet/list",
    "/user/wallet/del",
    "/user/cash_save",
    "/user/cash_save_international",
    "/user/cash_info",
    "/user/cash_info_international",
    "/currency/quotation_new",
    "/currency/list",
    "/currency/new_timeshar",
    "/currency/trades",
    "/currency/index_history",
    "/optional/add",
    "/optional/del",
    "/optional/list",
    "/coin/list",
    "/lever/deal",
    "/lever/close",
    "/lever/cancel",
    "/lever/batch_close",
    "/lever/my_trade",
    "/lever/dealall",
    "/microtrade/payable_currencies",
    "/microtrade/seconds",
    "/microtrade/lists",
    "/microtrade/get_result",
    "/me",
    "/users",
    "/deposits",
    "/deposits/approve",
    "/deposits/reject",
    "/withdrawals",
    "/withdrawals/approve",
    "/withdrawals/reject",
    "/verifications",
    "/verifications/approve",
    "/verifications/reject",
    "/audit",
    "/health",
    "/deposit_addresses",
    "/follow/index",
    "/follow/traderDetail",
    "/follow/historyTrade",
    "/follow/followers",
    "/follow/cancel",
    "/follow/selfHolding",
    "/follow/my",
    "/follow/receipts",
    "/follow/skips",
    "/follow/myTrader",
    "/follow/traderStatus",
    "/copy/traders",
    "/copy/approve",
    "/copy/reject",
    "/bind_box/getNftCurrency",
    "/bind_box/config",
    "/bind_box/getBoxList",
    "/bind_box/getBoxDetail",
    "/bind_box/getBindBoxQuotationLog",
    "/bind_box/getArtist",
    "/bind_box/getArtistDetail",
    "/bind_box/getCollection",
    "/bind_box/collect",
    "/bind_box/buyNFT",
    "/bind_box/marginNFT",
    "/bind_box/getMyNFTs",
    "/bind_box/getMyBindBoxQuotationLog",
    "/bind_box/getNeedPayNFTOrder",
    "/bind_box/payNFTOrder",
    "/bind_box/messages",
    "/bind_box/readNFTOrderMessage",
    "/bind_box/cancelResell",
    "/bind_box/getSeries",
    "/bind_box/buyBox",
    "/bind_box/openBlindBox",
    "/bind_box/myBoxes",
    "/nft/media",
    "/nft/artists",
    "/nft/artist",
    "/nft/collection",
    "/nft/listings",
    "/nft/review",
    "/nft/royalties",
    "/nft/artist/link",
    "/nft/artist/unlink",
    "/copy/intro",
];

#[test]
fn every_route_is_in_the_hostile_table() {
    for r in API_ROUTES.iter().chain(ADMIN_ROUTES) {
        let listed = CASES.iter().any(|c| c.path == r.path) || NO_MONEY.contains(&r.path);
        assert!(
            listed,
            "{} {} is in neither CASES nor NO_MONEY",
            r.method, r.path
        );
    }
}

/// A 4xx with the error envelope.
#[track_caller]
fn refused(status: u16, body: &Value, what: &str) {
    assert!((400..500).contains(&status), "{what}: {status} {body}");
    assert!(
        matches!(body["type"].as_str(), Some("error" | "999" | "998")),
        "{what}: {body}"
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{what}: {body}"
    );
}

async fn send(app: &TestApp, case: &Case, token: &str, body: Body<'_>) -> (u16, Value) {
    let prefix = if case.admin { "/admin/api" } else { "/api" };
    let url = format!("{}{prefix}{}?lang=en", app.address, case.path);
    let req = app.client.post(url).header("Authorization", token);
    let req = match body {
        Body::Form(f) => req.form(&f),
        Body::Json(v) => req.json(&v),
    };
    let a = app.send(req).await;
    (a.status, a.body)
}

enum Body<'a> {
    Form(Vec<(&'a str, &'a str)>),
    Json(Value),
}

async fn hostile_values_get_a_4xx_envelope_and_change_nothing(app: TestApp) {
    let admin = app.admin().await;
    let (token, _) = crate::funds::verified_user(&app, &admin).await;
    app.fund(&token, &admin, "3", "1000").await;
    let before = app.post("/wallet/list", Some(&token), &[]).await.body;
    for case in CASES {
        let who = if case.admin {
            admin.as_str()
        } else {
            token.as_str()
        };
        for field in case.fields {
            let form = |v: &'static str| {
                let mut f: Vec<(&str, &str)> = case
                    .base
                    .iter()
                    .filter(|(k, _)| k != field)
                    .copied()
                    .collect();
                f.push((field, v));
                f
            };
            for value in HOSTILE {
                let what = format!("{} {field}={value:?}", case.path);
                let (status, body) = send(&app, case, who, Body::Form(form(value))).await;
                refused(status, &body, &what);
            }
            // The value that used to panic names the problem.
            let (_, body) = send(&app, case, who, Body::Form(form(HOSTILE[0]))).await;
            assert_eq!(
                body["message"], "The amount is too large",
                "{} {field}",
                case.path
            );
            // Arrays, objects and numbers too large for JSON's own doubles.
            let mut obj: Map<String, Value> = case
                .base
                .iter()
                .filter(|(k, _)| k != field)
                .map(|(k, v)| (k.to_string(), json!(v)))
                .collect();
            for v in [
                json!([1, 2]),
                json!({"a": 1}),
                json!(1e300),
                json!(-5),
                json!(null),
            ] {
                obj.insert(field.to_string(), v.clone());
                let what = format!("{} {field}={v} (JSON)", case.path);
                let (status, body) =
                    send(&app, case, who, Body::Json(Value::Object(obj.clone()))).await;
                refused(status, &body, &what);
            }
            let doubled = format!("{field}=1&{field}=800000000000000000000");
            let prefix = if case.admin { "/admin/api" } else { "/api" };
            let a = app
                .send(
                    app.client
                        .post(format!("{}{prefix}{}?{doubled}", app.address, case.path))
                        .header("Authorization", who)
                        .form(
                            &case
                                .base
                                .iter()
                                .filter(|(k, _)| k != field)
                                .copied()
                                .collect::<Vec<_>>(),
                        ),
                )
                .await;
            refused(a.status, &a.body, &format!("{} {doubled}", case.path));
        }
    }
    for path in [
        "/wallet/legal_log",
        "/coin/list",
        "/lever/my_trade",
        "/recharge/log",
    ] {
        for (page, limit) in [
            ("9223372036854775807", "100"),
            ("-1", "10"),
            ("1", "0"),
            ("x", "1"),
        ] {
            let a = app
                .post(path, Some(&token), &[("page", page), ("limit", limit)])
                .await;
            assert!(
                a.status < 500,
                "{path} page={page} limit={limit}: {}",
                a.body
            );
        }
    }
    let a = app
        .get(
            "/microtrade/lists?page=9223372036854775807&limit=100",
            Some(&token),
        )
        .await;
    a.assert_ok();
    let after = app.post("/wallet/list", Some(&token), &[]).await.body;
    assert_eq!(before, after, "hostile input moved money");
    app.assert_audit(&admin).await;
}
on_both!(
    hostile_values_get_a_4xx_envelope_and_change_nothing,
    &[("BOURSE__CODES__RESEND_SECONDS", "0")]
);
