//! `AuctionActor`: one per live auction. It takes the auction's deposits and
//! bids in order (each committed before it is answered), runs its clock, ends
//! it at the bids it had, and then runs the payment deadlines: the winner's,
//! and the runner-up's after a default. On start it reloads the auction from
//! the database; an end or a deadline that passed while the server was down
//! is applied at once, once (every step is guarded by the state it moves
//! from). When the auction is sold or closed the actor tells its desk
//! it is done and stops.

use super::engine::{self, Bid, BidRefusal};
use super::store::{self, status, Auction, Rules, Touched};
use crate::money::from_units;
use crate::runtime::clock::now_ms;
use crate::runtime::ProductError;
use crate::runtime::{Channel, Check, Checks, Done, Event, Meter};
use crate::sql::Store;
use actix::prelude::*;
use serde_json::json;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The public channel of auctions: topic the listing id.
pub const CHANNEL: Channel = Channel {
    name: "nft",
    variants: None,
};

/// The longest the actor sleeps between looks at its clock: each look is a
/// comparison, no database, and counts on its meter, so the health screen
/// (which flags an actor silent for 10 s) sees an idle auction alive.
const MOST_SLEEP: Duration = Duration::from_secs(5);

pub struct AuctionActor {
    id: i64,
    db: Store,
    rules: Rules,
    events: Option<Recipient<Event>>,
    meter: Option<Arc<Meter>>,
    done: Done,
    auction: Option<Auction>,
    last_bid_at: Option<i64>,
    timer: Option<SpawnHandle>,
    /// The least bid the auction takes now, as last committed (0 while
    /// loading): callers refuse lower bids without queueing them here.
    floor: Arc<AtomicI64>,
}

impl AuctionActor {
    pub fn new(id: i64, db: Store, rules: Rules, events: Option<Recipient<Event>>) -> AuctionActor {
        AuctionActor {
            id,
            db,
            rules,
            events,
            meter: None,
            done: Done::default(),
            auction: None,
            last_bid_at: None,
            timer: None,
            floor: Arc::default(),
        }
    }

    /// Shares the auction's least next bid with callers (see [`floor`]).
    pub fn with_floor(mut self, floor: Arc<AtomicI64>) -> AuctionActor {
        self.floor = floor;
        self
    }

    /// Publishes the least next bid after a commit or a load; only ever up
    /// while the auction runs, so a bid below it is refused whatever comes.
    fn set_floor(&self) {
        let floor = match &self.auction {
            Some(a) if a.listing.status == status::ON_SALE => {
                engine::min_bid(&a.listing.terms(&self.rules), a.listing.top().as_ref())
            }
            _ => 0,
        };
        self.floor.store(floor, Ordering::Release);
    }

    pub fn with_meter(mut self, meter: Arc<Meter>) -> AuctionActor {
        self.meter = Some(meter);
        self
    }

    /// Said once the auction is over for good (see [`Done`]).
    pub fn on_done(mut self, done: Done) -> AuctionActor {
        self.done = done;
        self
    }

    fn publish(&self, e: Event) {
        if let Some(r) = &self.events {
            r.do_send(e);
        }
    }

    /// The auction as every watcher sees it, on its channel.
    fn announce(&self) {
        let Some(a) = &self.auction else { return };
        let l = &a.listing;
        let bidders = {
            let mut users: Vec<i64> = a.bids.iter().map(|b| b.user).collect();
            users.sort_unstable();
            users.dedup();
            users.len()
        };
        self.publish(Event::Channel {
            channel: CHANNEL.name,
            topic: l.id.to_string(),
            variant: None,
            event: "nft_bid",
            payload: json!({
                "listing_id": l.id,
                "item_id": l.item_id,
                "price": l.top_price.map(|p| from_units(p).normalize().to_string()),
                "bidder": a.leader,
                "bids": l.bids,
                "bidders": bidders,
                "joined": a.deposits.len(),
                "ends_at": l.ends_at,
                "status": l.status,
            }),
        });
    }

