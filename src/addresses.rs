//! Deposit addresses in each network's own format. The platform's addresses are
//! set by admins and checked here; where the configuration names none, a demo
//! address is derived from the coin and network, well-formed for the network
//! (so its QR code scans as an address) and marked demo wherever it is shown.
//! Nothing holds the keys of a demo address: it exists only so that the deposit
//! screens can be tried, and the screens say so.

use bech32::{hrp, segwit};
use sha2::{Digest, Sha256};
use sha3::Keccak256;

/// The address formats the platform knows, by network name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `0x` and 40 hex digits with the EIP-55 mixed-case checksum.
    Erc20,
    /// Base58check of 0x41 and 20 bytes (starts with "T").
    Trc20,
    /// Native segwit, bech32 with the "bc" prefix.
    Btc,
}

impl Format {
    pub fn of(network: &str) -> Option<Format> {
        match network.to_ascii_uppercase().as_str() {
            // BNB Smart Chain (BEP20) addresses have the Ethereum form.
            "ERC20" | "BEP20" => Some(Format::Erc20),
            "TRC20" => Some(Format::Trc20),
            "BTC" => Some(Format::Btc),
            _ => None,
        }
    }
}

/// EIP-55: each hex letter is upper case where the Keccak-256 of the
/// lower-case address has a nibble of 8 or more at its position.
fn eip55(body: &[u8; 20]) -> String {
    let lower = hex::encode(body);
    let hash = Keccak256::digest(lower.as_bytes());
    let mixed: String = lower
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let nibble = (hash[i / 2] >> if i % 2 == 0 { 4 } else { 0 }) & 0x0f;
            if c.is_ascii_alphabetic() && nibble >= 8 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    format!("0x{mixed}")
}

/// The demo address of `network` for coin `currency`: the same on every run
/// and every machine, different for each coin and network. `None` only if the
/// bech32 encoder refused a 20-byte program, which it accepts by definition.
pub fn demo(currency: i64, network: &str) -> Option<String> {
    let seed = Sha256::digest(format!("bourse demo deposit {currency} {network}").as_bytes());
    let mut body = [0u8; 20];
    body.copy_from_slice(&seed[..20]);
    match Format::of(network) {
        Some(Format::Trc20) => {
            let mut raw = vec![0x41];
            raw.extend_from_slice(&body);
            Some(bs58::encode(raw).with_check().into_string())
        }
        Some(Format::Btc) => segwit::encode(hrp::BC, segwit::VERSION_0, &body).ok(),
        // An unknown network gets the Ethereum form, the most widely scanned.
        Some(Format::Erc20) | None => Some(eip55(&body)),
    }
}

/// Whether `address` is well-formed for `network`. A network the platform has
/// no rule for takes 10 to 128 ASCII letters and digits.
pub fn is_valid(network: &str, address: &str) -> bool {
    match Format::of(network) {
        Some(Format::Erc20) => {
            let Some(hexpart) = address.strip_prefix("0x") else {
                return false;
            };
            let mut body = [0u8; 20];
            if hexpart.len() != 40 || hex::decode_to_slice(hexpart, &mut body).is_err() {
                return false;
            }
            // All one case carries no checksum (and is accepted, as wallets do);
            // mixed case must be the checksum.
            let single_case =
                hexpart == hexpart.to_ascii_lowercase() || hexpart == hexpart.to_ascii_uppercase();
            single_case || eip55(&body) == address
        }
        Some(Format::Trc20) => bs58::decode(address)
            .with_check(None)
            .into_vec()
            .is_ok_and(|raw| raw.len() == 21 && raw[0] == 0x41),
        Some(Format::Btc) => {
            segwit::decode(address).is_ok_and(|(h, _, _)| h == hrp::BC)
                && address.starts_with("bc1")
        }
        None => {
            (10..=128).contains(&address.len())
                && address.chars().all(|c| c.is_ascii_alphanumeric())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eip55_matches_the_standard_examples() {
        // Test vectors of EIP-55.
        for good in [
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
            "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
            "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        ] {
            assert!(is_valid("ERC20", good), "{good}");
            let mut body = [0u8; 20];
            assert!(hex::decode_to_slice(&good[2..], &mut body).is_ok());
            assert_eq!(eip55(&body), good);
        }
        assert!(
            !is_valid("ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"),
            "one letter's case off"
        );
        assert!(!is_valid(
            "ERC20",
            "0xB0u75e0000000000000000000000000000demo03"
        ));
    }

    #[test]
    fn tron_and_bitcoin_addresses_are_checked() {
        assert!(
            is_valid("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
            "the USDT contract"
        );
        assert!(!is_valid("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"));
        assert!(!is_valid("TRC20", "TBourse000000000000000000000demo03"));
        assert!(
            is_valid("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
            "BIP-173 example"
        );
        assert!(
            !is_valid("BTC", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"),
            "testnet"
        );
        assert!(!is_valid("BTC", "bc1qbourse0demo0deposit0address0btc0000"));
    }

    #[test]
    fn demo_addresses_are_valid_stable_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for (coin, net) in [
            (1, "BTC"),
            (2, "ERC20"),
            (3, "ERC20"),
            (3, "TRC20"),
            (4, "TRC20"),
            (5, "BEP20"),
            (12, "ERC20"),
            (12, "BEP20"),
        ] {
            let a = demo(coin, net).unwrap_or_default();
            assert!(is_valid(net, &a), "{net} {a}");
            assert_eq!(Some(&a), demo(coin, net).as_ref());
            assert!(seen.insert(a));
        }
        assert!(demo(3, "TRC20").is_some_and(|a| a.starts_with('T')));
        assert!(demo(1, "BTC").is_some_and(|a| a.starts_with("bc1q")));
        assert!(demo(6, "BEP20").is_some_and(|a| a.starts_with("0x")));
    }
}
