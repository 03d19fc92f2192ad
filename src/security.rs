//! Password hashing (argon2id), login tokens (random, only their hash stored) and
//! verification codes.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use rand::Rng;
use sha2::{Digest, Sha256};

/// Hashes a password with argon2id and a random salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// True when `password` matches the stored PHC hash.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Runs the (deliberately slow) hashing off the async workers.
pub async fn hash_password_blocking(password: String) -> Result<String, String> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| e.to_string())?
}

pub async fn verify_password_blocking(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || verify_password(&password, &stored))
        .await
        .unwrap_or(false)
}

/// A hash of a random password, checked against when an account does not exist.
pub fn dummy_hash() -> String {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY
        .get_or_init(|| hash_password(&new_token()).unwrap_or_default())
        .clone()
}

/// A new login token: 32 random bytes, hex. Only [`sha256_hex`] of it is stored.
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::rngs::OsRng.gen();
    hex::encode(bytes)
}

pub fn sha256_hex(input: &str) -> String {
    hex::encode(Sha256::digest(input.as_bytes()))
}

/// A 6-digit verification code, uniformly drawn.
pub fn new_code() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32))
}

/// A code is stored hashed together with its address, so a leaked table neither
/// reveals codes nor lets one be moved to another address.
pub fn code_hash(address: &str, code: &str) -> String {
    sha256_hex(&format!("{address}:{code}"))
}

/// An invite code: 8 characters without the easily confused 0/O and 1/I.
pub fn new_invite_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rngs::OsRng;
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A random file name stem for uploads (128 bits).
pub fn random_name() -> String {
    let bytes: [u8; 16] = rand::rngs::OsRng.gen();
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_own_hash_only() {
        let h = hash_password("Secret123").unwrap_or_default();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("Secret123", &h));
        assert!(!verify_password("Secret124", &h));
    }

    #[test]
    fn codes_are_six_digits_and_tokens_are_unique() {
        for _ in 0..100 {
            let c = new_code();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|d| d.is_ascii_digit()));
        }
        assert_ne!(new_token(), new_token());
    }
}
