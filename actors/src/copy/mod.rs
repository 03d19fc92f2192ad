//! Copy trading: followers mirror a lead trader's contract positions.
//!
//! `engine` is the pure part: how a copy is sized, when it is skipped and why,
//! the trader's profit share at a high-water mark, and the statistics the
//! trader list shows, all computed from closed positions and daily equity.
//! The actor that applies it (one per lead trader, in the turn of the leader's
//! own open and close) builds on this.

pub mod engine;
