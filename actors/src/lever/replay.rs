//! A contract position opened and closed in the past, written by the same
//! statements and ledger operations as live trading (`store::open_in` and
//! `store::close_in`, priced by `Priced::of` from the mark across the spread)
//! with the clock reading the moments it happened at
//! (`runtime::clock::replaying`). It is how the demo lead traders get a
//! history of real positions, and only that: the marks come from the demo's
//! generated price history, and the position is closed before the replay
//! ends, so no live book ever holds it.

use super::book::Position;
use super::math::{self, Dir};
use super::store::{close_in, open_in, NewOrder, Priced};
use crate::market::actor::MarketSpec;
use crate::market::deriv::DerivSpec;
use crate::runtime::clock::replaying;
use crate::runtime::ProductError;
use crate::sql::Store;

/// A moment and the index at it.
#[derive(Debug, Clone, Copy)]
pub struct Past {
    pub at: i64,
    pub mark: i64,
}

/// Opens `share` lots for `user` at the first moment of `path` and closes
/// them at its last, or at the first mark before it that reaches the
/// liquidation price (closed there as a liquidation, as the live book would).
#[allow(clippy::too_many_arguments)]
pub async fn replay_position(
    db: &Store,
    spec: &MarketSpec,
    d: &DerivSpec,
    user: i64,
    dir: Dir,
    share: i64,
    multiple: i64,
    path: &[Past],
) -> Result<(), ProductError> {
    let (Some(&open), Some(&last)) = (path.first(), path.last()) else {
        return Err(ProductError::Invalid("err_share_range"));
    };
    if last.at <= open.at || !d.multiples.contains(&multiple) {
        return Err(ProductError::Invalid("err_multiple"));
    }
    let priced = Priced::of(d, spec, dir, open.mark, share, multiple, None);
    let order = NewOrder {
        user,
        market: spec.id,
        quote: spec.quote,
        dir,
        share,
        multiple,
        limit: None,
        priced,
    };
    let id = replaying(open.at, async {
        let mut tx = db.begin().await?;
        let id = open_in(&mut tx, &order, open.at).await?;
        tx.commit().await?;
        Ok::<_, ProductError>(id)
    })
    .await?;
    let p = Position {
        id,
        user,
        dir,
        qty: priced.qty,
        open: priced.price,
        margin: priced.margin,
        tp: None,
        sl: None,
        copy: None,
    };
    let liquidation = math::liquidation_price(dir, p.open, p.qty, p.margin, d.maintenance_ppm);
    let crossed = |m: i64| match dir {
        Dir::Long => m <= liquidation,
        Dir::Short => m >= liquidation,
    };
    let (close, reason) = path[1..]
        .iter()
        .find(|x| crossed(x.mark))
        .map_or((last, "user"), |x| (*x, "liquidation"));
    replaying(close.at, async {
        let mut tx = db.begin().await?;
        close_in(&mut tx, spec.quote, &p, close.mark, reason, close.at).await?;
        tx.commit().await?;
        Ok(())
    })
    .await
}
