//! Site content, settings, menu, fiat rates, the OpenAPI document and the app.

use crate::helpers::TestApp;
use crate::on_both;

async fn banners_notices_and_pages_come_in_the_request_language(app: TestApp) {
    let banners = app
        .post("/news/list", None, &[("c_id", "5"), ("lang", "en")])
        .await;
    banners.assert_ok();
    assert_eq!(banners.message()["total"], 3);
    assert!(banners.message()["data"][0]["thumbnail"]
        .as_str()
        .unwrap_or_default()
        .ends_with(".svg"));
    let en = app
        .post("/news/list", None, &[("c_id", "4"), ("lang", "en")])
        .await;
    let zh = app
        .post("/news/list", None, &[("c_id", "4"), ("lang", "zh")])
        .await;
    assert_eq!(en.message()["total"], 5);
    assert_ne!(
        en.message()["data"][0]["title"],
        zh.message()["data"][0]["title"]
    );
    let id = en.message()["data"][0]["id"].as_i64().unwrap_or_default();
    let detail = app
        .post("/news/detail", None, &[("id", &id.to_string())])
        .await;
    detail.assert_ok();
    assert!(!detail.message()["content"]
        .as_str()
        .unwrap_or_default()
        .is_empty());
    app.post("/news/detail", None, &[("id", "999999")])
        .await
        .assert_error(404);
    app.post("/news/detail", None, &[("id", "abc")])
        .await
        .assert_error(422);

    let pop = app.get("/news/index_pop?lang=th", None).await;
    pop.assert_ok();
    assert!(pop.message()["title"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    for page in [
        "/aboutus",
        "/contactus",
        "/invitenews",
        "/operational_compliance",
        "/whitepaper",
    ] {
        let p = app.get(&format!("{page}?lang=bx"), None).await;
        p.assert_ok();
        assert!(
            p.message()["content"]
                .as_str()
                .is_some_and(|c| !c.is_empty()),
            "{page}"
        );
    }
    let faq = app.get("/faq?lang=kor", None).await;
    assert_eq!(faq.message().as_array().map(Vec::len), Some(8));
}
on_both!(banners_notices_and_pages_come_in_the_request_language);

async fn site_config_settings_menu_and_fiat_rates(app: TestApp) {
    let cfg = app.get("/getSiteConfig", None).await;
    cfg.assert_ok();
    assert_eq!(cfg.message()["site_name"], "Bourse");
    assert_eq!(cfg.message()["languages"].as_array().map(Vec::len), Some(9));
    let s = app.get("/getSetting?keyword=site_name", None).await;
    assert_eq!(s.message(), "Bourse");
    app.get("/getSetting?keyword=nope", None)
        .await
        .assert_error(404);
    let menu = app.get("/menu", None).await;
    assert_eq!(menu.message().as_array().map(Vec::len), Some(22));
    let rates = app.get("/wallet/getRateCurrency", None).await;
    let codes: Vec<&str> = rates
        .message()
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["currency_code"].as_str())
        .collect();
    assert_eq!(
        codes,
        ["USD", "CNY", "GBP", "HKD", "JPY", "EUR", "AED", "THB", "PHP", "SGD", "VND"]
    );
    assert!(
        rates.message()[0]["rate"].is_string(),
        "rates are decimal strings"
    );
}
on_both!(site_config_settings_menu_and_fiat_rates);

async fn the_openapi_document_lists_every_route_and_unknown_calls_are_enveloped(app: TestApp) {
    let doc: serde_json::Value = app
        .client
        .get(format!("{}/api/openapi.json", app.address))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .json()
        .await
        .unwrap_or_default();
    assert_eq!(doc["openapi"], "3.1.0");
    // Every documented operation is served: none falls through to the unknown
    // call answer (a bare 404), whatever it says about the missing parameters.
    let mut operations = 0;
    for (path, ops) in doc["paths"].as_object().into_iter().flatten() {
        for method in ops
            .as_object()
            .into_iter()
            .flatten()
            .map(|(m, _)| m.as_str())
        {
            let url = format!("{}{path}?lang=en", app.address);
            let req = match method {
                "get" => app.client.get(url),
                "put" => app.client.put(url),
                _ => app.client.post(url),
            };
            let a = app.send(req).await;
            assert!(
                !(a.status == 404 && a.text() == "Not found"),
                "{method} {path} is documented but not served"
            );
            operations += 1;
        }
    }
    assert!(operations >= bourse::api::API_ROUTES.len(), "{operations}");
    let missing = app.get("/no/such/call?lang=fra", None).await;
    missing.assert_error(404);
    assert_ne!(missing.text(), "Not found", "translated to French");
    let root = app
        .client
        .get(&app.address)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        root.url().path().starts_with("/h5"),
        "/ redirects to the app"
    );
}
on_both!(the_openapi_document_lists_every_route_and_unknown_calls_are_enveloped);

