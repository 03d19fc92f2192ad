//! Input validation at the edge, the server's half of the spec's shared
//! validators: each function turns raw text into a checked value or the message
//! key the user sees.

use crate::error::{ApiError, ApiResult};

/// A normalised e-mail address (trimmed, lower case).
pub fn email(raw: &str) -> ApiResult<String> {
    let e = raw.trim().to_lowercase();
    let ok = e.len() <= 254
        && e.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && domain.contains('.')
                && !domain.contains("..")
                && e.chars().filter(|c| *c == '@').count() == 1
                && e.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "@._+-".contains(c))
        });
    if ok {
        Ok(e)
    } else {
        Err(ApiError::invalid("err_email_invalid"))
    }
}

/// A calling code of 1 to 4 digits (a leading `+` is dropped).
pub fn area_code(raw: Option<&str>) -> ApiResult<String> {
    let a = raw
        .unwrap_or("86")
        .trim()
        .trim_start_matches('+')
        .to_string();
    if (1..=4).contains(&a.len()) && a.chars().all(|c| c.is_ascii_digit()) {
        Ok(a)
    } else {
        Err(ApiError::invalid("err_area_code_invalid"))
    }
}

/// A mobile number: mainland China (area 86) is 11 digits starting 1[3-9]; other
/// areas take 5 to 15 digits.
pub fn mobile(area: &str, raw: &str) -> ApiResult<String> {
    let m = raw.trim().to_string();
    let digits = !m.is_empty() && m.chars().all(|c| c.is_ascii_digit());
    let ok = if area == "86" {
        digits && m.len() == 11 && m.starts_with('1') && matches!(m.as_bytes()[1], b'3'..=b'9')
    } else {
        digits && (5..=15).contains(&m.len())
    };
    if ok {
        Ok(m)
    } else {
        Err(ApiError::invalid("err_mobile_invalid"))
    }
}

/// A code is exactly six digits.
pub fn code(raw: Option<&str>) -> ApiResult<String> {
    match raw.map(str::trim) {
        Some(c) if c.len() == 6 && c.chars().all(|d| d.is_ascii_digit()) => Ok(c.to_string()),
        _ => Err(ApiError::invalid("err_code_format")),
    }
}

/// A login password is longer than 6 characters (the spec) and at most 32, and
/// must be typed the same twice.
pub fn password(pw: Option<&str>, again: Option<&str>) -> ApiResult<String> {
    let pw = pw.unwrap_or_default();
    let n = pw.chars().count();
    if !(7..=32).contains(&n) {
        return Err(ApiError::invalid("err_password_length"));
    }
    if again != Some(pw) {
        return Err(ApiError::invalid("err_passwords_mismatch"));
    }
    Ok(pw.to_string())
}

/// A payment password is six digits, typed the same twice.
pub fn pay_password(pw: Option<&str>, again: Option<&str>) -> ApiResult<String> {
    let pw = pw.unwrap_or_default();
    if pw.len() != 6 || !pw.chars().all(|c| c.is_ascii_digit()) {
        return Err(ApiError::invalid("err_pay_password_format"));
    }
    if again != Some(pw) {
        return Err(ApiError::invalid("err_passwords_mismatch"));
    }
    Ok(pw.to_string())
}

/// Display text (nickname, signature): letters of any script, digits and spaces,
/// between `min` and `max` characters.
pub fn display_text(
    raw: &str,
    min: usize,
    max: usize,
    length_key: &'static str,
) -> ApiResult<String> {
    let t = raw.trim();
    let n = t.chars().count();
    if n < min || n > max {
        return Err(ApiError::invalid(length_key));
    }
    if !t.chars().all(|c| c.is_alphanumeric() || c == ' ') {
        return Err(ApiError::invalid("err_text_chars"));
    }
    Ok(t.to_string())
}

/// Free text kept and shown to admins (names, bank and branch names, addresses):
/// required, at most `max` characters, and no markup or control characters, so
/// nothing stored can become HTML wherever it is shown.
pub fn plain_text(raw: Option<&str>, max: usize) -> ApiResult<String> {
    let t = raw.map(str::trim).unwrap_or_default();
    if t.is_empty() {
        return Err(ApiError::invalid("err_field_required"));
    }
    if t.chars().count() > max {
        return Err(ApiError::invalid("err_field_long").with_arg("max", max));
    }
    if t.chars().any(|c| matches!(c, '<' | '>') || c.is_control()) {
        return Err(ApiError::invalid("err_text_markup"));
    }
    Ok(t.to_string())
}

/// Digits only, after the spaces and dashes people type between groups.
fn digits(raw: Option<&str>) -> Option<String> {
    let d: String = raw?.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    (!d.is_empty() && d.chars().all(|c| c.is_ascii_digit())).then_some(d)
}

/// A bank card number: 8 to 19 digits.
pub fn card_number(raw: Option<&str>) -> ApiResult<String> {
    digits(raw)
        .filter(|d| (8..=19).contains(&d.len()))
        .ok_or_else(|| ApiError::invalid("err_card_number"))
}

