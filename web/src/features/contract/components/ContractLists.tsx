/**
 * The lists under the contract form: holding positions (live profit and risk
 * rate from `lever_trade`), pending limit orders and recent history, with the
 * batch close buttons.
 */
import { Button, Dialog, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { showToast } from '../../../lib/toast';
import {
  useGetLeverOrdersQuery,
  useLeverBatchCloseMutation,
  useLeverCancelMutation,
  useLeverCloseMutation,
  type LeverOrder,
} from '../api';
import { CONTRACT_ROUTES } from '../paths';
import { HistoryCard, PendingCard, PositionCard } from './OrderCards';
import { StopsDialog } from './StopsDialog';

type Tab = 'positions' | 'pending' | 'history';

function ListState({ loading, error, retry, empty }: { loading: boolean; error: boolean; retry: () => void; empty: boolean }) {
  if (loading) return <LoadingBlock lines={3} />;
  if (error) return <ErrorState onRetry={retry} />;
  if (empty) return <EmptyState />;
  return null;
}

export function ContractLists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('positions');
  const [editing, setEditing] = useState<LeverOrder | null>(null);
  const positions = useGetLeverOrdersQuery({ status: 1, page: 1, limit: 100 });
  const pending = useGetLeverOrdersQuery({ status: 0, page: 1, limit: 100 }, { skip: tab !== 'pending' });
  const history = useGetLeverOrdersQuery({ status: 3, page: 1, limit: 10 }, { skip: tab !== 'history' });
  const [closeOne] = useLeverCloseMutation();
  const [cancelOne] = useLeverCancelMutation();
  const [batchClose, { isLoading: batching }] = useLeverBatchCloseMutation();

  const held = positions.data?.data ?? [];

  const confirmClose = async (order: LeverOrder) => {
    const ok = await Dialog.confirm({
      title: t('contract.closeTitle'),
      content: t('contract.closeConfirm', { symbol: order.symbol }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await closeOne({ id: order.id }).unwrap();
      showToast(t('contract.closed'), 'success');
    } catch {
      // Shown by the base query.
    }
  };

  const confirmCancel = async (order: LeverOrder) => {
    const ok = await Dialog.confirm({
      content: t('contract.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await cancelOne({ id: order.id }).unwrap();
      showToast(t('contract.cancelled'), 'success');
    } catch {
      // Shown by the base query.
    }
  };

  const confirmBatch = async (type: 0 | 1 | 2) => {
    const key = type === 0 ? 'contract.closeAllConfirm' : type === 1 ? 'contract.closeLongsConfirm' : 'contract.closeShortsConfirm';
    const ok = await Dialog.confirm({ content: t(key), confirmText: t('common.confirm'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      const res = await batchClose({ type }).unwrap();
      showToast(t('contract.batchClosed', { count: res.closed?.length ?? 0 }), 'success');
    } catch {
      // Shown by the base query.
    }
  };

  return (
    <div className="ct-tabs-wrap">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab key="positions" title={`${t('contract.positions')}${held.length ? ` (${held.length})` : ''}`}>
          {held.length > 0 ? (
            <div className="ct-batch">
              <Button size="mini" onClick={() => confirmBatch(0)} loading={batching} data-testid="ct-close-all">
                {t('contract.closeAll')}
              </Button>
              <Button size="mini" onClick={() => confirmBatch(1)} disabled={batching}>
                {t('contract.closeLongs')}
              </Button>
              <Button size="mini" onClick={() => confirmBatch(2)} disabled={batching}>
                {t('contract.closeShorts')}
              </Button>
            </div>
          ) : null}
          <ListState loading={positions.isLoading} error={positions.isError && !positions.data} retry={positions.refetch} empty={held.length === 0} />
          {held.map((o) => (
            <PositionCard key={o.id} order={o} onClose={() => confirmClose(o)} onStops={() => setEditing(o)} />
          ))}
        </Tabs.Tab>
        <Tabs.Tab key="pending" title={t('contract.pending')}>
          <ListState
            loading={pending.isLoading}
            error={pending.isError && !pending.data}
            retry={pending.refetch}
            empty={(pending.data?.data.length ?? 0) === 0}
          />
          {pending.data?.data.map((o) => <PendingCard key={o.id} order={o} onCancel={() => confirmCancel(o)} />)}
        </Tabs.Tab>
        <Tabs.Tab key="history" title={t('contract.history')}>
          <ListState
            loading={history.isLoading}
            error={history.isError && !history.data}
            retry={history.refetch}
            empty={(history.data?.data.length ?? 0) === 0}
          />
          {history.data?.data.map((o) => <HistoryCard key={o.id} order={o} />)}
          {(history.data?.total ?? 0) > 0 ? (
            <div className="ct-more">
              <Button size="small" fill="none" color="primary" onClick={() => navigate(CONTRACT_ROUTES.order)} data-testid="ct-all-history">
                {t('contract.allHistory')}
              </Button>
            </div>
          ) : null}
        </Tabs.Tab>
      </Tabs>
      <StopsDialog order={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
