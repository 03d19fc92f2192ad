/**
 * What every page about one item shares: the item `?id=` names, read for the
 * caller (and, with `live`, kept current by its auction's socket channel),
 * and the not-found, loading and error states before its content.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { useAuctionLive, useGetItemQuery, type ItemDetail } from '../api';
import { idParam } from '../logic';

export function useItem({ live }: { live: boolean }) {
  useRealtime();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const token = useAppSelector(selectToken);
  const query = useGetItemQuery({ id: id ?? 0, token }, { skip: id === null, refetchOnMountOrArgChange: true });
  useAuctionLive({ id: id ?? 0, token }, live ? query.data?.auction?.listing_id : null);
  return { id, query };
}

/** The item's content once it has loaded, its states until then. */
export function ItemBody({
  item,
  lines,
  children,
}: {
  item: ReturnType<typeof useItem>;
  lines: number;
  children: (detail: ItemDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id, query } = item;
  if (id === null) return <EmptyState title={t('nft.notFound')} />;
  if (query.isLoading) return <LoadingBlock lines={lines} />;
  if (query.isError && !query.data) return <ErrorState onRetry={query.refetch} />;
  return query.data ? <>{children(query.data)}</> : null;
}
