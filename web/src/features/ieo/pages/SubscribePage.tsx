/**
 * One project (ieo/subscribe?id=): its countdown and progress, its facts
 * (price, supply, remaining, per-user cap, minimum, the pay currency, the
 * dates, the lock and the release cycles, the white paper and website), the
 * caller's own totals, and the subscription form: the amount in tokens,
 * checked as typed (decimals, minimum, the cap less what was asked, the cost
 * against the spot balance), the cost shown live, then a confirmation. The
 * server's refusals arrive translated as a toast; the form keeps what was
 * typed. Live on `ieo_project` and `ieo_order` (api.ts).
 */
import { Button, Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { Line } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { compareDecimal, formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { IEO_ROUTES, subscribeRoute } from '../../../shared/ieo/routes';
import { useGetProjectQuery, useSubscribeMutation, type MyTotals, type Project, type ProjectDetail } from '../api';
import { Countdown, Progress, StateTag } from '../components/Parts';
import { useIeoFigures } from '../figures';
import { checkAmount, clockOffset, costOf, lastReleaseAt, roomLeft, sanitizeAmount, type AmountIssue } from '../logic';
import '../../../components/ui.css';
import '../ieo.css';

/** The spot account in the wallet list. */
const SPOT_ACCOUNT = 2;

function Facts({ p }: { p: Project }) {
  const { t } = useTranslation();
  const { exact } = useIeoFigures();
  return (
    <section className="ui-card" data-testid="ieo-facts">
      <h2 className="ui-card-title">{t('ieo.facts')}</h2>
      <div className="ui-lines">
        <Line label={t('ieo.price')} testId="ieo-fact-price" strong>
          {exact(p.price)} {p.pay_currency}
        </Line>
        <Line label={t('ieo.supply')} testId="ieo-fact-supply">
          {exact(p.supply)} {p.token}
        </Line>
        <Line label={t('ieo.remaining')} testId="ieo-fact-remaining">
          {exact(p.remaining)} {p.token}
        </Line>
        <Line label={t('ieo.userCap')} testId="ieo-fact-cap">
          {exact(p.user_cap)} {p.token}
        </Line>
        <Line label={t('ieo.minAmount')} testId="ieo-fact-min">
          {exact(p.min_amount)} {p.token}
        </Line>
        <Line label={t('ieo.payCurrency')}>{p.pay_currency}</Line>
        <Line label={t('ieo.startsAt')}>{formatDateTime(p.starts_at)}</Line>
        <Line label={t('ieo.endsAt')} testId="ieo-fact-end">
          {formatDateTime(p.ends_at)}
        </Line>
        <Line label={t('ieo.lockEndsAt')} testId="ieo-fact-lock">
          {formatDateTime(p.lock_ends_at)}
        </Line>
        <Line label={t('ieo.release')} testId="ieo-fact-release">
          {t('ieo.releaseCycles', { cycles: p.cycles, days: p.cycle_days })}
        </Line>
        <Line label={t('ieo.lastRelease')}>{formatDateTime(lastReleaseAt(p))}</Line>
      </div>
      <p className="hint ui-note">{t('ieo.releaseNote', { cycles: p.cycles, days: p.cycle_days })}</p>
      <div className="ieo-links">
        {p.whitepaper ? (
          <a href={p.whitepaper} target="_blank" rel="noopener noreferrer" className="ieo-link" data-testid="ieo-whitepaper">
            {t('ieo.whitepaper')} ↗
          </a>
        ) : null}
        {p.website ? (
          <a href={p.website} target="_blank" rel="noopener noreferrer" className="ieo-link" data-testid="ieo-website">
            {t('ieo.website')} ↗
          </a>
        ) : null}
      </div>
    </section>
  );
}

function Mine({ p, mine }: { p: Project; mine: MyTotals }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useIeoFigures();
  const tokens = (v: string | null) => (v === null ? PLACEHOLDER : `${exact(v)} ${p.token}`);
  return (
    <section className="ui-card" data-testid="ieo-mine">
      <h2 className="ui-card-title">{t('ieo.myTotals')}</h2>
      <div className="ui-lines">
        <Line label={t('ieo.asked')} testId="ieo-mine-asked" strong>
          {tokens(mine.asked)}
        </Line>
        <Line label={t('ieo.costFrozen')} testId="ieo-mine-cost">
          {exact(mine.cost)} {p.pay_currency}
        </Line>
        <Line label={t('ieo.allocated')} testId="ieo-mine-allocated">
          {mine.allocated === null ? t('ieo.afterEnd') : tokens(mine.allocated)}
        </Line>
        <Line label={t('ieo.refund')} testId="ieo-mine-refund">
          {mine.refund === null ? t('ieo.afterEnd') : `${exact(mine.refund)} ${p.pay_currency}`}
        </Line>
        <Line label={t('ieo.locked')}>{tokens(mine.locked)}</Line>
        <Line label={t('ieo.released')}>{tokens(mine.released)}</Line>
      </div>
      <div className="ui-actions">
        <Button size="small" fill="outline" color="primary" shape="rounded" onClick={() => navigate(IEO_ROUTES.orders)} data-testid="ieo-to-my-orders">
          {t('ieo.mine')}
        </Button>
      </div>
    </section>
  );
}

/** The spot balance (available and frozen) of the pay currency; null while unknown or logged out. */
function useSpot(p: Project): { available: string; frozen: string } | null {
  const token = useAppSelector(selectToken);
  // The balance moves with every trade: fresh on each visit.
  const wallet = useGetWalletListQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  if (!token || !wallet.data) return null;
  const row = wallet.data.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances.find((b) => b.currency_id === p.pay_currency_id);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

function SubscribeForm({ p, mine }: { p: Project; mine: MyTotals | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { exact, balance: money, decimalsOf } = useIeoFigures();
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const spot = useSpot(p);

  const places = decimalsOf(p.token_id);
  const payPlaces = decimalsOf(p.pay_currency_id);
  const room = token && mine ? roomLeft(p.user_cap, mine.asked) : token ? p.user_cap : null;
  const issue = checkAmount(amount, { places, min: p.min_amount, room, price: p.price, payPlaces, balance: spot?.available ?? null });
  // "Required" waits for a tap on the button; anything else shows as it is typed.
  const shown = issue && (tried || issue.key !== 'required') ? issue : null;
  const cost = issue && issue.key !== 'insufficient' ? null : costOf(amount.trim(), p.price, payPlaces);
  const live = p.status === 1;

  const issueText = (i: AmountIssue) => {
    const v = i.values ?? {};
    return t(`ieo.errors.${i.key}`, {
      places: v.places,
      min: v.min ? exact(v.min) : undefined,
      room: v.room ? exact(v.room) : undefined,
      cost: v.cost ? exact(v.cost) : undefined,
      balance: v.balance ? money(v.balance, p.pay_currency_id) : undefined,
      token: p.token,
      coin: p.pay_currency,
    });
  };

  const confirm = (c: string): Promise<boolean> =>
    Dialog.confirm({
      title: t('ieo.confirmTitle'),
      content: (
        <div className="ui-dialog" data-testid="ieo-confirm">
          <Line label={t('ieo.project')}>{p.name}</Line>
          <Line label={t('ieo.amount')} testId="ieo-confirm-amount" strong>
            {exact(amount.trim())} {p.token}
          </Line>
          <Line label={t('ieo.price')}>
            {exact(p.price)} {p.pay_currency}
          </Line>
          <Line label={t('ieo.costFrozen')} testId="ieo-confirm-cost" strong>
            {exact(c)} {p.pay_currency}
          </Line>
          <p className="ieo-dialog-note">{t('ieo.confirmNote', { coin: p.pay_currency, time: formatDateTime(p.ends_at) })}</p>
          <p className="ieo-dialog-note">{t('ieo.confirmRelease', { time: formatDateTime(p.lock_ends_at), cycles: p.cycles, days: p.cycle_days })}</p>
        </div>
      ),
      confirmText: t('ieo.subscribe'),
      cancelText: t('common.cancel'),
    });

  const submit = async () => {
    if (!token) {
      navigate(loginRouteFor(subscribeRoute(p.id)));
      return;
    }
    setTried(true);
    if (issue || cost === null) return;
    if (!(await confirm(cost))) return;
    try {
      const order = await subscribe({ project_id: p.id, amount: amount.trim() }).unwrap();
      showToast(t('ieo.subscribed', { cost: exact(order.cost), coin: order.pay_currency }), 'success');
      setAmount('');
      setTried(false);
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  let closedText: string | null = null;
  if (p.status === 0) closedText = t('ieo.notStarted');
  else if (p.status >= 2) closedText = t('ieo.saleEnded');

  return (
    <section className="ui-card ui-form" data-testid="ieo-form">
      <h2 className="ui-card-title">{t('ieo.subscribeTitle')}</h2>
      <div className={`ui-field ${shown ? 'has-error' : ''}`}>
        <label className="ui-field-label" htmlFor="ieo-amount">
          {t('ieo.amountLabel', { token: p.token })}
        </label>
        <div className="ui-input" data-testid="ieo-amount">
          <Input
            id="ieo-amount"
            value={amount}
            onChange={(v) => setAmount(sanitizeAmount(v))}
            inputMode="decimal"
            disabled={!live}
            placeholder={t('ieo.amountPlaceholder', { min: exact(p.min_amount) })}
          />
          <span className="ui-input-unit">{p.token}</span>
        </div>
        {shown ? (
          <p className="ui-error" role="alert" data-testid="ieo-amount-error" data-key={shown.key}>
            {issueText(shown)}
          </p>
        ) : (
          <p className="ui-field-hint" data-testid="ieo-room">
            {room !== null
              ? t('ieo.roomHint', { min: exact(p.min_amount), room: exact(room), token: p.token })
              : t('ieo.capHint', { min: exact(p.min_amount), cap: exact(p.user_cap), token: p.token })}
          </p>
        )}
      </div>
      <div className="ui-total">
        <span>{t('ieo.cost')}</span>
        <b data-testid="ieo-cost" className={shown?.key === 'insufficient' ? 'down' : ''}>
          {cost !== null && amount.trim() !== '' ? `${exact(cost)} ${p.pay_currency}` : `${PLACEHOLDER} ${p.pay_currency}`}
        </b>
      </div>
      <p className="hint ieo-cost-note">{t('ieo.costNote', { price: exact(p.price), coin: p.pay_currency })}</p>
      {token ? (
        <div className="ui-balance">
          <span className="ieo-balance-text" data-testid="ieo-balance">
            {t('ieo.available', { amount: spot ? money(spot.available, p.pay_currency_id) : PLACEHOLDER, coin: p.pay_currency })}
            {spot && compareDecimal(spot.frozen, '0') === 1 ? (
              <span className="ieo-frozen" data-testid="ieo-frozen">
                {t('ieo.frozen', { amount: money(spot.frozen, p.pay_currency_id), coin: p.pay_currency })}
              </span>
            ) : null}
          </span>
          <Button size="small" fill="none" color="primary" onClick={() => navigate(`${FUNDS_ROUTES.receive}?currency=${p.pay_currency_id}`)} data-testid="ieo-deposit">
            {t('ieo.deposit')}
          </Button>
        </div>
      ) : null}
      {closedText ? (
        <>
          <p className="ieo-closed" data-testid="ieo-closed">
            {closedText}
          </p>
          <Button block size="large" shape="rounded" disabled className="submit-button" data-testid="ieo-submit">
            {t('ieo.subscribe')}
          </Button>
        </>
      ) : (
        <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="ieo-submit">
          {token ? t('ieo.subscribe') : t('ieo.loginToSubscribe')}
        </SubmitButton>
      )}
    </section>
  );
}

function ProjectView({ detail, offset, onElapsed }: { detail: ProjectDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const { exact } = useIeoFigures();
  const p = detail.project;
  const mine = detail.mine;
  return (
    <>
      <div className="ui-detail-head ieo-detail-head">
        <span className="ieo-token-badge big" aria-hidden="true">
          {p.token.slice(0, 1)}
        </span>
        <PageHeading title={<span data-testid="ieo-detail-name">{p.name}</span>} subtitle={`${p.token} · ${t('ieo.payWith', { coin: p.pay_currency })}`} />
      </div>
      <section className="ui-card" data-testid="ieo-status">
        <div className="ieo-status-top">
          <StateTag status={p.status} />
          <Countdown p={p} offset={offset} onElapsed={onElapsed} big />
        </div>
        <Progress p={p} exact={exact} />
        {p.intro ? <p className="ieo-intro">{p.intro}</p> : null}
      </section>
      <Facts p={p} />
      <SubscribeForm key={p.id} p={p} mine={mine} />
      {mine && compareDecimal(mine.asked, '0') === 1 ? <Mine p={p} mine={mine} /> : null}
    </>
  );
}

export default function SubscribePage() {
  const { t } = useTranslation();
  useRealtime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const token = useAppSelector(selectToken);
  const detail = useGetProjectQuery({ id, token }, { skip: !valid });

  let body;
  if (!valid) body = <EmptyState title={t('ieo.notFound')} />;
  else if (detail.isLoading) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !detail.data) body = <ErrorState onRetry={detail.refetch} />;
  else if (detail.data)
    body = (
      <ProjectView
        detail={detail.data}
        offset={clockOffset(detail.data.project.server_time, detail.fulfilledTimeStamp)}
        onElapsed={detail.refetch}
      />
    );

  return (
    <PageShell backTo={IEO_ROUTES.list} className="ui-page ieo-page">
      {body}
    </PageShell>
  );
}
