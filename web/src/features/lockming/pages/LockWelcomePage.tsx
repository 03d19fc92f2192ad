/**
 * The Lock tab (lockming/welcome): what lock-up mining is, the platform's
 * totals from the products (principal locked per coin, holdings in
 * progress), the caller's own locked principal and income when logged in,
 * the three kinds of product leading to their lists, and "My orders". Live:
 * the products follow `lock_products`, the summary `lock_accrued`.
 */
import { Button } from 'antd-mobile';
import { RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { CoinIcon } from '../../../components/CoinIcon';
import { Figure } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ErrorState } from '../../../components/StateBlocks';
import { TabHeader } from '../../../components/TabHeader';
import { trendColor } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { useGetLockSummaryQuery } from '../../../shared/lock/api';
import { LOCK_CATEGORIES, LOCK_ROUTES, lockListRoute, type LockCategory } from '../../../shared/lock/routes';
import type { LockProduct } from '../../../shared/lock/types';
import { useGetLockProductsQuery } from '../api';
import { CategoryIcon } from '../components/categoryLook';
import { useLockFigures } from '../figures';
import { categoryStats, holdersTotal, lockedByCoin, rateText } from '../logic';
import '../../../components/ui.css';
import '../lockming.css';

function PlatformTotals({ products }: { products: LockProduct[] }) {
  const { t } = useTranslation();
  const { money, image } = useLockFigures();
  const coins = lockedByCoin(products);
  return (
    <div className="lm-hero-figures" data-testid="lm-platform">
      <div className="lm-hero-locked">
        <span className="ui-figure-label">{t('lockming.platform.locked')}</span>
        {coins.length === 0 ? (
          <b className="ui-figure-value">0</b>
        ) : (
          coins.map((c) => (
            <span className="lm-coin-amount" key={c.currency} data-testid={`lm-platform-${c.currency}`}>
              <CoinIcon src={image(c.currency)} name={c.currency} size={18} />
              <b>{money(c.locked, c.currency)}</b>
              <span className="lm-unit">{c.currency}</span>
            </span>
          ))
        )}
      </div>
      <div className="ui-grid">
        <Figure label={t('lockming.platform.holders')} testId="lm-platform-holders">
          {holdersTotal(products)}
        </Figure>
        <Figure label={t('lockming.platform.products')}>{products.length}</Figure>
      </div>
    </div>
  );
}

function MyHoldings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { money, income, image } = useLockFigures();
  const summary = useGetLockSummaryQuery({ token: token ?? '' }, { skip: !token });

  let body;
  if (!token) {
    body = (
      <div className="lm-mine-visitor">
        <p className="hint">{t('lockming.mine.visitor')}</p>
        <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => navigate(loginRouteFor(LOCK_ROUTES.welcome))} data-testid="lm-login">
          {t('lockming.mine.login')}
        </Button>
      </div>
    );
  } else if (summary.isLoading) body = <LoadingBlock lines={2} title={false} />;
  else if (summary.isError && !summary.data) body = <ErrorState onRetry={summary.refetch} />;
  else {
    const coins = summary.data?.coins ?? [];
    body =
      coins.length === 0 ? (
        <p className="hint lm-mine-none">{t('lockming.mine.none')}</p>
      ) : (
        <ul className="lm-mine-list">
          {coins.map((c) => (
            <li key={c.currency} data-testid={`lm-mine-${c.currency}`}>
              <span className="lm-mine-coin">
                <CoinIcon src={image(c.currency)} name={c.currency} size={24} />
                <strong>{c.currency}</strong>
                <span className="hint ellipsis">{t('lockming.mine.openOrders', { n: c.open_orders })}</span>
              </span>
              <span className="ui-grid">
                <Figure label={t('lockming.mine.locked')} testId={`lm-mine-${c.currency}-locked`}>
                  {money(c.locked, c.currency)}
                </Figure>
                <Figure label={t('lockming.mine.accrued')} color={trendColor(c.accrued)} testId={`lm-mine-${c.currency}-accrued`}>
                  {income(c.accrued, c.currency)}
                </Figure>
              </span>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <section className="ui-card" data-testid="lm-mine">
      <div className="lm-card-head">
        <h2 className="ui-card-title">{t('lockming.mine.title')}</h2>
        {token ? (
          <button type="button" className="lm-link" onClick={() => navigate(LOCK_ROUTES.orders)} data-testid="lm-mine-orders">
            {t('lockming.myOrders')}
            <RightOutline />
          </button>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function CategoryCard({ category, products }: { category: LockCategory; products: LockProduct[] | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stats = products ? categoryStats(products, category) : null;
  let line: string | null = null;
  if (stats && stats.count === 0) line = t('lockming.categories.none');
  else if (stats && stats.bestRate !== null) {
    const days =
      stats.minDays === stats.maxDays
        ? t('lockming.daysCount', { count: stats.minDays ?? 0 })
        : t('lockming.daysRange', { min: stats.minDays, max: stats.maxDays });
    line = `${t('lockming.categories.upTo', { rate: rateText(stats.bestRate) })} · ${days}`;
  }
  return (
    <button type="button" className="ui-card lm-cat ui-tap" onClick={() => navigate(lockListRoute(category))} data-testid={`lm-cat-${category}`}>
      <CategoryIcon category={category} />
      <span className="lm-cat-text">
        <strong>{t(`lockming.category.${category}.name`)}</strong>
        <span className="lm-cat-desc">{t(`lockming.category.${category}.desc`)}</span>
        {line ? <span className="lm-cat-stats">{line}</span> : null}
      </span>
      <RightOutline className="lm-cat-arrow" />
    </button>
  );
}

export default function LockWelcomePage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const products = useGetLockProductsQuery({});

  let platform;
  if (products.isLoading) platform = <LoadingBlock lines={2} title={false} />;
  else if (products.isError && !products.data) platform = <ErrorState onRetry={products.refetch} />;
  else platform = <PlatformTotals products={products.data ?? []} />;

  return (
    <div className="tab-page ui-page lm-page" data-testid="lock-page">
      <TabHeader
        title={t('tabs.lock')}
        right={
          <button type="button" className="icon-button" aria-label={t('lockming.myOrders')} onClick={() => navigate(LOCK_ROUTES.orders)} data-testid="lm-to-orders">
            <UnorderedListOutline fontSize={22} />
          </button>
        }
      />
      <section className="lm-hero" data-testid="lm-hero">
        <h2>{t('lockming.title')}</h2>
        <p>{t('lockming.intro1')}</p>
        <p>{t('lockming.intro2')}</p>
        {platform}
      </section>
      <MyHoldings />
      <h2 className="lm-section-title">{t('lockming.categories.title')}</h2>
      {LOCK_CATEGORIES.map((c) => (
        <CategoryCard key={c} category={c} products={products.data} />
      ))}
      <button type="button" className="ui-card lm-orders-link ui-tap" onClick={() => navigate(LOCK_ROUTES.orders)} data-testid="lm-orders-link">
        <UnorderedListOutline className="lm-orders-link-icon" />
        <span className="ellipsis">{t('lockming.myOrders')}</span>
        <RightOutline className="lm-cat-arrow" />
      </button>
    </div>
  );
}
