/** Full contract history (closed and cancelled orders), page after page. */
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell';
import { PagedList } from '../../../components/PagedList';
import { PAGE_LIMIT } from '../../../lib/constants';
import { useLazyGetLeverOrdersQuery, type LeverOrder } from '../api';
import { HistoryCard } from '../components/OrderCards';
import { CONTRACT_ROUTES } from '../paths';
import '../contract.css';

export default function ContractOrderPage() {
  const { t } = useTranslation();
  const [fetchOrders] = useLazyGetLeverOrdersQuery();
  return (
    <PageShell backTo={CONTRACT_ROUTES.contract} className="ct-page">
      <div className="page-heading">
        <h1>{t('contract.historyTitle')}</h1>
      </div>
      <div data-testid="ct-order-page">
        <PagedList<LeverOrder>
          resetKey="contract-history"
          fetchPage={(page) => fetchOrders({ status: 3, page, limit: PAGE_LIMIT }).unwrap()}
          itemKey={(o) => o.id}
          renderItem={(o) => <HistoryCard order={o} />}
        />
      </div>
    </PageShell>
  );
}
