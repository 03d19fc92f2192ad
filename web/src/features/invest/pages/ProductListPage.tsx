/**
 * Dual investment products (invest/invest): "sell high" (call) and "buy
 * low" (put) tabs and a coin switch, both in the address; each product with
 * its APR, linked price against the index, days, maturity and shares left.
 * Opened without a tab in the address, it lands on one the user can invest
 * in (logic.ts `landingTab`: USDT only → "buy low").
 * Refetched live on `dual_products` (api.ts) and every 30 s for the index.
 */
import { Tabs } from 'antd-mobile';
import { QuestionCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useAppSelector } from '../../../app/hooks';
import { compareDecimal } from '../../../lib/format';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { INDEX_REFRESH_MS, useGetDualProductsQuery } from '../api';
import { NotProtected } from '../components/Parts';
import { ProductCard } from '../components/ProductCard';
import { COINS, isCoin, isKind, KINDS, landingTab, type Coin, type Kind } from '../logic';
import { INVEST_ROUTES, purchaseRoute } from '../paths';
import '../../../components/ui.css';
import '../invest.css';

/** Spot account of the wallet list. */
const SPOT_ACCOUNT = 2;

/**
 * Where the list opens when the address names no tab (`landingTab`): null
 * while a logged-in user's wallet is still unknown, so the list does not open
 * on a tab and then jump.
 */
function useLandingTab(needed: boolean): { kind: Kind; coin: Coin } | null {
  const token = useAppSelector(selectToken);
  const wallet = useGetWalletListQuery(undefined, { skip: !token || !needed });
  if (!needed || !token) return landingTab(null);
  if (wallet.isUninitialized || wallet.isLoading) return null;
  if (!wallet.data) return landingTab(null);
  const spot = wallet.data.accounts.find((a) => a.account === SPOT_ACCOUNT)?.balances ?? [];
  return landingTab((name) => spot.some((b) => b.name === name && compareDecimal(b.available, '0') === 1));
}

export default function ProductListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const coinParam = params.get('coin');
  const landing = useLandingTab(!isKind(kindParam));
  const kind: Kind = isKind(kindParam) ? kindParam : (landing?.kind ?? 'call');
  const coin: Coin = isCoin(coinParam) ? coinParam : isKind(kindParam) ? 'BTC' : (landing?.coin ?? 'BTC');
  const list = useGetDualProductsQuery({ currency: coin, kind }, { pollingInterval: INDEX_REFRESH_MS, skip: landing === null });
  const products = list.data ?? [];

  const setQuery = (next: { kind?: Kind; coin?: Coin }) => {
    setParams({ kind: next.kind ?? kind, coin: next.coin ?? coin }, { replace: true });
  };

  let body;
  if (landing === null || list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (products.length === 0) body = <EmptyState title={t('invest.empty')} description={t('invest.emptyHint')} />;
  else
    body = (
      <div data-testid="dual-product-list">
        {products.map((p) => (
          <ProductCard key={p.id} p={p} onOpen={() => navigate(purchaseRoute(p.id))} />
        ))}
      </div>
    );

  return (
    <PageShell
      className="ui-page dual-page"
      backTo={INVEST_ROUTES.financial}
      right={
        <div className="dual-nav-actions">
          <button type="button" className="icon-button" aria-label={t('invest.help.title')} onClick={() => navigate(INVEST_ROUTES.help)} data-testid="dual-to-help">
            <QuestionCircleOutline fontSize={22} />
          </button>
          <button type="button" className="icon-button" aria-label={t('invest.mine')} onClick={() => navigate(INVEST_ROUTES.mine)} data-testid="dual-to-mine">
            <UnorderedListOutline fontSize={22} />
          </button>
        </div>
      }
    >
      <PageHeading title={t('invest.title')} subtitle={t('invest.subtitle')} />
      <Tabs activeKey={kind} onChange={(k) => isKind(k) && setQuery({ kind: k })} className="ui-tabs" data-testid="dual-kind-tabs">
        {KINDS.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`dual-tab-${k}`}>{t(`invest.kind.${k}`)}</span>} />
        ))}
      </Tabs>
      <p className="dual-kind-hint" data-testid="dual-kind-hint">
        {t(`invest.kindHint.${kind}`, { coin })}
      </p>
      <div className="ui-seg" role="radiogroup" aria-label={t('invest.coin')} data-testid="dual-coins">
        {COINS.map((c) => (
          <button key={c} type="button" role="radio" aria-checked={coin === c} className={coin === c ? 'on' : ''} onClick={() => setQuery({ coin: c })} data-testid={`dual-coin-${c}`}>
            {c}
          </button>
        ))}
      </div>
      {body}
      <NotProtected />
    </PageShell>
  );
}
