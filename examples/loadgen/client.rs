//! The generator's HTTP clients: `Api` (reqwest) for setting up, `Raw` for
//! the measured loops, and the order forms it sends.

use crate::Res;
use actors::runtime::timing::Counts;
use serde_json::Value;
use std::sync::Arc;

#[derive(Clone)]
pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
}

impl Api {
    pub async fn call(&self, path: &str, token: Option<&str>, form: &[(&str, &str)]) -> Res<Value> {
        let mut req = self.http.post(format!("{}{path}", self.base)).form(form);
        if let Some(t) = token {
            req = req.header("Authorization", t);
        }
        let resp = req.send().await.map_err(|e| format!("{path}: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("{path}: {e}"))?;
        if body["type"] != "ok" {
            return Err(format!("{path}: {body}"));
        }
        Ok(body["message"].clone())
    }

    pub async fn get(&self, path: &str) -> Res<Value> {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .map_err(|e| format!("{path}: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("{path}: {e}"))?;
        Ok(body["message"].clone())
    }

    /// The server's order-path histograms as they are now, stage by stage
    /// (the admin health report's `orders`).
    pub async fn stages(&self, admin: &str) -> Res<Vec<(String, Counts)>> {
        let resp = self
            .http
            .get(format!("{}/admin/api/health", self.base))
            .header("Authorization", admin)
            .send()
            .await
            .map_err(|e| format!("health: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("health: {e}"))?;
        let stages = body["message"]["orders"]
            .as_array()
            .ok_or(format!("health: no order stages in {body}"))?;
        stages
            .iter()
            .map(|s| {
                let counts = serde_json::from_value(s["counts"].clone())
                    .map_err(|e| format!("health: {e}"))?;
                Ok((s["stage"].as_str().unwrap_or_default().to_string(), counts))
            })
            .collect()
    }

    pub async fn login(&self, user: &str, password: &str) -> Res<String> {
        let m = self
            .call(
                "/api/user/login",
                None,
                &[("user_string", user), ("password", password)],
            )
            .await?;
        m.as_str().map(str::to_string).ok_or(format!("login: {m}"))
    }

    /// Registers and funds one user; returns its token.
    pub async fn trader(
        &self,
        admin: &str,
        email: &str,
        funds: &[(String, String)],
    ) -> Res<String> {
        let pw = "LoadPass123";
        self.call("/api/sms_mail", None, &[("user_string", email)])
            .await?;
        let outbox = self.get(&format!("/api/dev/outbox?to={email}")).await?;
        let code = outbox[0]["code"].as_str().ok_or("no code in the outbox")?;
        self.call(
            "/api/user/register",
            None,
            &[
                ("type", "email"),
                ("user_string", email),
                ("code", code),
                ("password", pw),
                ("re_password", pw),
            ],
        )
        .await?;
        let token = self.login(email, pw).await?;
        for (currency, amount) in funds {
            let voucher = self.upload_png(&token).await?;
            let req = self
                .call(
                    "/api/wallet/charge_req",
                    Some(&token),
                    &[
                        ("currency", currency.as_str()),
                        ("amount", amount.as_str()),
                        ("voucher", &voucher),
                    ],
                )
                .await?;
            let id = req["id"].as_i64().ok_or("deposit id")?.to_string();
            self.call("/admin/api/deposits/approve", Some(admin), &[("id", &id)])
                .await?;
        }
        Ok(token)
    }

    async fn upload_png(&self, token: &str) -> Res<String> {
        const PNG: &[u8] = &[
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48,
            0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
            0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78,
            0x9C, 0x63, 0x60, 0x60, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x04, 0x01, 0x00, 0x5F, 0xE5,
            0xC3, 0x4B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ];
        let part = reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("v.png");
        let form = reqwest::multipart::Form::new().part("file", part);
        let resp = self
            .http
            .post(format!("{}/api/upload", self.base))
            .header("Authorization", token)
            .multipart(form)
            .send()
            .await
            .map_err(|e| format!("upload: {e}"))?;
        let body: Value = resp.json().await.map_err(|e| format!("upload: {e}"))?;
        body["message"]
            .as_str()
            .map(str::to_string)
            .ok_or(format!("upload: {body}"))
    }
}

/// A lean HTTP/1.1 client for the measured loops: keep-alive connections that
/// each carry one request at a time, requests written as one preformatted
/// buffer, answers read by `content-length`. The generator shares the machine
/// with the server, so every cycle it spends (reqwest's URL parsing, header
/// maps, JSON decoding) is a cycle the server does not get; this one checks the
/// answer's envelope by its bytes.
pub struct Raw {
    addr: String,
    idle: std::sync::Mutex<Vec<Conn>>,
}

struct Conn {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
}

impl Raw {
    pub fn new(base: &str) -> Arc<Raw> {
        Arc::new(Raw {
            addr: base
                .trim_start_matches("http://")
                .trim_end_matches('/')
                .to_string(),
            idle: std::sync::Mutex::new(Vec::new()),
        })
    }

    async fn connect(&self) -> Res<Conn> {
        let stream = tokio::net::TcpStream::connect(&self.addr)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(4096),
        })
    }

    /// POSTs a form and answers whether the envelope says `ok` (with the body).
    pub async fn post(
        &self,
        path: &str,
        token: &str,
        form: &[(&str, String)],
    ) -> Res<(bool, Vec<u8>)> {
        let body = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let req = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: {token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        let idle = self.idle.lock().map_err(|e| e.to_string())?.pop();
        // The server may have closed an idle connection: then a new one, once.
        let reused = match idle {
            Some(mut c) => c.exchange(req.as_bytes()).await.ok().map(|body| (c, body)),
            None => None,
        };
        let (mut conn, body) = match reused {
            Some(done) => done,
            None => {
                let mut c = self.connect().await?;
                let body = c.exchange(req.as_bytes()).await?;
                (c, body)
            }
        };
        conn.buf.clear();
        self.idle.lock().map_err(|e| e.to_string())?.push(conn);
        let ok = body
            .windows(br#""type":"ok""#.len())
            .any(|w| w == br#""type":"ok""#);
        Ok((ok, body))
    }
}

impl Conn {
    /// Writes one request and reads its answer's body.
    async fn exchange(&mut self, req: &[u8]) -> Res<Vec<u8>> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        self.stream
            .write_all(req)
            .await
            .map_err(|e| e.to_string())?;
        self.buf.clear();
        loop {
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&self.buf[..end]).to_ascii_lowercase();
                let len: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .ok_or("an answer without content-length")?;
                let total = end + 4 + len;
                if self.buf.len() >= total {
                    return Ok(self.buf[end + 4..total].to_vec());
                }
            }
            let read = self.stream.read_buf(&mut self.buf).await;
            if read.map_err(|e| e.to_string())? == 0 {
                return Err("connection closed".into());
            }
        }
    }
}

/// Percent-encodes a form value.
fn encode(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for b in v.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// One market the generator trades on, as the public quotes describe it.
#[derive(Clone)]
pub struct Target {
    pub symbol: String,
    /// The base coin's id (what a sell freezes).
    pub base: String,
    pub mid: f64,
    /// Decimals of a price (the tick's).
    price_dp: usize,
    /// Every order's quantity: the market's minimum, or more for about 5 USDT.
    qty: String,
    /// What a trader is funded with in the base coin: 200,000 orders' worth.
    pub funding: String,
}

/// The number of decimals a step such as "0.01" or "1" has.
fn decimals(step: &str) -> usize {
    step.split_once('.')
        .map_or(0, |(_, frac)| frac.trim_end_matches('0').len())
}

impl Target {
    pub fn from_quote(q: &Value) -> Res<Target> {
        let text = |k: &str| {
            q[k].as_str()
                .map(str::to_string)
                .ok_or(format!("quote without {k}: {q}"))
        };
        let num = |k: &str| -> Res<f64> { text(k)?.parse().map_err(|e| format!("{k}: {e}")) };
        let (mid, lot, min_qty) = (num("now_price")?, num("lot")?, num("min_qty")?);
        let lot_dp = decimals(&text("lot")?);
        // Lots for about 5 USDT (a hair under, so an exact fit stays one lot).
        let lots = (5.0 / mid / lot - 1e-9).ceil().max(1.0);
        let qty = (lots * lot).max(min_qty);
        Ok(Target {
            symbol: text("symbol")?,
            base: q["currency_id"]
                .as_i64()
                .ok_or("quote without currency_id")?
                .to_string(),
            mid,
            price_dp: decimals(&text("tick")?),
            qty: format!("{qty:.lot_dp$}"),
            funding: format!("{:.lot_dp$}", qty * 200_000.0),
        })
    }
}

/// One order's form fields: a limit order near the market's price, sometimes
/// crossing.
pub fn order(n: u64, t: &Target) -> Vec<(&'static str, String)> {
    // A cheap deterministic spread of prices and sides (no RNG needed).
    let h = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33;
    let buy = h.is_multiple_of(2);
    let offset = (h % 400) as f64 / 10_000.0; // up to 4 % away
    let crossing = h.is_multiple_of(10);
    let factor = match (buy, crossing) {
        (true, false) => 1.0 - 0.002 - offset,
        (false, false) => 1.0 + 0.002 + offset,
        (true, true) => 1.001,
        (false, true) => 0.999,
    };
    let dp = t.price_dp;
    vec![
        ("symbol", t.symbol.clone()),
        ("type", if buy { "1" } else { "2" }.to_string()),
        ("target_price", format!("{:.dp$}", t.mid * factor)),
        ("amount", t.qty.clone()),
    ]
}
