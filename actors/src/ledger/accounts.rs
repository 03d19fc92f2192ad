//! Every ledger account in one table, for both crates: the user asset accounts
//! (by the app's codes) and the system's counter-accounts (holder
//! 0, codes from 101). A product that holds users' money apart, or pays from a
//! reserve of its own, adds a row here; the server reads names, what users may
//! transfer between, and the audit's labels from this table.
//!
//! Codes the coming products will take, so none is taken twice: user 5 stock,
//! 7 copy trading, 8 NFT escrow, 9 loans, 10 margin,
//! 11 OTC escrow; system 111 NFT sale deposits,
//! 112 NFT royalties, 113 loan interest, 114 OTC fees. A row is added when its
//! product lands, never before (an account nobody can fund would show empty).

use super::{account, SystemAccount};

/// Who holds an account's balances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// Each user has one per coin; never below zero.
    User,
    /// Holder 0; may go below zero (it is the other side of users' money).
    System,
}

/// One ledger account.
#[derive(Debug, Clone, Copy)]
pub struct AccountDef {
    pub code: i64,
    /// The name the API accepts next to the code and the records page shows.
    pub name: &'static str,
    pub holder: Holder,
    /// Whether users move money in and out of it with `wallet/change`.
    pub transferable: bool,
}

const fn user(code: i64, name: &'static str) -> AccountDef {
    AccountDef {
        code,
        name,
        holder: Holder::User,
        transferable: true,
    }
}

const fn system(acc: SystemAccount, name: &'static str) -> AccountDef {
    AccountDef {
        code: acc as i64,
        name,
        holder: Holder::System,
        transferable: false,
    }
}

/// Every account, users' first in the app's order.
pub const ACCOUNTS: &[AccountDef] = &[
    user(account::LEGAL, "legal"),
    user(account::CHANGE, "change"),
    user(account::LEVER, "lever"),
    user(account::MICRO, "micro"),
    AccountDef {
        transferable: false,
        ..user(account::MINING, "mining")
    },
    AccountDef {
        transferable: false,
        ..user(account::LAUNCHPAD, "launchpad")
    },
    AccountDef {
        transferable: false,
        ..user(account::DUAL, "dual")
    },
    AccountDef {
        transferable: false,
        ..user(account::NFT, "nft_escrow")
    },
    system(SystemAccount::Deposits, "deposits"),
    system(SystemAccount::Withdrawals, "withdrawals"),
    system(SystemAccount::Fees, "fees"),
    system(SystemAccount::Conversion, "conversion"),
    system(SystemAccount::OptionsPool, "options_pool"),
    system(SystemAccount::InsuranceFund, "insurance_fund"),
    system(SystemAccount::Yields, "yields"),
    system(SystemAccount::Rebates, "rebates"),
    system(SystemAccount::Contracts, "contracts"),
    system(SystemAccount::MiningReserve, "mining_reserve"),
    system(SystemAccount::Launchpad, "launchpad_sales"),
    system(SystemAccount::Dual, "dual_house"),
    system(SystemAccount::NftSales, "nft_sales"),
    system(SystemAccount::NftRoyalties, "nft_royalties"),
];

/// The user asset accounts, in the app's order.
pub fn user_accounts() -> impl Iterator<Item = &'static AccountDef> {
    ACCOUNTS.iter().filter(|a| a.holder == Holder::User)
}

/// A user account by its code or its name (`"2"` or `"change"`).
pub fn user_account(raw: &str) -> Option<&'static AccountDef> {
    user_accounts().find(|a| a.name == raw || a.code.to_string() == raw)
}

/// An account's name by holder and code (`unknown` for a code not in the table).
pub fn name_of(holder: i64, code: i64) -> &'static str {
    let kind = if holder == super::SYSTEM {
        Holder::System
    } else {
        Holder::User
    };
    if kind == Holder::System && code > super::MARKET_FEES {
        return "market_fees";
    }
    ACCOUNTS
        .iter()
        .find(|a| a.holder == kind && a.code == code)
        .map_or("unknown", |a| a.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_kinds_apart() {
        let codes: HashSet<i64> = ACCOUNTS.iter().map(|a| a.code).collect();
        let names: HashSet<&str> = ACCOUNTS.iter().map(|a| a.name).collect();
        assert_eq!(codes.len(), ACCOUNTS.len());
        assert_eq!(names.len(), ACCOUNTS.len());
        // User codes stay below the system range, so a code alone says which.
        assert!(ACCOUNTS
            .iter()
            .all(|a| (a.holder == Holder::User) == (a.code < 100)));
    }

    #[test]
    fn every_system_account_is_in_the_table() {
        use SystemAccount::*;
        for s in [
            Deposits,
            Withdrawals,
            Fees,
            Conversion,
            OptionsPool,
            InsuranceFund,
            Yields,
            Rebates,
            Contracts,
            MiningReserve,
            Launchpad,
            Dual,
        ] {
            assert_ne!(name_of(0, s as i64), "unknown", "{s:?}");
        }
    }

    #[test]
    fn user_accounts_read_by_code_or_name() {
        assert_eq!(user_account("2").map(|a| a.code), Some(account::CHANGE));
        assert_eq!(user_account("micro").map(|a| a.code), Some(account::MICRO));
        assert!(user_account("deposits").is_none());
        assert!(user_account("101").is_none());
        assert_eq!(name_of(7, 3), "lever");
        assert_eq!(name_of(0, 109), "contracts");
        assert_eq!(name_of(0, super::super::market_fees(7)), "market_fees");
        assert_eq!(name_of(7, super::super::market_fees(7)), "unknown");
    }
}
