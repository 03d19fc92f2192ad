/**
 * The spot order form: buy/sell, limit/market, price (limit) and amount with
 * tick/lot checks, 25-100 % of the available balance, the estimated total and
 * submit (POST /api/coin/trade). Visitors get a login button instead. While
 * the app is offline a submit sends nothing, says so and keeps the form.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { OfflineNote, useOfflineAction } from '../../../components/OfflineNote';
import type { MarketRow } from '../../../shared/market/api';
import { useCoinPlaces } from '../../../shared/funds/api';
import { decimalsOf, formatCoin, formatDecimal, formatPercent, splitSymbol } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { usePlaceOrderMutation, type SpotBalance } from '../api';
import { normalise } from '../decimal';
import {
  amountForPercent,
  checkAmount,
  checkFunds,
  checkMinTotal,
  checkPrice,
  estimateTotal,
  formErrors,
  placedOutcome,
  type FieldError,
  type OrderKind,
  type Side,
} from '../tradeForm';
import { DecimalField } from './DecimalField';

const PERCENTS = [25, 50, 75, 100];

interface Props {
  row: MarketRow;
  side: Side;
  onSide: (side: Side) => void;
  kind: OrderKind;
  onKind: (kind: OrderKind) => void;
  price: string;
  onPrice: (price: string) => void;
  loggedIn: boolean;
  quoteBalance: SpotBalance | undefined;
  baseBalance: SpotBalance | undefined;
}

export function TradeForm({ row, side, onSide, kind, onKind, price, onPrice, loggedIn, quoteBalance, baseBalance }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [amount, setAmount] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [place, { isLoading: placing }] = usePlaceOrderMutation();
  const slow = useDelayedFlag(placing);
  const { base, quote } = splitSymbol(row.symbol);
  const places = useCoinPlaces();
  const offline = useOfflineAction();

  const quotePlaces = quoteBalance?.decimals ?? 8;
  const marketBuy = kind === 'market' && side === 'buy';
  const balance = side === 'buy' ? quoteBalance : baseBalance;
  const available = balance?.available;
  const amountUnit = marketBuy ? quote : base;
  const amountPlaces = marketBuy ? quotePlaces : decimalsOf(row.lot);

  const message = (e: FieldError) => (e ? t(e.key, e.values) : null);
  const priceError = kind === 'limit' ? checkPrice(price, row.tick) : null;
  const amountError = checkAmount({ side, kind, amount, lot: row.lot, minQty: row.min_qty, quotePlaces });
  const minTotalError = checkMinTotal({ side, kind, amount, minQty: row.min_qty, lastPrice: row.now_price, places: decimalsOf(row.tick), unit: quote });
  const fundsError = !priceError && !amountError && loggedIn ? checkFunds({ side, kind, price, amount, available }) : null;
  const errors = formErrors({ price, amount, priceError, amountError, minTotalError, fundsError, submitted: showErrors });
  const total = estimateTotal({ side, kind, price, amount, lastPrice: row.now_price, quotePlaces });

  const switchSide = (next: Side) => {
    if (next === side) return;
    onSide(next);
    setAmount('');
    setShowErrors(false);
  };
  const switchKind = (next: OrderKind) => {
    if (next === kind) return;
    onKind(next);
    setAmount('');
    setShowErrors(false);
  };

  const pickPercent = (pct: number) => {
    if (!loggedIn || available === undefined) return;
    const value = amountForPercent({ side, kind, pct, available, price, lot: row.lot, quotePlaces });
    if (value === null) {
      showToast(t('trade.enterPriceFirst'));
      return;
    }
    setAmount(value === '0' ? '' : value);
    if (value === '0') showToast(t('trade.errInsufficient'));
  };

  const submit = async () => {
    if (!loggedIn) {
      navigate(loginRouteFor(location.pathname + location.search));
      return;
    }
    setShowErrors(true);
    if (errors.stopping) {
      // At the field and here: a tap that does nothing must say why.
      showToast(message(errors.stopping) ?? '', 'fail');
      return;
    }
    if (offline.refuse()) return;
    try {
      const order = await place(
        kind === 'limit'
          ? { match_id: row.match_id, type: side === 'buy' ? 1 : 2, amount: normalise(amount), target_price: normalise(price) }
          : { match_id: row.match_id, type: side === 'buy' ? 1 : 2, amount: normalise(amount), order_type: 'market' },
      ).unwrap();
      const outcome = placedOutcome(order);
      if (outcome === 'nothing') {
        showToast(t('trade.nothingFilled'), 'fail');
        return;
      }
      const said = { filled: 'trade.orderFilled', partly: 'trade.partlyFilled', placed: 'trade.orderPlaced' } as const;
      showToast(t(said[outcome]), 'success');
      setAmount('');
      setShowErrors(false);
    } catch (e) {
      // The base query showed the server's message (insufficient balance, tick, lot…);
      // a request that found no connection is said under the button, the form kept.
      offline.failed(e);
    }
  };

  return (
    <div className={`trade-form side-${side}`} data-testid="trade-form">
      <div className="side-toggle" role="tablist">
        <button type="button" role="tab" aria-selected={side === 'buy'} className={side === 'buy' ? 'buy active' : 'buy'} onClick={() => switchSide('buy')} data-testid="side-buy">
          {t('trade.buy')}
        </button>
        <button type="button" role="tab" aria-selected={side === 'sell'} className={side === 'sell' ? 'sell active' : 'sell'} onClick={() => switchSide('sell')} data-testid="side-sell">
          {t('trade.sell')}
        </button>
      </div>

      <div className="kind-toggle" role="tablist">
        {(['limit', 'market'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={kind === k} className={kind === k ? 'active' : ''} onClick={() => switchKind(k)} data-testid={`kind-${k}`}>
            {t(k === 'limit' ? 'trade.limit' : 'trade.market')}
          </button>
        ))}
      </div>

      <DecimalField
        label={t('trade.price')}
        unit={quote}
        value={price}
        onChange={onPrice}
        places={decimalsOf(row.tick)}
        step={row.tick}
        disabled={kind === 'market'}
        disabledText={t('trade.marketPriceBest')}
        error={message(errors.price)}
        testId="trade-price"
      />
      <DecimalField
        label={marketBuy ? t('trade.total') : t('trade.amount')}
        unit={amountUnit}
        value={amount}
        onChange={setAmount}
        places={amountPlaces}
        error={message(errors.amount)}
        testId="trade-amount"
      />
      <p className="trade-rules hint">
        {marketBuy
          ? t('trade.marketBuyHint', { quote })
          : t('trade.lotHint', { tick: formatDecimal(row.tick), lot: formatDecimal(row.lot), min: formatDecimal(row.min_qty) })}
      </p>

      <div className="percent-row">
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => pickPercent(p)} disabled={!loggedIn || available === undefined} data-testid={`pct-${p}`}>
            {formatPercent(p, 0)}
          </button>
        ))}
      </div>

      <dl className="trade-facts" data-live>
        <div>
          <dt>{t('trade.available')}</dt>
          <dd data-testid="trade-available">
            {loggedIn && available !== undefined ? `${formatCoin(available, places(side === 'buy' ? quote : base))} ${side === 'buy' ? quote : base}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{total?.approx ? t('trade.totalApprox') : t('trade.total')}</dt>
          <dd data-testid="trade-total">{total ? `${formatCoin(total.value, places(quote))} ${quote}` : '--'}</dd>
        </div>
      </dl>

      {loggedIn ? (
        <Button
          block
          shape="rounded"
          className={side === 'buy' ? 'buy-button' : 'sell-button'}
          loading={slow}
          disabled={placing}
          onClick={submit}
          data-testid="trade-submit"
        >
          {t(side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin: base })}
        </Button>
      ) : (
        <Button block shape="rounded" color="primary" onClick={submit} data-testid="trade-login">
          {t('trade.loginToTrade')}
        </Button>
      )}
      <OfflineNote shown={offline.refused} />
    </div>
  );
}
