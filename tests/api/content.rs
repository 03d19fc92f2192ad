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
    assert_eq!(doc["openapi"], "3.0.3");
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
