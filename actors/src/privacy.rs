//! How people are named to others: the same masking in REST answers and in the
//! events the actors broadcast, so no channel says more than a page does.

/// Shows an account without giving it away: `a***@mail.com`, `138****8000`.
pub fn mask(account: &str) -> String {
    if let Some((local, domain)) = account.split_once('@') {
        let first: String = local.chars().take(1).collect();
        return format!("{first}***@{domain}");
    }
    let chars: Vec<char> = account.chars().collect();
    if chars.len() > 7 {
        let head: String = chars[..3].iter().collect();
        let tail: String = chars[chars.len() - 4..].iter().collect();
        format!("{head}****{tail}")
    } else {
        "****".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_masked() {
        assert_eq!(mask("alice@b.co"), "a***@b.co");
        assert_eq!(mask("13800138000"), "138****8000");
        assert_eq!(mask("bob"), "****");
    }
}
