//! What a session list may show of where a login came from: the browser and
//! system named from the user agent, and an address too coarse to point at
//! one home. Pure functions, so the rules are tested here.

/// Longest user agent kept: enough for every real browser's, and a bound on
/// what a client can make the server store.
pub const MAX_AGENT: usize = 300;

/// A user agent cut to [`MAX_AGENT`] bytes (on a character boundary) with
/// control characters dropped.
pub fn keep_agent(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len().min(MAX_AGENT));
    for c in raw.chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > MAX_AGENT {
            break;
        }
        out.push(c);
    }
    out
}

/// The browser and the system a user agent names (each empty when unknown),
/// and whether it is a phone or tablet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agent {
    pub browser: &'static str,
    pub os: &'static str,
    pub mobile: bool,
}

/// Reads the usual tokens of a user agent. Order matters: Edge, Opera and
/// Samsung's browser also say "Chrome", Chrome also says "Safari", Android
/// says "Linux", and iPads may say "Macintosh".
pub fn describe(ua: &str) -> Agent {
    let has = |t: &str| ua.contains(t);
    let browser = if has("Edg/") || has("EdgA/") || has("EdgiOS/") {
        "Edge"
    } else if has("OPR/") || has("Opera") {
        "Opera"
    } else if has("SamsungBrowser/") {
        "Samsung Internet"
    } else if has("MicroMessenger/") {
        "WeChat"
    } else if has("Firefox/") || has("FxiOS/") {
        "Firefox"
    } else if has("Chrome/") || has("CriOS/") || has("Chromium/") {
        "Chrome"
    } else if has("Safari/") && has("Version/") {
        "Safari"
    } else if has("node") || has("undici") {
        "Node.js"
    } else if has("curl/") {
        "curl"
    } else {
        ""
    };
    let os = if has("iPhone") || has("iPod") {
        "iOS"
    } else if has("iPad") {
        "iPadOS"
    } else if has("Android") {
        "Android"
    } else if has("Windows") {
        "Windows"
    } else if has("Mac OS X") || has("Macintosh") {
        "macOS"
    } else if has("CrOS") {
        "ChromeOS"
    } else if has("Linux") {
        "Linux"
    } else {
        ""
    };
    Agent {
        browser,
        os,
        mobile: has("Mobile") || matches!(os, "iOS" | "iPadOS" | "Android"),
    }
}

/// An address made coarse before it is stored: IPv4 keeps its first three
/// parts (`203.0.113.x`), IPv6 its first three groups (`2001:db8:1::/48`);
/// anything else is kept as it came only if it is not an address at all
/// (`unknown`), else dropped.
pub fn coarse_ip(raw: &str) -> String {
    match raw.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => {
            let [a, b, c, _] = v4.octets();
            format!("{a}.{b}.{c}.x")
        }
        Ok(std::net::IpAddr::V6(v6)) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return coarse_ip(&v4.to_string());
            }
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}::/48", s[0], s[1], s[2])
        }
        Err(_) if raw.chars().all(|c| c.is_ascii_alphabetic()) => raw.to_string(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_are_named_with_their_system() {
        let cases = [
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1", "Safari", "iOS", true),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36", "Chrome", "Android", true),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0", "Edge", "Windows", false),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0", "Firefox", "macOS", false),
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/105.0.0.0", "Opera", "Linux", false),
            ("Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36", "Samsung Internet", "Android", true),
            ("Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1", "Chrome", "iPadOS", true),
            ("curl/8.5.0", "curl", "", false),
            ("", "", "", false),
        ];
        for (ua, browser, os, mobile) in cases {
            assert_eq!(
                describe(ua),
                Agent {
                    browser,
                    os,
                    mobile
                },
                "{ua}"
            );
        }
    }

    #[test]
    fn addresses_are_stored_too_coarse_to_name_a_home() {
        assert_eq!(coarse_ip("203.0.113.77"), "203.0.113.x");
        assert_eq!(coarse_ip("2001:db8:1:2:3:4:5:6"), "2001:db8:1::/48");
        assert_eq!(coarse_ip("::ffff:198.51.100.9"), "198.51.100.x");
        assert_eq!(coarse_ip("unknown"), "unknown");
        assert_eq!(coarse_ip("not an address; <script>"), "");
    }

    #[test]
    fn a_user_agent_is_kept_short_and_printable() {
        let long = "é".repeat(400);
        let kept = keep_agent(&long);
        assert!(kept.len() <= MAX_AGENT && kept.chars().all(|c| c == 'é'));
        assert_eq!(keep_agent("a\u{0}b\nc"), "abc");
    }
}
