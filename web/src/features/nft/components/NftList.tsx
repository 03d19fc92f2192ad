/**
 * A list the server answers in growing pages (components/GrowingList.tsx's
 * rules: the first `limit` rows, "load more" asks for a page more), laid out
 * as a grid of cards (`grid`) or one card a row, with card-shaped loading
 * skeletons, the error state with retry and the empty state.
 */
import { Skeleton } from 'antd-mobile';
import { Fragment, type Key, type ReactNode } from 'react';
import type { ListQuery } from '../../../components/GrowingList';
import { LoadMore } from '../../../components/LoadMore';
import { ErrorState } from '../../../components/StateBlocks';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';

/** Card-shaped placeholders while the first page loads (nothing for the first 800 ms). */
export function CardSkeletons({ grid, count = 4 }: { grid?: boolean; count?: number }) {
  const shown = useDelayedFlag(true);
  return (
    <div className={grid ? 'nft-grid' : 'nft-rows'} aria-busy="true" data-testid={shown ? 'loading' : undefined}>
      {shown
        ? Array.from({ length: count }, (_, i) => (
            <div key={i} className={`ui-card nft-skeleton ${grid ? 'grid' : ''}`}>
              <Skeleton animated className="nft-skeleton-media" />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))
        : null}
    </div>
  );
}

interface Props<T> {
  list: ListQuery<T>;
  rowKey: (row: T) => Key;
  children: (row: T) => ReactNode;
  empty: ReactNode;
  testId: string;
  moreTestId: string;
  onMore: () => void;
  grid?: boolean;
}

export function NftList<T>({ list, rowKey, children, empty, testId, moreTestId, onMore, grid }: Props<T>) {
  if (list.isLoading) return <CardSkeletons grid={grid} />;
  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <div className={grid ? 'nft-grid' : 'nft-rows'} data-testid={testId}>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>{children(row)}</Fragment>
        ))}
      </div>
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={onMore} testId={moreTestId} />
    </>
  );
}
