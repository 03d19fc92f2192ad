/**
 * The copies of one follow (copytrade/receipts?follow_id=), newest first,
 * each beside the leader's position it copies. New copies and closes arrive
 * live (`copy_opened`, `copy_closed`: api.ts).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { GrowingList, LIST_PAGE, useGrowingLimit } from '../../../components/GrowingList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { useRealtime } from '../../../lib/socket';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { useGetMyFollowsQuery, useGetReceiptsQuery } from '../api';
import { ReceiptCard } from '../components/ReceiptCard';
import { useCopyNotices } from '../live';
import '../../../components/ui.css';
import '../copytrade.css';

export default function ReceiptsPage() {
  const { t } = useTranslation();
  useRealtime();
  useCopyNotices();
  const [params] = useSearchParams();
  const raw = params.get('follow_id');
  const followId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const { limit, more } = useGrowingLimit();
  const list = useGetReceiptsQuery({ follow_id: followId, limit });
  // The trader's name, from the follows the caller has (current first).
  const current = useGetMyFollowsQuery({ history: 0, limit: LIST_PAGE }, { skip: followId === undefined });
  const name = current.data?.data.find((f) => f.id === followId)?.trader_name;

  return (
    <PageShell backTo={COPY_ROUTES.my} className="ui-page cp-page">
      <PageHeading
        title={name ? t('copytrade.receipts.titleOf', { name }) : t('copytrade.receipts.title')}
        subtitle={t('copytrade.receipts.subtitle')}
      />
      <GrowingList list={list} rowKey={(r) => r.id} onMore={more} testId="cp-receipt-list" moreTestId="cp-load-more" empty={<EmptyState title={t('copytrade.receipts.empty')} />}>
        {(r) => <ReceiptCard receipt={r} />}
      </GrowingList>
    </PageShell>
  );
}
