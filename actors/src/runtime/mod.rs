//! What every actor runs with, whatever product it serves:
//!
//! - [`Handle`]: the address every caller uses. It counts the backlog (sent,
//!   not yet answered), the messages answered and the last answer's time, and
//!   supervises the actor: one that stops or panics is started again from its
//!   factory, which rebuilds its state from the database, and the restart is
//!   counted.
//! - [`HealthReport`]: the typed report every actor gives the admin health
//!   screen: the handle's counts plus the actor's own [`Check`]s.
//! - [`Event`]: the one event type any actor publishes to a public channel's
//!   topic, to every socket or to one user's sockets; the public [`Channel`]s
//!   are registered by the actor kind that publishes on them.
//! - [`Desk`]: the running actors of one kind by key, each started on
//!   demand or at boot, supervised, registered, and taken off when it says
//!   it is [`Done`]; every product's keyed actors live on one.
//! - [`ProductError`]: the one error every product answers with, each
//!   variant a kind of refusal the API maps in one place.
//! - [`Registry`]: every running actor of every kind, for that screen, and the
//!   public channels.
//! - [`clock`]: the one clock; [`timing`]: where an order's time goes.
//!
//! A product's actor answers [`Checks`] and is started by its kind's desk
//! (a singleton, such as a demo, with [`Handle::supervise`] and the
//! registry); see `docs/adding-a-product.md`.

pub mod clock;
mod desk;
mod error;
mod event;
mod handle;
mod health;
mod registry;
pub mod timing;

pub use desk::{Desk, Done, Seat};
pub use error::ProductError;
pub use event::{Channel, Event, Topic};
pub use handle::Handle;
pub use health::{Check, Checks, HealthReport, Meter, Status};
pub use registry::{Registry, Watched};
