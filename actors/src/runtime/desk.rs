//! The keyed desk: the running actors of one kind, by key (a product's id,
//! a market's id, a trader's user id).
//!
//! Every product with an actor per thing (a contract market, a token sale,
//! an auction) runs them on a [`Desk`]: started on demand or at boot,
//! supervised (restarted from the database should one stop), registered
//! for the health screen, and taken off both when the actor says its work
//! is over ([`Done::say`]). A product's service keeps a desk per kind and
//! asks it for the actor of a key; a key with no actor is one the product
//! does not run (never started, or over).

use super::handle::Handle;
use super::health::{Checks, Meter};
use super::registry::Registry;
use actix::prelude::*;
use std::collections::HashMap;
use std::fmt::Display;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, RwLock, Weak};

/// What an actor started by a desk is given: the meter its handle counts
/// on (for work that comes from its own timers) and its [`Done`].
pub struct Seat {
    pub meter: Arc<Meter>,
    pub done: Done,
}

/// An actor's way to say its work is over (an auction sold, a product
/// settled): it is taken off its desk and the health screen, and not
/// started again when it then stops. Cheap to clone; saying it twice is
/// saying it once. One made with `Done::default()` belongs to no desk (an
/// actor started alone, in a test): saying it only marks it said.
#[derive(Clone, Default)]
pub struct Done(Arc<DoneInner>);

#[derive(Default)]
struct DoneInner {
    said: AtomicBool,
    then: OnceLock<Box<dyn Fn() + Send + Sync>>,
}

impl Done {
    pub fn say(&self) {
        if !self.0.said.swap(true, Ordering::AcqRel) {
            if let Some(f) = self.0.then.get() {
                f();
            }
        }
    }

    pub fn said(&self) -> bool {
        self.0.said.load(Ordering::Acquire)
    }
}

/// What the desk keeps per key: the handle, and what callers share with
/// the actor beside its mailbox (an auction's least next bid).
struct Entry<A: Actor, X> {
    handle: Handle<A>,
    extra: X,
}

type Entries<K, A, X> = RwLock<HashMap<K, Entry<A, X>>>;

/// The running actors of one kind, by key. `X` is what callers read beside
/// each actor without a message (none by default).
pub struct Desk<K, A: Actor, X = ()> {
    /// Actor names are `prefix:key` on the health screen.
    prefix: &'static str,
    kind: &'static str,
    registry: Arc<Registry>,
    running: Arc<Entries<K, A, X>>,
}

impl<K, A, X> Desk<K, A, X>
where
    K: Eq + Hash + Clone + Display + Send + Sync + 'static,
    A: Actor<Context = Context<A>> + Handler<Checks>,
    X: Clone + Send + Sync + 'static,
{
    pub fn new(prefix: &'static str, kind: &'static str, registry: Arc<Registry>) -> Self {
        Desk {
            prefix,
            kind,
            registry,
            running: Arc::default(),
        }
    }

    /// The actor of `key`, started from `make` unless it runs (`make` is
    /// called again at each restart), with `extra` beside it.
    pub fn run_with(&self, key: K, extra: X, make: impl Fn(Seat) -> A + 'static) -> Handle<A> {
        let mut map = self.running.write().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = map.get(&key) {
            return e.handle.clone();
        }
        let name = format!("{}:{key}", self.prefix);
        let done = Done::default();
        let (running, registry, gone, name_gone) = (
            Arc::downgrade(&self.running),
            Arc::downgrade(&self.registry),
            key.clone(),
            name.clone(),
        );
        let _ = done.0.then.set(Box::new(move || {
            leave(&running, &registry, &gone, &name_gone)
        }));
        let seat_done = done.clone();
        let handle = Handle::supervise_until(name, self.kind, done, move |meter| {
            make(Seat {
                meter,
                done: seat_done.clone(),
            })
        });
        self.registry.add(handle.clone());
        map.insert(
            key,
            Entry {
                handle: handle.clone(),
                extra,
            },
        );
        handle
    }

    /// The actor of `key`, if it runs.
    pub fn get(&self, key: &K) -> Option<Handle<A>> {
        self.read(key).map(|e| e.0)
    }

    /// The actor of `key` and what it shares beside, if it runs.
    pub fn read(&self, key: &K) -> Option<(Handle<A>, X)> {
        self.running
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .map(|e| (e.handle.clone(), e.extra.clone()))
    }

    /// How many run.
    pub fn len(&self) -> usize {
        self.running.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<K, A> Desk<K, A, ()>
where
    K: Eq + Hash + Clone + Display + Send + Sync + 'static,
    A: Actor<Context = Context<A>> + Handler<Checks>,
{
    /// The actor of `key`, started from `make` unless it runs.
    pub fn run(&self, key: K, make: impl Fn(Seat) -> A + 'static) -> Handle<A> {
        self.run_with(key, (), make)
    }
}

/// Takes a done actor off its desk and the health screen; with the desk's
/// and the registry's handles gone, only callers mid-send still hold it.
fn leave<K: Eq + Hash, A: Actor, X>(
    running: &Weak<Entries<K, A, X>>,
    registry: &Weak<Registry>,
    key: &K,
    name: &str,
) {
    if let Some(r) = running.upgrade() {
        r.write().unwrap_or_else(|p| p.into_inner()).remove(key);
    }
    if let Some(r) = registry.upgrade() {
        r.remove(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{Check, Checks};

    /// Says it is done when told, then stops.
    struct Finite {
        done: Done,
    }

    impl Actor for Finite {
        type Context = Context<Self>;
    }

    impl Handler<Checks> for Finite {
        type Result = MessageResult<Checks>;
        fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
            MessageResult(vec![Check::ok("alive", "")])
        }
    }

    #[derive(Message)]
    #[rtype(result = "()")]
    struct Finish;

    impl Handler<Finish> for Finite {
        type Result = ();
        fn handle(&mut self, _: Finish, ctx: &mut Context<Self>) {
            self.done.say();
            ctx.stop();
        }
    }

    #[actix::test]
    async fn started_once_per_key_and_gone_when_done() {
        let registry = Arc::new(Registry::default());
        let desk: Desk<i64, Finite> = Desk::new("finite", "finite", registry.clone());
        let starts = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = starts.clone();
        let make = move |seat: Seat| {
            counted.fetch_add(1, Ordering::SeqCst);
            Finite { done: seat.done }
        };
        let a = desk.run(7, make.clone());
        let again = desk.run(7, make);
        assert_eq!(
            starts.load(Ordering::SeqCst),
            1,
            "a running key is not started twice"
        );
        assert_eq!(a.name(), again.name());
        assert_eq!(registry.reports().await.len(), 1);
        a.send(Finish).await.unwrap_or_else(|e| panic!("{e}"));
        assert!(desk.get(&7).is_none(), "a done actor leaves its desk");
        assert!(registry.reports().await.is_empty(), "and the health screen");
        // Its supervisor does not start it again.
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        assert_eq!(starts.load(Ordering::SeqCst), 1);
        assert!(!a.addr().connected());
    }
}
