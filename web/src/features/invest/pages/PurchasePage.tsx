/**
 * One product (invest/purchase?id=): its terms, the holding period among them
 * (sold until `starts_at`, interest from then until it settles at maturity),
 * and the purchase form: whole shares (at least one, at most those left), the
 * amount invested shown live (shares × unit) against the spot balance, the
 * two outcomes computed with the settlement rule (logic.ts), a clear "not
 * capital protected" note, then a confirmation. The server's refusals arrive
 * translated as a toast; the form keeps what was typed. Live on
 * `dual_products` (api.ts).
 */
import { Button, Dialog, Input } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { CoinIcon } from '../../../components/CoinIcon';
import { Line } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime, formatPercent, groupThousands, PLACEHOLDER } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { INDEX_REFRESH_MS, useBuyDualMutation, useGetDualProductQuery, type DualDetail, type DualProduct } from '../api';
import { KindTag, NotProtected, Outcomes } from '../components/Parts';
import { useDualFigures } from '../figures';
import { aprText, checkShares, distanceText, investedOf, outcomes, periodRate, sanitizeShares, type SharesIssue } from '../logic';
import { INVEST_ROUTES, purchaseRoute } from '../paths';
import '../../../components/ui.css';
import '../invest.css';

const PayoffChart = lazy(() => import('../components/PayoffChart'));

/** The spot account in the wallet list. */
const SPOT_ACCOUNT = 2;

function Terms({ detail }: { detail: DualDetail }) {
  const { t } = useTranslation();
  const { price, exact } = useDualFigures();
  const p = detail.product;
  const distance = distanceText(p.linked_price, p.index_price);
  return (
    <section className="ui-card" data-testid="dual-terms">
      <div className="ui-main dual-product-main">
        <div className="ui-big dual-apr">
          <span className="ui-figure-label">{t('invest.apr')}</span>
          <strong data-testid="dual-terms-apr">{aprText(p.apr)}</strong>
        </div>
        <div className="dual-prices">
          <span className="ui-figure-label">{t('invest.periodRate')}</span>
          <b className="ui-figure-value">{formatPercent(periodRate(p.days, p.apr), 4)}</b>
        </div>
      </div>
      <div className="ui-lines">
        <Line label={t('invest.linkedPrice')} testId="dual-terms-linked" strong>
          {price(p.currency, p.quote, p.linked_price)}
        </Line>
        <Line label={t('invest.indexPrice')} testId="dual-terms-index">
          {price(p.currency, p.quote, p.index_price)}
          {distance ? <span className="ui-sub">{t('invest.linkedVsIndex', { distance })}</span> : null}
        </Line>
        <Line label={t('invest.days')}>{t('invest.daysCount', { count: p.days })}</Line>
        <Line label={t('invest.interestFrom')} testId="dual-terms-starts">
          {formatDateTime(p.starts_at)}
        </Line>
        <Line label={t('invest.settlesOn')} testId="dual-terms-maturity">
          {formatDateTime(p.matures_at)}
        </Line>
        <Line label={t('invest.perShare')}>{`${exact(p.unit)} ${p.invest_currency}`}</Line>
        <Line label={t('invest.sharesLeftLabel')} testId="dual-terms-left">
          {t('invest.sharesLeft', { left: groupThousands(String(p.shares_left)), total: groupThousands(String(p.shares_total)) })}
        </Line>
      </div>
      <p className="hint ui-note" data-testid="dual-terms-holding">
        {t('invest.holdingNote', { start: formatDateTime(p.starts_at), end: formatDateTime(p.matures_at) })}
      </p>
      <p className="hint ui-note">{t('invest.settlementRule')}</p>
      {detail.samples.length > 0 ? <p className="hint ui-note">{t('invest.samplingNow', { count: detail.samples.length })}</p> : null}
    </section>
  );
}

/** The spot balance of the currency invested; null while unknown or logged out. */
function useBalance(p: DualProduct): string | null {
  const token = useAppSelector(selectToken);
  const wallet = useGetWalletListQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  if (!token || !wallet.data) return null;
  const row = wallet.data.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances.find((b) => b.name === p.invest_currency);
  return row?.available ?? '0';
}

