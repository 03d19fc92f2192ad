/**
 * A product's page (lockming/buy?id=): its terms (range, today's rate, days,
 * minimum, the per-user cap and the caller's room under it, the quota, the
 * early-redemption penalty, the reserve's coverage), its daily rate over the
 * last days, and the subscription form: the amount (checked as typed, the
 * spot balance included), a preview of the income and the dates, then a
 * confirmation. The server's refusals arrive translated as a toast; the form
 * keeps what was typed. Live: the product follows `lock_products` and
 * `lock_accrued` (api.ts).
 */
import { Button, Dialog, Input } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { CoinIcon } from '../../../components/CoinIcon';
import { Figure, Line } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { sanitizeDecimalInput } from '../../../lib/decimal';
import { formatDateTime, formatDecimal, PLACEHOLDER } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { useGetLockSummaryQuery } from '../../../shared/lock/api';
import { LOCK_ROUTES, lockBuyRoute, lockListRoute } from '../../../shared/lock/routes';
import type { LockProduct } from '../../../shared/lock/types';
import { useGetLockProductQuery, useSubscribeLockMutation, type LockProductDetail } from '../api';
import { Bar } from '../components/Parts';
import { useLockFigures } from '../figures';
import {
  checkAmount,
  closedReason,
  DAY_MS,
  coverageText,
  maxAmount,
  preview,
  rangeText,
  rateText,
  roomLeft,
  takenPercent,
  type AmountIssue,
  type Preview,
} from '../logic';
import '../../../components/ui.css';
import '../lockming.css';

const RateChart = lazy(() => import('../components/RateChart'));

/** The spot account in the wallet list. */
const SPOT_ACCOUNT = 2;

/** The time now, moved on every `ms` (the preview's start). */
function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

function Terms({ p, room }: { p: LockProduct; room: string | null }) {
  const { t } = useTranslation();
  const { money } = useLockFigures();
  const coin = p.currency;
  const coverage = coverageText(p.coverage);
  return (
    <section className="ui-card" data-testid="lm-terms">
      <div className="ui-main">
        <div className="ui-big lm-rate">
          <span className="ui-figure-label">{t('lockming.dailyRange')}</span>
          <strong data-testid="lm-terms-range">{rangeText(p.rate_min, p.rate_max)}</strong>
        </div>
        <Figure end label={t('lockming.todayRate')} testId="lm-terms-today">
          {rateText(p.today_rate)}
        </Figure>
      </div>
      <div className="ui-lines">
        <Line label={t('lockming.days')}>{t('lockming.daysCount', { count: p.days })}</Line>
        <Line label={t('lockming.minimum')} testId="lm-terms-min">
          {money(p.min_amount, coin)} {coin}
        </Line>
        <Line label={t('lockming.userCap')} testId="lm-terms-cap">
          {money(p.user_cap, coin)} {coin}
          {room !== null ? <span className="lm-sub">{t('lockming.buy.room', { amount: money(room, coin), coin })}</span> : null}
        </Line>
        <Line label={t('lockming.remaining')} testId="lm-terms-remaining">
          {money(p.remaining, coin)} / {money(p.total_cap, coin)} {coin}
        </Line>
        <Bar percent={takenPercent(p.total_locked, p.total_cap)} label={t('lockming.remaining')} />
        <Line label={t('lockming.penalty')} testId="lm-terms-penalty">
          {t('lockming.buy.penaltyOf', { rate: rateText(p.penalty_rate) })}
        </Line>
        <Line label={t('lockming.coverage')} testId="lm-terms-coverage">
          {coverage ?? t('lockming.coverageNone')}
        </Line>
        <Line label={t('lockming.buy.accrual')}>{t('lockming.buy.accrualAt', { time: hour(p.accrual_hour) })}</Line>
        <Line label={t('lockming.nextAccrual')}>{formatDateTime(p.next_accrual_at)}</Line>
      </div>
      <p className="hint ui-note" data-testid="lm-accrual-rule">
        {t('lockming.buy.accrualRule', {
          start: formatDateTime(p.next_accrual_at),
          first: formatDateTime(p.next_accrual_at + DAY_MS),
        })}
      </p>
      <p className="hint ui-note">{t('lockming.buy.reserveNote')}</p>
    </section>
  );
}

