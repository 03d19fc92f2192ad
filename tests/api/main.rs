//! The API driven over HTTP like the app drives it, on SQLite and PostgreSQL.

mod helpers;

mod access;
mod accounts;
mod assets;
mod auctions;
mod content;
mod copy;
mod copy_figures;
mod demo;
mod derivatives;
mod dust;
mod earn;
mod fanout;
mod funds;
mod hardening;
mod hostile;
mod hostile_types;
mod index_history;
mod markets;
mod nft;
mod node;
mod profile;
mod promises;
mod races;
mod restart;
mod royalties;
mod sales;
mod sessions;
mod smtp;
mod supervision;
mod texts;
mod told;
mod upload;
mod web;