function PurchaseForm({ p }: { p: DualProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { price, exact, balance: money } = useDualFigures();
  const [buy, { isLoading }] = useBuyDualMutation();
  const [shares, setShares] = useState('1');
  const [tried, setTried] = useState(false);
  const balance = useBalance(p);

  const issue = checkShares(shares, { left: p.shares_left, unit: p.unit, balance });
  const shown = issue && (tried || issue.key !== 'required') ? issue : null;
  const count = /^\d+$/.test(shares.trim()) ? Number(shares.trim()) : 0;
  const invested = count > 0 ? investedOf(p.unit, count) : null;
  const outs = invested ? outcomes(p, invested) : null;
  const linked = price(p.currency, p.quote, p.linked_price);
  const open = p.status === 0 && p.shares_left > 0;

  const issueText = (i: SharesIssue) => {
    const v = i.values ?? {};
    return t(`invest.errors.${i.key}`, {
      count: v.count,
      amount: typeof v.amount === 'string' ? exact(v.amount) : undefined,
      balance: typeof v.balance === 'string' ? money(v.balance, p.invest_currency) : undefined,
      coin: p.invest_currency,
    });
  };

  const confirm = (amount: string): Promise<boolean> =>
    Dialog.confirm({
      title: t('invest.confirmTitle'),
      content: (
        <div className="ui-dialog dual-dialog" data-testid="dual-confirm">
          <Line label={t('invest.product')}>
            {`${p.currency}/${p.quote} · ${t(`invest.kind.${p.kind}`)} · ${t('invest.daysCount', { count: p.days })}`}
          </Line>
          <Line label={t('invest.shares')}>{count}</Line>
          <Line label={t('invest.invested')} testId="dual-confirm-amount" strong>
            {`${exact(amount)} ${p.invest_currency}`}
          </Line>
          <Line label={t('invest.apr')}>{aprText(p.apr)}</Line>
          <Line label={t('invest.interestFrom')}>{formatDateTime(p.starts_at)}</Line>
          <Line label={t('invest.settlesOn')}>{formatDateTime(p.matures_at)}</Line>
          <Outcomes kind={p.kind} linked={linked} below={outs?.below ?? null} above={outs?.above ?? null} money={money} />
          <NotProtected />
        </div>
      ),
      confirmText: t('invest.buy'),
      cancelText: t('common.cancel'),
    });

  const submit = async () => {
    if (!token) {
      navigate(loginRouteFor(purchaseRoute(p.id)));
      return;
    }
    setTried(true);
    if (issue || !invested) return;
    if (!(await confirm(invested))) return;
    try {
      await buy({ id: p.id, num: count }).unwrap();
      showToast(t('invest.bought'), 'success');
      navigate(INVEST_ROUTES.mine, { replace: true });
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  return (
    <section className="ui-card ui-form dual-form" data-testid="dual-form">
      <div className={`ui-field ${shown ? 'has-error' : ''}`}>
        <label className="ui-field-label" htmlFor="dual-shares">
          {t('invest.sharesLabel', { unit: exact(p.unit), coin: p.invest_currency })}
        </label>
        <div className="ui-input dual-input" data-testid="dual-shares">
          <Input id="dual-shares" value={shares} onChange={(v) => setShares(sanitizeShares(v))} inputMode="numeric" disabled={!open} placeholder="1" />
          <span className="ui-input-unit">{t('invest.sharesUnit')}</span>
          <button type="button" className="dual-max" disabled={!open} onClick={() => setShares(String(Math.max(p.shares_left, 0)))} data-testid="dual-max">
            {t('invest.max')}
          </button>
        </div>
        {shown ? (
          <p className="ui-error" role="alert" data-testid="dual-shares-error" data-key={shown.key}>
            {issueText(shown)}
          </p>
        ) : (
          <p className="ui-field-hint">{t('invest.sharesHint', { count: p.shares_left })}</p>
        )}
      </div>
      <div className="ui-total">
        <span>{t('invest.invested')}</span>
        <b data-testid="dual-invested" className={shown?.key === 'insufficient' ? 'down' : ''}>
          {`${invested ? exact(invested) : PLACEHOLDER} ${p.invest_currency}`}
        </b>
      </div>
      {token ? (
        <div className="ui-balance">
          <span className="ellipsis" data-testid="dual-balance">
            {t('invest.available', { amount: balance !== null ? money(balance, p.invest_currency) : PLACEHOLDER, coin: p.invest_currency })}
          </span>
          <Button size="small" fill="none" color="primary" onClick={() => navigate(FUNDS_ROUTES.receive)} data-testid="dual-deposit">
            {t('invest.deposit')}
          </Button>
        </div>
      ) : null}
      <Outcomes kind={p.kind} linked={linked} below={outs?.below ?? null} above={outs?.above ?? null} money={money} />
      <NotProtected />
      {open ? (
        <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="dual-submit">
          {token ? t('invest.buy') : t('invest.loginToBuy')}
        </SubmitButton>
      ) : (
        <Button block size="large" shape="rounded" disabled className="submit-button" data-testid="dual-submit">
          {t('invest.closed')}
        </Button>
      )}
      {invested && outs ? (
        <Suspense fallback={<div className="dual-chart" />}>
          <p className="dual-chart-title">{t('invest.help.chartTitle', { quote: p.quote })}</p>
          <PayoffChart terms={p} amount={invested} linkedText={linked} />
        </Suspense>
      ) : null}
    </section>
  );
}

function ProductView({ detail }: { detail: DualDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = detail.product;
  return (
    <>
      <div className="ui-detail-head">
        <CoinIcon name={p.currency} size={40} />
        <PageHeading
          title={
            <span className="dual-detail-title" data-testid="dual-detail-name">
              {`${p.currency}/${p.quote}`} <KindTag kind={p.kind} />
            </span>
          }
          subtitle={t(`invest.kindHint.${p.kind}`, { coin: p.currency })}
        />
      </div>
      <Terms detail={detail} />
      <PurchaseForm key={p.id} p={p} />
      <div className="dual-help-link">
        <Button fill="none" color="primary" onClick={() => navigate(INVEST_ROUTES.help)} data-testid="dual-purchase-help">
          {t('invest.help.link')}
        </Button>
      </div>
    </>
  );
}

export default function PurchasePage() {
  const { t } = useTranslation();
  useRealtime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useGetDualProductQuery({ id }, { skip: !valid, pollingInterval: INDEX_REFRESH_MS });

  let body;
  if (!valid) body = <EmptyState title={t('invest.notFound')} />;
  else if (detail.isLoading) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !detail.data) body = <ErrorState onRetry={detail.refetch} />;
  else if (detail.data) body = <ProductView detail={detail.data} />;

  return (
    <PageShell backTo={INVEST_ROUTES.list} className="ui-page dual-page">
      {body}
    </PageShell>
  );
}
