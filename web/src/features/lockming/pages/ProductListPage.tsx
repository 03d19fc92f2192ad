/**
 * The products of a kind (lockming/lockming?category=lock|defi|cloud): one
 * card each, a product leading to its page. The kind lives in the address
 * (tabs replace it), so coming back keeps it. Live: `lock_products` and
 * `lock_accrued` refetch the list (api.ts).
 */
import { Tabs } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { isLockCategory, LOCK_CATEGORIES, LOCK_ROUTES, lockBuyRoute, type LockCategory } from '../../../shared/lock/routes';
import { useGetLockProductsQuery } from '../api';
import { ProductCard } from '../components/ProductCard';
import '../../../components/ui.css';
import '../lockming.css';

export default function ProductListPage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const param = params.get('category');
  const category: LockCategory = isLockCategory(param) ? param : 'lock';
  const list = useGetLockProductsQuery({ category });

  const products = list.data ?? [];
  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (products.length === 0) body = <EmptyState title={t('lockming.emptyProducts')} />;
  else
    body = (
      <div data-testid="lm-product-list">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} onOpen={() => navigate(lockBuyRoute(p.id))} />
        ))}
      </div>
    );

  return (
    <PageShell
      backTo={LOCK_ROUTES.welcome}
      className="ui-page lm-page"
      right={
        <button type="button" className="icon-button" aria-label={t('lockming.myOrders')} onClick={() => navigate(LOCK_ROUTES.orders)} data-testid="lm-to-orders">
          <UnorderedListOutline fontSize={22} />
        </button>
      }
    >
      <PageHeading title={t(`lockming.category.${category}.name`)} subtitle={t(`lockming.category.${category}.desc`)} />
      <Tabs
        activeKey={category}
        onChange={(k) => isLockCategory(k) && setParams({ category: k }, { replace: true })}
        className="ui-tabs"
        data-testid="lm-category-tabs"
      >
        {LOCK_CATEGORIES.map((c) => (
          <Tabs.Tab key={c} title={<span data-testid={`lm-tab-${c}`}>{t(`lockming.category.${c}.name`)}</span>} />
        ))}
      </Tabs>
      <div className="ui-tab-body">{body}</div>
    </PageShell>
  );
}