/// An ABA routing number: 9 digits.
pub fn aba(raw: Option<&str>) -> ApiResult<String> {
    digits(raw)
        .filter(|d| d.len() == 9)
        .ok_or_else(|| ApiError::invalid("err_aba"))
}

/// A SWIFT (BIC) code: 4 letters of bank, 2 of country, 2 letters or digits of
/// location, and an optional 3 of branch; kept in capitals.
pub fn swift(raw: Option<&str>) -> ApiResult<String> {
    let s = raw
        .map(|r| r.trim().to_ascii_uppercase())
        .unwrap_or_default();
    let b = s.as_bytes();
    let ok = (s.len() == 8 || s.len() == 11)
        && b[..6].iter().all(u8::is_ascii_uppercase)
        && b[6..].iter().all(u8::is_ascii_alphanumeric);
    if ok {
        Ok(s)
    } else {
        Err(ApiError::invalid("err_swift"))
    }
}

/// A phone number as people write it (`+86 138 0013 8000`, `(415) 555-0100`):
/// 5 to 20 digits with an optional leading `+`.
pub fn phone(raw: Option<&str>) -> ApiResult<String> {
    let t = raw.map(str::trim).unwrap_or_default();
    let compact: String = t
        .chars()
        .filter(|c| !matches!(c, ' ' | '(' | ')' | '-'))
        .collect();
    let n = compact.strip_prefix('+').unwrap_or(&compact);
    if (5..=20).contains(&n.len()) && n.chars().all(|c| c.is_ascii_digit()) {
        Ok(t.to_string())
    } else {
        Err(ApiError::invalid("err_phone_invalid"))
    }
}

/// Shows an account without giving it away (shared with the actors, whose
/// events name people the same way).
pub use actors::privacy::mask;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mainland_mobiles_need_eleven_digits_starting_1_then_3_to_9() {
        assert!(mobile("86", "13800138000").is_ok());
        assert!(mobile("86", "12800138000").is_err());
        assert!(mobile("86", "1380013800").is_err());
        assert!(mobile("1", "4155550100").is_ok());
        assert!(mobile("1", "41a5550100").is_err());
    }

    #[test]
    fn passwords_must_be_longer_than_six_and_match() {
        assert!(password(Some("123456"), Some("123456")).is_err());
        assert!(password(Some("1234567"), Some("1234567")).is_ok());
        assert_eq!(
            password(Some("1234567"), Some("1234568"))
                .err()
                .map(|e| e.key),
            Some("err_passwords_mismatch")
        );
    }

    #[test]
    fn nicknames_count_characters_not_bytes() {
        assert!(display_text("小明", 2, 10, "k").is_ok());
        assert!(display_text("a", 2, 10, "k").is_err());
        assert!(display_text("abcdefghijk", 2, 10, "k").is_err());
        assert_eq!(
            display_text("ab<", 2, 10, "k").err().map(|e| e.key),
            Some("err_text_chars")
        );
    }

    #[test]
    fn stored_fields_are_checked_by_what_they_are() {
        let key = |r: ApiResult<String>| r.err().map(|e| e.key);
        assert_eq!(
            plain_text(Some(" Ada Lovelace "), 64).ok(),
            Some("Ada Lovelace".into())
        );
        assert_eq!(plain_text(Some("张 三"), 64).ok(), Some("张 三".into()));
        assert_eq!(
            key(plain_text(Some("<script>x</script>"), 64)),
            Some("err_text_markup")
        );
        assert_eq!(
            key(plain_text(Some("a\u{0}b"), 64)),
            Some("err_text_markup")
        );
        assert_eq!(key(plain_text(Some("   "), 64)), Some("err_field_required"));
        assert_eq!(key(plain_text(Some("abcd"), 3)), Some("err_field_long"));
        assert_eq!(
            card_number(Some("6222 0202-0011 2233 445")).ok(),
            Some("6222020200112233445".into())
        );
        assert_eq!(
            key(card_number(Some("6222<b>0000"))),
            Some("err_card_number")
        );
        assert_eq!(key(card_number(Some("1234567"))), Some("err_card_number"));
        assert!(aba(Some("021000021")).is_ok());
        assert_eq!(key(aba(Some("02100002"))), Some("err_aba"));
        assert_eq!(swift(Some("bourcnsh")).ok(), Some("BOURCNSH".into()));
        assert!(swift(Some("BOURCNSHXXX")).is_ok());
        assert!(swift(Some("BOURGB2L")).is_ok());
        assert_eq!(key(swift(Some("B0URCNSH"))), Some("err_swift"));
        assert_eq!(key(swift(Some("BOURCNS<>"))), Some("err_swift"));
        assert_eq!(key(swift(Some("BOURCNSHXX"))), Some("err_swift"));
        assert!(phone(Some("+86 138 0013 8000")).is_ok());
        assert!(phone(Some("(415) 555-0100")).is_ok());
        assert_eq!(key(phone(Some("555<script>"))), Some("err_phone_invalid"));
    }

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(email(" A@B.co ").ok(), Some("a@b.co".into()));
        assert!(email("a@b").is_err());
        assert!(email("a@@b.co").is_err());
        assert_eq!(mask("alice@b.co"), "a***@b.co");
        assert_eq!(mask("13800138000"), "138****8000");
    }
}
