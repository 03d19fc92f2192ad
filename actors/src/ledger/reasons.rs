//! Every reason an operation may carry, in one list. The records pages show a
//! user each journal line under its reason, so each one needs a label in every
//! language: the server's test `every_ledger_name_has_a_label` reads this list
//! and [`super::accounts::ACCOUNTS`] against the web's locale files, and
//! [`super::Operation::validate`] refuses (in debug builds, so every test that
//! posts) a reason that is not here. A product that posts under a new reason
//! adds it here and its label to web/src/features/fund/locales/*.json.

/// Every journal reason, grouped by who posts it.
pub const REASONS: &[&str] = &[
    // Funds (src/funds).
    "deposit",
    "withdraw_freeze",
    "withdraw_release",
    "withdraw",
    "account_transfer",
    "conversion",
    "demo_funding",
    // System funding of the demo's market makers and reserves.
    "maker_funding",
    "reserve_funding",
    // Spot market.
    "trade",
    "order_freeze",
    "order_cancel",
    // Futures and options.
    "contract_open",
    "contract_close",
    "contract_cancel",
    "contract_overnight",
    "option_open",
    "option_settle",
    // Lock-up mining.
    "lock_subscribe",
    "lock_yield",
    "lock_matured",
    "lock_redeem",
    // Token sales.
    "ieo_subscribe",
    "ieo_refund",
    "ieo_credit",
    "ieo_release",
    // Dual investment.
    "dual_buy",
    "dual_settle",
    // NFT.
    "nft_box",
    "nft_sale",
    "nft_margin",
    "nft_margin_back",
    "nft_forfeit",
    // A resale's royalty to the artist's linked user, and what an artist
    // accrued while unlinked, paid when linked (nft::royalties).
    "nft_royalty",
    "nft_royalty_payout",
    // Copy trading.
    "copy_open",
    "copy_share",
];

/// Whether `reason` is one of [`REASONS`].
pub fn is_known(reason: &str) -> bool {
    REASONS.contains(&reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn reasons_are_unique_snake_case_words() {
        let set: HashSet<&str> = REASONS.iter().copied().collect();
        assert_eq!(set.len(), REASONS.len());
        assert!(REASONS
            .iter()
            .all(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
    }
}
