//! Every running actor, for the admin health screen, and the public channels.

use super::event::{Channel, Topic};
use super::handle::Handle;
use super::health::{Checks, HealthReport};
use actix::prelude::*;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};

/// An actor the health screen lists, whatever its type.
pub trait Watched: Send + Sync {
    fn report(&self) -> Pin<Box<dyn Future<Output = HealthReport> + '_>>;
    fn name(&self) -> &str;
}

impl<A> Watched for Handle<A>
where
    A: Actor<Context = Context<A>> + Handler<Checks>,
{
    fn report(&self) -> Pin<Box<dyn Future<Output = HealthReport> + '_>> {
        Box::pin(Handle::report(self))
    }

    fn name(&self) -> &str {
        Handle::name(self)
    }
}

/// The actors of this node, in the order they were registered, and the public
/// channels their kinds publish on.
#[derive(Default)]
pub struct Registry {
    actors: RwLock<Vec<Arc<dyn Watched>>>,
    channels: RwLock<Vec<Channel>>,
}

impl Registry {
    /// Opens a public channel to subscriptions (once per name: the kind's
    /// first actor registers it).
    pub fn add_channel(&self, channel: Channel) {
        let mut channels = self
            .channels
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !channels.iter().any(|c| c.name == channel.name) {
            channels.push(channel);
        }
    }

    /// The subscription a socket asks for, if the channel is registered and
    /// the topic and variant are ones it has.
    pub fn subscription(&self, channel: &str, topic: &str, variant: Option<&str>) -> Option<Topic> {
        self.channels
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .iter()
            .find(|c| c.name == channel)?
            .topic(topic, variant)
    }

    pub fn add(&self, actor: impl Watched + 'static) {
        self.actors
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(Arc::new(actor));
    }

    /// Stops listing the actor named `name` (one whose work is over: an
    /// auction sold or closed); with its last handle gone its supervision
    /// ends.
    pub fn remove(&self, name: &str) {
        self.actors
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .retain(|a| a.name() != name);
    }

    /// Every actor's report, asked of all at once (each answers within a second
    /// or is reported failing, so this takes a second at most).
    pub async fn reports(&self) -> Vec<HealthReport> {
        let actors: Vec<Arc<dyn Watched>> = self
            .actors
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        futures_util::future::join_all(actors.iter().map(|a| a.report())).await
    }
}
