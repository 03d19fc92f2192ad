//! The supervised address of an actor.

use super::desk::Done;
use super::health::{Check, Checks, HealthReport, Meter};
use actix::prelude::*;
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

/// How often the supervisor looks whether its actor still runs.
const WATCH_EVERY: Duration = Duration::from_millis(100);
/// The first restart comes at once; each one within a minute of the last waits
/// twice as long as the one before (an actor that cannot load its state does
/// not spin), up to this.
const MOST_BACKOFF: Duration = Duration::from_secs(30);
/// How long an actor may take to give its checks before it is reported failing.
const ANSWER_WITHIN: Duration = Duration::from_secs(1);

struct Inner<A: Actor> {
    name: String,
    kind: &'static str,
    addr: RwLock<Addr<A>>,
    meter: Arc<Meter>,
}

/// The address of an actor with its counts; cheap to clone. When made by
/// [`Handle::supervise`], the actor is started again whenever it stops (a
/// handler that panicked, a load that failed), and senders reach the new one.
pub struct Handle<A: Actor> {
    inner: Arc<Inner<A>>,
}

impl<A: Actor> Clone for Handle<A> {
    fn clone(&self) -> Self {
        Handle {
            inner: self.inner.clone(),
        }
    }
}

impl<A> Handle<A>
where
    A: Actor<Context = Context<A>> + Handler<Checks>,
{
    /// Starts `make`'s actor on the current arbiter and keeps it running:
    /// whenever it stops, a new one from `make` takes its place (and rebuilds
    /// its state from the database as any start does). `make` is given the
    /// handle's meter, for an actor whose work comes from its own timers to
    /// count it. Supervision ends when the last clone of the handle is dropped.
    pub fn supervise(
        name: impl Into<String>,
        kind: &'static str,
        make: impl Fn(Arc<Meter>) -> A + 'static,
    ) -> Handle<A> {
        Handle::supervise_until(name, kind, Done::default(), make)
    }

    /// As [`Handle::supervise`], for an actor whose work can end: once
    /// `done` is said, an actor that stops is not started again.
    pub fn supervise_until(
        name: impl Into<String>,
        kind: &'static str,
        done: Done,
        make: impl Fn(Arc<Meter>) -> A + 'static,
    ) -> Handle<A> {
        let meter = Arc::<Meter>::default();
        let handle = Handle::watch(name, kind, make(meter.clone()).start(), meter);
        let weak = Arc::downgrade(&handle.inner);
        actix::spawn(supervise(weak, done, make));
        handle
    }

    /// A handle on an actor someone else started and keeps (the socket hub,
    /// whose state is its live sockets and cannot be rebuilt by a restart),
    /// with the meter the actor itself counts on.
    pub fn watch(
        name: impl Into<String>,
        kind: &'static str,
        addr: Addr<A>,
        meter: Arc<Meter>,
    ) -> Handle<A> {
        Handle {
            inner: Arc::new(Inner {
                name: name.into(),
                kind,
                addr: RwLock::new(addr),
                meter,
            }),
        }
    }

    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The running instance's address.
    pub fn addr(&self) -> Addr<A> {
        self.inner
            .addr
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    pub fn meter(&self) -> &Meter {
        &self.inner.meter
    }

    /// Sends a message and waits for the answer, counted in the backlog until it comes.
    pub async fn send<M>(&self, msg: M) -> Result<M::Result, MailboxError>
    where
        M: Message + Send + 'static,
        M::Result: Send,
        A: Handler<M>,
    {
        let addr = self.addr();
        self.inner.meter.sent();
        let answer = addr.send(msg).await;
        self.inner.meter.answered();
        answer
    }

    /// The actor's report: the counts with its own checks, or a failing check
    /// when it does not answer within a second (the caller never hangs).
    pub async fn report(&self) -> HealthReport {
        let checks = match tokio::time::timeout(ANSWER_WITHIN, self.addr().send(Checks)).await {
            Ok(Ok(checks)) => checks,
            // Details are words the health screen translates.
            Ok(Err(_)) => vec![Check::fail("running", "restarting")],
            Err(_) => vec![Check::fail("answer", "no_answer")],
        };
        self.inner
            .meter
            .report(&self.inner.name, self.inner.kind, checks)
    }
}

/// Restarts the actor behind `inner` each time it stops, until the handle goes.
async fn supervise<A>(inner: Weak<Inner<A>>, done: Done, make: impl Fn(Arc<Meter>) -> A)
where
    A: Actor<Context = Context<A>>,
{
    let mut backoff = Duration::ZERO;
    let mut last_restart: Option<std::time::Instant> = None;
    loop {
        actix_rt_sleep(WATCH_EVERY).await;
        let Some(strong) = inner.upgrade() else {
            return;
        };
        let running = strong
            .addr
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .connected();
        if running {
            continue;
        }
        if done.said() {
            return;
        }
        backoff = match last_restart {
            Some(at) if at.elapsed() < Duration::from_secs(60) => (backoff * 2)
                .max(Duration::from_millis(200))
                .min(MOST_BACKOFF),
            _ => Duration::ZERO,
        };
        log::error!(
            "{}: stopped; restarting in {} ms (restart {})",
            strong.name,
            backoff.as_millis(),
            strong.meter.restarts() + 1
        );
        drop(strong);
        actix_rt_sleep(backoff).await;
        let Some(strong) = inner.upgrade() else {
            return;
        };
        if done.said() {
            return;
        }
        let addr = make(strong.meter.clone()).start();
        *strong
            .addr
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = addr;
        strong.meter.restarted();
        last_restart = Some(std::time::Instant::now());
    }
}

async fn actix_rt_sleep(d: Duration) {
    if !d.is_zero() {
        tokio::time::sleep(d).await;
    }
}
