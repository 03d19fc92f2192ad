//! The follows of each lead trader, where the contract actors read them.
//!
//! A leader's open is copied in the leader's own transaction, in the turn of
//! the contract actor that fills it, so the contract actors must see the
//! leader's follows without asking another actor (a round trip would put the
//! copies after the leader's fill, which is the slippage copy trading is
//! blamed for). Each trader's `CopyTraderActor` owns its entry and replaces it
//! whenever a follow starts, changes or ends; the contract actors only read.
//!
//! The entry is an async mutex: a contract actor holds it from reading the
//! follows to committing the copies, and the trader's actor takes it to change
//! them. So copies of one leader on two markets are sized one after the other
//! (the margin a follow already holds is read after the other's commit, and no
//! follow passes its cap), and a follow that ended gets no copy after it ended.

use super::engine::Terms;
use actix::Recipient;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tokio::sync::Mutex;

/// A follow as the copy step needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FollowTerms {
    pub id: i64,
    pub user: i64,
    pub terms: Terms,
    /// Take-profit and stop-loss set on each copy, as a return on its margin
    /// in millionths (0.5 = 50 % of the margin).
    pub tp_ppm: Option<i64>,
    pub sl_ppm: Option<i64>,
}

/// One leader's live follows.
#[derive(Default)]
pub struct LeadPlan {
    pub follows: Vec<FollowTerms>,
}

/// What one leader open or close did to the copies, after its commit.
#[derive(actix::Message, Debug, Clone)]
#[rtype(result = "()")]
pub struct Copied {
    pub copies: usize,
    /// From the leader's fill to the copies' commit.
    pub latency_ms: i64,
}

/// Every leader's plan, shared by the contract actors and the traders' actors.
#[derive(Default)]
pub struct CopyPlans {
    leads: RwLock<HashMap<i64, Arc<Mutex<LeadPlan>>>>,
    /// Each trader's actor, told what was copied after each commit (for its
    /// health screen figures).
    reports: RwLock<HashMap<i64, Recipient<Copied>>>,
}

impl CopyPlans {
    /// The plan of `leader`, if they lead anyone (or ever did since the start).
    pub fn of(&self, leader: i64) -> Option<Arc<Mutex<LeadPlan>>> {
        self.leads
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&leader)
            .cloned()
    }

    /// The plan of `leader`, made empty if there was none.
    pub fn entry(&self, leader: i64) -> Arc<Mutex<LeadPlan>> {
        self.leads
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .entry(leader)
            .or_default()
            .clone()
    }

    /// Where `leader`'s copies are reported.
    pub fn report_to(&self, leader: i64, to: Recipient<Copied>) {
        self.reports
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(leader, to);
    }

    /// Tells `leader`'s actor what a commit copied.
    pub fn report(&self, leader: i64, c: Copied) {
        if let Some(r) = self
            .reports
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&leader)
        {
            r.do_send(c);
        }
    }
}