    /// Tells the users a step touched to look at their messages and balances.
    fn tell(&self, touched: &Touched, currency: i64) {
        let events = touched
            .users
            .iter()
            .flat_map(|u| {
                [
                    Event::Private {
                        user_id: *u,
                        event: "nft_message",
                        payload: json!({"listing_id": self.id}),
                    },
                    Event::Private {
                        user_id: *u,
                        event: "balance",
                        payload: json!({"currencies": [currency]}),
                    },
                ]
            })
            .collect();
        self.publish(Event::Many(events));
    }

    /// When the next step falls due: the end, then the payment deadline.
    fn next_due(&self) -> Option<i64> {
        let a = self.auction.as_ref()?;
        match a.listing.status {
            status::ON_SALE => Some(a.listing.ends_at),
            status::AWAITING_PAYMENT => a.payment.as_ref().map(|p| p.due_at),
            _ => None,
        }
    }

    fn finished(&self) -> bool {
        self.auction.as_ref().is_some_and(|a| {
            !matches!(a.listing.status, status::ON_SALE | status::AWAITING_PAYMENT)
        })
    }

    /// Sleeps until the next step is due (never longer than [`MOST_SLEEP`]),
    /// or, the auction over, hands it back to the desk and stops.
    fn arm(&mut self, ctx: &mut Context<Self>) {
        if let Some(t) = self.timer.take() {
            ctx.cancel_future(t);
        }
        if self.finished() {
            self.done.say();
            ctx.stop();
            return;
        }
        let Some(at) = self.next_due() else { return };
        let wait = Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0)).min(MOST_SLEEP);
        self.timer = Some(ctx.run_later(wait, |act, ctx| {
            act.timer = None;
            ctx.notify(Tick);
        }));
    }

    fn has_deposit(&self, user: i64) -> bool {
        self.auction
            .as_ref()
            .is_some_and(|a| a.deposits.iter().any(|d| d.0 == user))
    }
}

impl Actor for AuctionActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        let (db, id) = (self.db.clone(), self.id);
        ctx.wait(
            async move { store::auction(&db, id).await }
                .into_actor(self)
                .map(|res, act, ctx| match res {
                    Ok(Some(a)) => {
                        act.last_bid_at = a.bids.last().map(|b| b.at);
                        act.auction = Some(a);
                        act.set_floor();
                        ctx.notify(Tick);
                    }
                    Ok(None) => ctx.stop(),
                    Err(e) => {
                        log::error!("auction {}: cannot load: {e}", act.id);
                        ctx.stop();
                    }
                }),
        );
    }
}

type Reply<T> = AtomicResponse<AuctionActor, Result<T, ProductError>>;

fn refuse<T: 'static>(e: ProductError) -> Reply<T> {
    AtomicResponse::new(Box::pin(actix::fut::err(e)))
}

/// Pay the deposit to bid.
#[derive(Message)]
#[rtype(result = "Result<i64, ProductError>")]
pub struct Join {
    pub user: i64,
}

/// Bid `price`.
#[derive(Message)]
#[rtype(result = "Result<BidTaken, ProductError>")]
pub struct PlaceBid {
    pub user: i64,
    pub price: i64,
}

#[derive(Debug, Clone, Copy)]
pub struct BidTaken {
    pub price: i64,
    pub bids: i64,
    pub ends_at: i64,
    pub extended: bool,
}

/// Pay the payment `payment` (the winner's or the runner-up's).
#[derive(Message)]
#[rtype(result = "Result<(), ProductError>")]
pub struct PayWon {
    pub user: i64,
    pub payment: i64,
}

/// Reread the auction (its times moved).
#[derive(Message)]
#[rtype(result = "()")]
pub struct ReloadAuction;

/// Apply what fell due.
#[derive(Message)]
#[rtype(result = "()")]
struct Tick;

/// A bid the auction's state refuses (not started, ended, outbid, already
/// leading) is a conflict; one no auction would take is invalid.
fn bid_error(r: BidRefusal) -> ProductError {
    match r {
        BidRefusal::NotStarted => ProductError::Conflict("err_nft_not_started"),
        BidRefusal::Ended => ProductError::Conflict("err_nft_not_on_sale"),
        BidRefusal::NoDeposit => ProductError::Invalid("err_nft_no_margin"),
        BidRefusal::TooLow { .. } => ProductError::Conflict("err_nft_bid_low"),
        BidRefusal::Leading => ProductError::Conflict("err_nft_leading"),
        BidRefusal::Seller => ProductError::Invalid("err_nft_own_item"),
    }
}

