/**
 * The copies of one follow (copytrade/receipts?follow_id=), newest first,
 * each beside the leader's position it copies. New copies and closes arrive
 * live (`copy_opened`, `copy_closed`: api.ts).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { useGetMyFollowsQuery, useGetReceiptsQuery } from '../api';
import { LoadMore } from '../components/Parts';
import { ReceiptCard } from '../components/ReceiptCard';
import { useCopyNotices } from '../live';
import '../copytrade.css';

const PAGE = 20;

export default function ReceiptsPage() {
  const { t } = useTranslation();
  useRealtime();
  useCopyNotices();
  const [params] = useSearchParams();
  const raw = params.get('follow_id');
  const followId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const [limit, setLimit] = useState(PAGE);
  const list = useGetReceiptsQuery({ follow_id: followId, limit });
  // The trader's name, from the follows the caller has (current first).
  const current = useGetMyFollowsQuery({ history: 0, limit: PAGE }, { skip: followId === undefined });
  const name = current.data?.data.find((f) => f.id === followId)?.trader_name;

  const rows = list.data?.data ?? [];
  let body;
  if (list.isLoading) body = <LoadingBlock lines={6} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={list.refetch} />;
  else if (rows.length === 0) body = <EmptyState title={t('copytrade.receipts.empty')} />;
  else
    body = (
      <div data-testid="cp-receipt-list">
        {rows.map((r) => (
          <ReceiptCard key={r.id} receipt={r} />
        ))}
        <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={() => setLimit((n) => n + PAGE)} />
      </div>
    );

  return (
    <PageShell backTo={COPY_ROUTES.my} className="cp-page">
      <PageHeading
        title={name ? t('copytrade.receipts.titleOf', { name }) : t('copytrade.receipts.title')}
        subtitle={t('copytrade.receipts.subtitle')}
      />
      {body}
    </PageShell>
  );
}