function Rates({ detail }: { detail: LockProductDetail }) {
  const { t } = useTranslation();
  const p = detail.product;
  return (
    <section className="ui-card">
      <h2 className="ui-card-title">{t('lockming.buy.history')}</h2>
      {detail.rates.length === 0 ? (
        <p className="hint lm-chart-empty">{t('lockming.buy.noRates')}</p>
      ) : detail.rates.length === 1 ? (
        // One day is a dot, not a history: the rate as a figure and the day it starts.
        <div className="lm-chart-first" data-testid="lm-rate-first">
          <Figure label={t('lockming.dayRate')} testId="lm-rate-first-value">
            {rateText(detail.rates[0].rate)}
          </Figure>
          <p className="hint">{t('lockming.buy.historyStarts', { day: detail.rates[0].day })}</p>
        </div>
      ) : (
        <Suspense fallback={<div className="lm-chart" />}>
          <RateChart rates={detail.rates} min={p.rate_min} max={p.rate_max} />
        </Suspense>
      )}
    </section>
  );
}

function PreviewBlock({ pv, coin }: { pv: Preview; coin: string }) {
  const { t } = useTranslation();
  const { money } = useLockFigures();
  const range = (r: { min: string; max: string }) => `${money(r.min, coin)} – ${money(r.max, coin)} ${coin}`;
  return (
    <div className="lm-preview" data-testid="lm-preview">
      <Line label={t('lockming.buy.daily')} testId="lm-preview-daily" color="var(--bourse-up)">
        {range(pv.daily)}
      </Line>
      <Line label={t('lockming.buy.total')} testId="lm-preview-total" color="var(--bourse-up)">
        {range(pv.total)}
      </Line>
      <Line label={t('lockming.buy.start')}>{formatDateTime(pv.schedule.start)}</Line>
      <Line label={t('lockming.buy.accrualStart')} testId="lm-preview-accrual-start">
        {formatDateTime(pv.schedule.accrualStart)}
      </Line>
      <Line label={t('lockming.buy.firstAccrual')} testId="lm-preview-first">
        {formatDateTime(pv.schedule.firstAccrual)}
      </Line>
      <Line label={t('lockming.maturity')} testId="lm-preview-maturity">
        {formatDateTime(pv.schedule.maturity)}
      </Line>
    </div>
  );
}

/** The caller's room under the product's per-user cap and spot balance of its coin; null while unknown (or logged out). */
function useCallerLimits(p: LockProduct): { room: string | null; balance: string | null } {
  const token = useAppSelector(selectToken);
  const summary = useGetLockSummaryQuery({ token: token ?? '' }, { skip: !token });
  // The balance moves with every trade: fresh on each visit.
  const wallet = useGetWalletListQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  const held = summary.data?.products.find((x) => x.product_id === p.id)?.locked;
  const room = token && summary.data ? roomLeft(p.user_cap, held) : null;
  const spot = wallet.data?.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances.find((b) => b.currency_id === p.currency_id);
  const balance = token && wallet.data ? (spot?.available ?? '0') : null;
  return { room, balance };
}