async fn unreadable_bodies_are_refused_with_the_envelope(app: TestApp) {
    let a = app
        .send(
            app.client
                .post(format!("{}/api/user/login", app.address))
                .header("content-type", "application/json")
                .body("{not json"),
        )
        .await;
    a.assert_error(400);
    let json = app
        .send(
            app.client
                .post(format!("{}/api/user/check_email", app.address))
                .json(&serde_json::json!({"email": "x@example.com"})),
        )
        .await;
    json.assert_ok();
    assert_eq!(json.message()["registered"], false);
}
on_both!(unreadable_bodies_are_refused_with_the_envelope);

/// The schema `s` refers to (or `s` itself).
fn resolve<'a>(doc: &'a serde_json::Value, s: &'a serde_json::Value) -> &'a serde_json::Value {
    match s["$ref"].as_str() {
        Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
        None => s,
    }
}

/// The parameters a route declares: its form body's object, or its query
/// parameters gathered into one.
fn declared(doc: &serde_json::Value, path: &str, method: &str) -> serde_json::Value {
    let op = &doc["paths"][path][method];
    for kind in ["application/x-www-form-urlencoded", "multipart/form-data"] {
        let body = &op["requestBody"]["content"][kind]["schema"];
        if !body.is_null() {
            return resolve(doc, body).clone();
        }
    }
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    for p in op["parameters"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or_default().to_string();
        if name == "lang" {
            continue;
        }
        if p["required"] == true {
            required.push(serde_json::json!(name));
        }
        properties.insert(name, p["schema"].clone());
    }
    serde_json::json!({"properties": properties, "required": required})
}

/// The routes not typed yet (method and full path). Shrink it as routes are
/// typed; a route missing from it must be typed.
const STILL_UNTYPED: &[&str] = &[];

/// Every `$ref` in `v`.
fn refs_in(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                match (k.as_str(), x.as_str()) {
                    ("$ref", Some(r)) => out.push(r.to_string()),
                    _ => refs_in(x, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|x| refs_in(x, out)),
        _ => {}
    }
}