impl Handler<Join> for AuctionActor {
    type Result = Reply<i64>;

    fn handle(&mut self, m: Join, _: &mut Context<Self>) -> Self::Result {
        let Some(a) = &self.auction else {
            return refuse(ProductError::NotFound("err_nft_not_found"));
        };
        let l = a.listing.clone();
        let now = now_ms();
        if l.status != status::ON_SALE || now >= l.ends_at {
            return refuse(ProductError::Conflict("err_nft_not_on_sale"));
        }
        if l.seller_id == Some(m.user) {
            return refuse(ProductError::Invalid("err_nft_own_item"));
        }
        if self.has_deposit(m.user) {
            return refuse(ProductError::Conflict("err_nft_joined"));
        }
        let db = self.db.clone();
        let fut = async move { store::join(&db, &l, m.user, now).await.map(|_| l) };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, _| {
            let l = res?;
            if let Some(a) = &mut act.auction {
                a.deposits.push((m.user, l.margin));
            }
            act.publish(Event::Private {
                user_id: m.user,
                event: "balance",
                payload: json!({"currencies": [l.currency]}),
            });
            act.announce();
            Ok(l.margin)
        })))
    }
}

impl Handler<PlaceBid> for AuctionActor {
    type Result = Reply<BidTaken>;

    fn handle(&mut self, m: PlaceBid, _: &mut Context<Self>) -> Self::Result {
        let Some(a) = &self.auction else {
            return refuse(ProductError::NotFound("err_nft_not_found"));
        };
        let l = a.listing.clone();
        if l.status != status::ON_SALE {
            return refuse(ProductError::Conflict("err_nft_not_on_sale"));
        }
        let b = Bid {
            user: m.user,
            price: m.price,
            at: now_ms(),
        };
        let top = l.top();
        let taken = match engine::check_bid(
            &l.terms(&self.rules),
            l.ends_at,
            top.as_ref(),
            &b,
            self.has_deposit(m.user),
            l.seller_id,
        ) {
            Ok(t) => t,
            Err(r) => return refuse(bid_error(r)),
        };
        let db = self.db.clone();
        let fut = async move {
            // Read before the bid commits, so a committed bid always updates the state.
            let leader = store::masked_name(&db, b.user).await?;
            store::bid(&db, &l, &b, taken.ends_at).await?;
            Ok::<_, ProductError>((l, leader))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, ctx| {
            let (l, leader) = res?;
            let Some(a) = &mut act.auction else {
                return Err(ProductError::NotFound("err_nft_not_found"));
            };
            a.bids.push(b);
            a.leader = leader;
            a.listing.top_price = Some(b.price);
            a.listing.top_user = Some(b.user);
            a.listing.bids = l.bids + 1;
            a.listing.ends_at = taken.ends_at;
            let bids = a.listing.bids;
            act.last_bid_at = Some(b.at);
            act.set_floor();
            if let Some(m) = &act.meter {
                m.seen();
            }
            if let Some(prev) = l.top_user.filter(|u| *u != b.user) {
                act.publish(Event::Private {
                    user_id: prev,
                    event: "nft_message",
                    payload: json!({"listing_id": l.id}),
                });
            }
            act.announce();
            if taken.extended {
                act.arm(ctx);
            }
            Ok(BidTaken {
                price: b.price,
                bids,
                ends_at: taken.ends_at,
                extended: taken.extended,
            })
        })))
    }
}

impl Handler<PayWon> for AuctionActor {
    type Result = Reply<()>;

