//! The NFT marketplace: artworks sold at a fixed price, in live auctions with
//! deposits (one `AuctionActor` per live auction) and in provably fair blind
//! boxes, and resold by their owners with a royalty to the artist. `engine`
//! holds the rules, `store` every statement that moves money or ownership,
//! `royalties` who receives an artist's royalty (a linked user, or the
//! royalties account holding it for the artist), `boxes` the blind boxes,
//! `actor` the auction's actor.

pub mod actor;
pub mod boxes;
pub mod engine;
pub mod royalties;
pub mod store;

pub use actor::{AuctionActor, BidTaken, Join, PayWon, PlaceBid, ReloadAuction};
pub use store::{status, Rules};