/// Where in `v` an array schema lists a schema per position (`prefixItems`, or
/// `items` as a list): what a Rust tuple becomes, and what the fuzzer's
/// OpenAPI reader refuses as an invalid schema.
fn listed_items(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                let here = format!("{at}/{k}");
                if k == "prefixItems" || (k == "items" && x.is_array()) {
                    out.push(here.clone());
                }
                listed_items(x, &here, out);
            }
        }
        serde_json::Value::Array(xs) => {
            for (i, x) in xs.iter().enumerate() {
                listed_items(x, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The message schema a route's answer declares.
fn answer<'a>(doc: &'a serde_json::Value, path: &str, method: &str) -> &'a serde_json::Value {
    let schema =
        &doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"];
    resolve(doc, &schema["properties"]["message"])
}

async fn typed_routes_declare_their_fields_types_and_answers(app: TestApp) {
    let doc: serde_json::Value = app
        .client
        .get(format!("{}/api/openapi.json", app.address))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"))
        .json()
        .await
        .unwrap_or_default();
    // Every typed route declares fields, each with a schema.
    let tables = [
        ("/api", bourse::api::API_ROUTES),
        ("/admin/api", bourse::api::ADMIN_ROUTES),
    ];
    let mut typed = 0;
    let mut untyped = Vec::new();
    let mut untyped_answers = Vec::new();
    for (prefix, table) in tables {
        for r in table {
            let path = format!("{prefix}{}", r.path);
            if (r.answer)(&mut Vec::new()).is_none() {
                untyped_answers.push(format!("{} {path}", r.method));
            }
            if !r.typed() {
                untyped.push(format!("{} {path}", r.method));
                continue;
            }
            let params = declared(&doc, &path, r.method);
            let props = params["properties"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            // A route that reads no fields says so (`NoParams`).
            let own = serde_json::to_value((r.params)(&mut Vec::new())).unwrap_or_default();
            assert!(
                !props.is_empty() || own["description"] == "This route reads no fields",
                "{} {path} declares no fields",
                r.method
            );
            for (name, schema) in &props {
                let s = resolve(&doc, schema);
                assert!(
                    s.get("type").is_some() || s.get("enum").is_some(),
                    "{} {path}: {name} has no type: {s}",
                    r.method
                );
            }
            typed += 1;
        }
    }
    assert!(typed >= 25, "{typed} typed routes");
    // Every route is typed but these; a new route must be typed to pass.
    let mut allowed: Vec<String> = STILL_UNTYPED.iter().map(|s| s.to_string()).collect();
    allowed.sort();
    untyped.sort();
    assert_eq!(
        untyped, allowed,
        "untyped routes (left) differ from the list still allowed (right)"
    );
    // Every answer is typed; a new route must type its answer.
    assert!(
        untyped_answers.is_empty(),
        "routes with untyped answers: {untyped_answers:?}"
    );
    // Every schema referred to is in the document.
    let mut refs = Vec::new();
    refs_in(&doc, &mut refs);
    for r in &refs {
        let name = r.trim_start_matches("#/components/schemas/");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} is referred to but not in the document"
        );
    }
    // Every array's items are one schema (a Rust tuple would list several).
    let mut listed = Vec::new();
    listed_items(&doc, "", &mut listed);
    assert!(
        listed.is_empty(),
        "items as a list of schemas at {listed:?}"
    );

    // coin/trade: side 1 or 2, amount a decimal string, the required fields.
    let trade = declared(&doc, "/api/coin/trade", "post");
    let side = resolve(&doc, &trade["properties"]["type"]);
    let sides: Vec<&serde_json::Value> = side["enum"].as_array().into_iter().flatten().collect();
    assert!(
        sides.contains(&&serde_json::json!(1)) && sides.contains(&&serde_json::json!(2)),
        "{side}"
    );
    let amount = resolve(&doc, &trade["properties"]["amount"]);
    assert_eq!(amount["type"], "string");
    assert_eq!(amount["pattern"], bourse::params::POSITIVE_DECIMAL);
    for field in ["type", "amount"] {
        assert!(
            trade["required"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|f| f == field),
            "coin/trade requires {field}: {trade}"
        );
    }
    assert!(!trade["required"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|f| f == "target_price"));
    // wallet/change: both accounts required, one of the four.
    let change = declared(&doc, "/api/wallet/change", "post");
    for field in ["currency_id", "number", "from_field", "to_field"] {
        assert!(
            change["required"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|f| f == field),
            "wallet/change requires {field}"
        );
    }
    let account = resolve(&doc, &change["properties"]["from_field"]);
    assert_eq!(account["enum"][0], 1);
    // Paged reads declare page and limit as query parameters from 1.
    let page = declared(&doc, "/api/recharge/log", "get");
    assert_eq!(resolve(&doc, &page["properties"]["page"])["minimum"], 1);
    // coin/list: paged, and which orders.
    let orders = declared(&doc, "/api/coin/list", "get");
    for field in ["page", "limit", "type", "match_id", "symbol"] {
        assert!(
            orders["properties"].get(field).is_some(),
            "coin/list declares {field}: {orders}"
        );
    }
    assert_eq!(resolve(&doc, &orders["properties"]["limit"])["minimum"], 1);
    // The bank card lists every field it stores.
    let card = declared(&doc, "/api/user/cash_save", "post");
    for field in ["real_name", "bank_account", "swift_code", "phone"] {
        assert!(card["properties"].get(field).is_some(), "{card}");
    }
    // A typed answer is the envelope around its schema.
    let quote = &doc["paths"]["/api/user/getTransferFee"]["post"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let message = resolve(&doc, &quote["properties"]["message"]);
    assert_eq!(
        message["properties"]["receive"]["type"], "string",
        "{quote}"
    );

    // The actor's answers are typed: an order, a page of contracts.
    let placed = &doc["paths"]["/api/coin/trade"]["post"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let order = resolve(&doc, &placed["properties"]["message"]);
    assert_eq!(
        order["properties"]["deal_amount"]["type"], "string",
        "{order}"
    );
    let contracts = &doc["paths"]["/api/lever/my_trade"]["post"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let page = resolve(&doc, &contracts["properties"]["message"]);
    let item = resolve(&doc, &page["properties"]["data"]["items"]);
    assert!(item["properties"]["caution_money"].is_object(), "{page}");
    // The quotation rows: the ticker with the depth, both the actor's.
    let groups = answer(&doc, "/api/currency/quotation_new", "get");
    let row = resolve(
        &doc,
        &resolve(&doc, &groups["items"])["properties"]["quotation"]["items"],
    );
    let parts: Vec<&serde_json::Value> = row["allOf"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| resolve(&doc, p))
        .collect();
    assert!(
        parts
            .iter()
            .any(|p| p["properties"]["now_price"]["type"] == "string")
            && parts.iter().any(|p| p["properties"]["depth"].is_object()),
        "{row}"
    );
    // A bank card or null.
    let card = answer(&doc, "/api/user/cash_info", "post");
    let kinds: Vec<&serde_json::Value> = card["oneOf"].as_array().into_iter().flatten().collect();
    assert!(
        kinds.iter().any(|k| k["type"] == "null")
            && kinds
                .iter()
                .any(|k| resolve(&doc, k)["properties"]["swift_code"]["type"] == "string"),
        "{card}"
    );
    // A review queue's rows are the requests with the requester's account.
    let queue = answer(&doc, "/admin/api/deposits", "get");
    let row = resolve(&doc, &queue["properties"]["data"]["items"]);
    let fields = serde_json::to_string(row).unwrap_or_default();
    assert!(
        fields.contains("\"account\"") && fields.contains("#/components/schemas/Deposit"),
        "{row}"
    );
    assert_eq!(
        answer(&doc, "/api/getSetting", "get")["type"],
        "string",
        "a setting's value is a string"
    );

    // What the document declares is what the handler reads: a missing field
    // answers the field's own message, in the request's language.
    let token = app.login("demo@bourse.local", "Demo123456").await;
    let a = app
        .post(
            "/coin/trade",
            Some(&token),
            &[("symbol", "BTC/USDT"), ("type", "1"), ("lang", "fra")],
        )
        .await;
    a.assert_error(422);
    assert_eq!(
        a.message().as_str(),
        Some(bourse::i18n::t(bourse::i18n::Lang::parse("fra"), "err_amount_invalid", &[]).as_str())
    );
    let a = app
        .post(
            "/coin/trade",
            Some(&token),
            &[("symbol", "BTC/USDT"), ("type", "3"), ("amount", "1")],
        )
        .await;
    a.assert_error(422);
    assert_eq!(
        a.message().as_str(),
        Some(bourse::i18n::t(bourse::i18n::Lang::EN, "err_side_invalid", &[]).as_str())
    );
}
on_both!(typed_routes_declare_their_fields_types_and_answers);

/// `v` reads into `T` and `T` writes it back unchanged.
fn round_trip<T: serde::de::DeserializeOwned + serde::Serialize>(v: serde_json::Value) {
    let typed: T = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
    assert_eq!(serde_json::to_value(&typed).ok(), Some(v));
}

/// What the actors answer in JSON reads into the typed answers that mirror it
/// and writes back unchanged: each running market's snapshot (its book
/// quoted) and trades as they are read back. (Health is typed in the actors
/// themselves: `actors::runtime::HealthReport`.)
async fn the_actors_json_is_what_the_typed_answers_mirror(app: TestApp) {
    use actors::market::actor::{Snapshot, Tick};
    use bourse::api::market::{Quotation, Trade};
    let fail = |e: actix::MailboxError| -> serde_json::Value { panic!("{e}") };
    for m in &app.state.markets.list {
        // The provider quotes: the book has levels on both sides.
        m.send(Tick).await.unwrap_or_else(|e| panic!("{e}"));
        let snap = m.send(Snapshot).await.unwrap_or_else(fail);
        for side in ["bids", "asks"] {
            assert!(
                snap["depth"][side]
                    .as_array()
                    .is_some_and(|l| !l.is_empty()),
                "{snap}"
            );
        }
        round_trip::<Quotation>(snap);
    }

    let token = app.login("demo@bourse.local", "Demo123456").await;
    app.post(
        "/coin/trade",
        Some(&token),
        &[
            ("match_id", "1"),
            ("type", "1"),
            ("order_type", "market"),
            ("amount", "100"),
        ],
    )
    .await
    .assert_ok();
    let m = app
        .state
        .markets
        .by_id(1)
        .unwrap_or_else(|| panic!("market 1"));
    let trades = actors::market::trades::recent(&app.state.db, 1, &m.spec.symbol, 10)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!trades.is_empty(), "the market buy traded");
    for t in trades {
        round_trip::<Trade>(t);
    }
}
on_both!(
    the_actors_json_is_what_the_typed_answers_mirror,
    &[
        ("BOURSE__DEMO__TRADERS", "1"),
        ("BOURSE__DEMO__TRADER_EVERY_MS", "60000")
    ]
);