function BuyForm({ p, room, balance }: { p: LockProduct; room: string | null; balance: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { money } = useLockFigures();
  const coin = p.currency;
  const [subscribe, { isLoading }] = useSubscribeLockMutation();
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const now = useNow();

  const limits = { min: p.min_amount, room, remaining: p.remaining, balance };
  const issue = checkAmount(amount, limits);
  // "Required" waits for a tap on the button; anything else shows as it is typed.
  const shownIssue = issue && (tried || issue.key !== 'required') ? issue : null;
  const pv = issue ? null : preview(amount.trim(), p, now);
  const closed = closedReason(p);

  const issueText = (i: AmountIssue) => {
    const values: Record<string, string> = { coin };
    for (const [k, v] of Object.entries(i.values ?? {})) values[k] = k === 'places' ? v : money(v, coin);
    return t(`lockming.errors.${i.key}`, values);
  };

  const confirm = (v: Preview): Promise<boolean> =>
    Dialog.confirm({
      title: t('lockming.buy.confirmTitle'),
      content: (
        <div className="ui-dialog lm-dialog" data-testid="lm-buy-dialog">
          <Line label={t('lockming.product')}>{p.name}</Line>
          {/* Exactly what was typed: this is what gets locked. */}
          <Line label={t('lockming.amount')} testId="lm-buy-dialog-amount">
            {formatDecimal(amount.trim())} {coin}
          </Line>
          <Line label={t('lockming.buy.daily')}>{`${money(v.daily.min, coin)} – ${money(v.daily.max, coin)} ${coin}`}</Line>
          <Line label={t('lockming.buy.total')}>{`${money(v.total.min, coin)} – ${money(v.total.max, coin)} ${coin}`}</Line>
          <Line label={t('lockming.maturity')}>{formatDateTime(v.schedule.maturity)}</Line>
          <p className="lm-warning">{t('lockming.buy.confirmWarning', { count: p.days, rate: rateText(p.penalty_rate) })}</p>
        </div>
      ),
      confirmText: t('lockming.buy.confirm'),
      cancelText: t('common.cancel'),
    });

  const submit = async () => {
    if (!token) {
      navigate(loginRouteFor(lockBuyRoute(p.id)));
      return;
    }
    setTried(true);
    if (issue || !pv) return;
    if (!(await confirm(pv))) return;
    try {
      await subscribe({ config_id: p.id, amount: amount.trim() }).unwrap();
      showToast(t('lockming.buy.done'), 'success');
      navigate(LOCK_ROUTES.orders, { replace: true });
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  const setMax = () => {
    setAmount(maxAmount({ room, remaining: p.remaining, balance }));
  };

  let tail: ReactNode = null;
  if (pv) tail = <PreviewBlock pv={pv} coin={coin} />;
  else if (!shownIssue) tail = <p className="hint lm-preview-hint">{t('lockming.buy.previewHint')}</p>;
  const redeem = pv?.redeem;

  return (
    <section className="ui-card ui-form lm-form" data-testid="lm-buy-form">
      <div className={`ui-field ${shownIssue ? 'has-error' : ''}`}>
        <label className="ui-field-label" htmlFor="lm-amount">
          {t('lockming.buy.amountLabel', { coin })}
        </label>
        <div className="ui-input lm-input" data-testid="lm-amount">
          <Input
            id="lm-amount"
            value={amount}
            onChange={(v) => setAmount(sanitizeDecimalInput(v))}
            inputMode="decimal"
            placeholder={t('lockming.buy.amountPlaceholder', { min: money(p.min_amount, coin) })}
          />
          <span className="ui-input-unit">{coin}</span>
          <button type="button" className="lm-max" onClick={setMax} data-testid="lm-max">
            {t('lockming.buy.max')}
          </button>
        </div>
        {shownIssue ? (
          <p className="ui-error" role="alert" data-testid="lm-amount-error" data-key={shownIssue.key}>
            {issueText(shownIssue)}
          </p>
        ) : null}
      </div>
      {token ? (
        <div className="ui-balance">
          <span className="ellipsis" data-testid="lm-balance">
            {t('lockming.buy.available', { amount: balance !== null ? money(balance, coin) : PLACEHOLDER, coin })}
          </span>
          <Button size="small" fill="none" color="primary" onClick={() => navigate(`${FUNDS_ROUTES.receive}?currency=${p.currency_id}`)} data-testid="lm-deposit">
            {t('lockming.buy.deposit')}
          </Button>
        </div>
      ) : null}
      {tail}
      {redeem ? (
        <p className="hint ui-note" data-testid="lm-redeem-terms">
          {t('lockming.buy.redeemTerms', {
            rate: rateText(p.penalty_rate),
            returned: money(redeem.returned, coin),
            penalty: money(redeem.penalty, coin),
            coin,
          })}
        </p>
      ) : null}
      {closed ? (
        <p className="lm-closed" data-testid="lm-buy-closed">
          {t('lockming.notTaking')} {t(`lockming.closedReason.${closed}`)}
        </p>
      ) : null}
      {closed ? (
        <Button block size="large" shape="rounded" disabled className="submit-button" data-testid="lm-buy-submit">
          {t('lockming.closed')}
        </Button>
      ) : (
        <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="lm-buy-submit">
          {token ? t('lockming.subscribe') : t('lockming.buy.loginToSubscribe')}
        </SubmitButton>
      )}
    </section>
  );
}

function ProductView({ detail }: { detail: LockProductDetail }) {
  const { t } = useTranslation();
  const { image } = useLockFigures();
  const p = detail.product;
  const { room, balance } = useCallerLimits(p);
  return (
    <>
      <div className="ui-detail-head">
        <CoinIcon src={image(p.currency)} name={p.currency} size={40} />
        <PageHeading title={<span data-testid="lm-buy-name">{p.name}</span>} subtitle={`${t(`lockming.category.${p.category}.name`)} · ${p.currency}`} />
      </div>
      <Terms p={p} room={room} />
      <Rates detail={detail} />
      <BuyForm p={p} room={room} balance={balance} />
    </>
  );
}

export default function BuyPage() {
  const { t } = useTranslation();
  useRealtime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useGetLockProductQuery({ id }, { skip: !valid });
  const p = detail.data?.product;

  let body;
  if (!valid) body = <EmptyState title={t('lockming.notFound')} />;
  else if (detail.isLoading) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !detail.data) body = <ErrorState onRetry={detail.refetch} />;
  else if (detail.data) body = <ProductView key={detail.data.product.id} detail={detail.data} />;

  return (
    <PageShell backTo={p ? lockListRoute(p.category) : LOCK_ROUTES.welcome} className="ui-page lm-page">
      {body}
    </PageShell>
  );
}