    fn handle(&mut self, m: PayWon, _: &mut Context<Self>) -> Self::Result {
        let Some(a) = &self.auction else {
            return refuse(ProductError::NotFound("err_nft_not_found"));
        };
        let (l, p) = match &a.payment {
            Some(p) if p.id == m.payment && p.user_id == m.user => (a.listing.clone(), p.clone()),
            _ => return refuse(ProductError::Conflict("err_nft_payment_closed")),
        };
        let (db, rules) = (self.db.clone(), self.rules);
        let fut = async move {
            let artist = store::pay(&db, &l, &p, m.user, &rules, now_ms()).await?;
            Ok::<_, ProductError>((store::auction(&db, l.id).await?, artist))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(move |res, act, ctx| {
            let (fresh, artist) = res?;
            if let Some(a) = fresh {
                let seller = a.listing.seller_id;
                let currency = a.listing.currency;
                act.auction = Some(a);
                let mut users = vec![m.user];
                users.extend(seller);
                // The artist's linked user was paid the resale's royalty.
                if let Some(a) = artist.filter(|a| !users.contains(a)) {
                    users.push(a);
                }
                act.tell(&Touched { users }, currency);
            }
            act.set_floor();
            act.announce();
            act.arm(ctx);
            Ok(())
        })))
    }
}

impl Handler<ReloadAuction> for AuctionActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: ReloadAuction, _: &mut Context<Self>) -> Self::Result {
        let (db, id) = (self.db.clone(), self.id);
        AtomicResponse::new(Box::pin(
            async move { store::auction(&db, id).await }
                .into_actor(self)
                .map(|res, act, ctx| {
                    if let Ok(Some(a)) = res {
                        act.auction = Some(a);
                        act.set_floor();
                        ctx.notify(Tick);
                    }
                }),
        ))
    }
}

impl Handler<Tick> for AuctionActor {
    type Result = AtomicResponse<Self, ()>;

    fn handle(&mut self, _: Tick, ctx: &mut Context<Self>) -> Self::Result {
        if let Some(m) = &self.meter {
            m.seen();
        }
        let now = now_ms();
        let due = self.next_due().is_some_and(|at| at <= now);
        let Some(a) = self.auction.clone().filter(|_| due) else {
            self.arm(ctx);
            return AtomicResponse::new(Box::pin(actix::fut::ready(())));
        };
        let (db, rules) = (self.db.clone(), self.rules);
        let fut = async move {
            let touched = match (&a.listing.status, &a.payment) {
                (&status::ON_SALE, _) => store::end(&db, &a, &rules, now).await?,
                (&status::AWAITING_PAYMENT, Some(p)) => {
                    store::expire(&db, &a, p, &rules, now).await?
                }
                _ => None,
            };
            Ok::<_, ProductError>((touched, store::auction(&db, a.listing.id).await?))
        };
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(
            |res, act, ctx| match res {
                Ok((touched, fresh)) => {
                    if let Some(a) = fresh {
                        if let Some(t) = &touched {
                            act.tell(t, a.listing.currency);
                        }
                        act.auction = Some(a);
                    }
                    act.set_floor();
                    act.announce();
                    // Another step may be due already (a deadline passed
                    // while the server was down).
                    if act.next_due().is_some_and(|at| at <= now_ms()) {
                        ctx.notify(Tick);
                    } else {
                        act.arm(ctx);
                    }
                }
                Err(e) => {
                    log::error!("auction {}: step failed: {e:?}", act.id);
                    ctx.stop();
                }
            },
        )))
    }
}

impl Handler<Checks> for AuctionActor {
    type Result = MessageResult<Checks>;

    fn handle(&mut self, _: Checks, _: &mut Context<Self>) -> Self::Result {
        let Some(a) = &self.auction else {
            return MessageResult(vec![Check::fail("orders", "not_loaded")]);
        };
        let now = now_ms();
        let mut bidders: Vec<i64> = a.bids.iter().map(|b| b.user).collect();
        bidders.sort_unstable();
        bidders.dedup();
        let mut checks = vec![
            Check::ok("status", a.listing.status.to_string()),
            Check::ok("bidders", bidders.len().to_string()),
            Check::ok(
                "last_bid_age",
                self.last_bid_at
                    .map_or_else(|| "none".to_string(), |at| ((now - at) / 1000).to_string()),
            ),
        ];
        checks.push(match self.next_due() {
            Some(at) if now - at > 60_000 => Check::fail("next_timer", at.to_string()),
            Some(at) => Check::ok("next_timer", at.to_string()),
            None => Check::ok("next_timer", "none"),
        });
        MessageResult(checks)
    }
}
