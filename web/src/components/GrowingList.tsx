/**
 * A list the server answers in growing pages: the query asks for the first
 * `limit` rows, and "load more" asks again for a page more (so live refetches
 * keep every row shown fresh). Its loading, error and empty states, the rows
 * and the button (components/ui.css). `useGrowingLimit` holds the limit.
 *
 *   const { limit, more } = useGrowingLimit();
 *   const list = useGetThingsQuery({ limit });
 *   <GrowingList list={list} rowKey={(t) => t.id} onMore={more} empty={<ListEmpty title={…} />} testId="things" moreTestId="things-more">
 *     {(thing) => <ThingCard thing={thing} />}
 *   </GrowingList>
 */
import { Button } from 'antd-mobile';
import { Fragment, useCallback, useState, type Key, type ReactNode } from 'react';
import type { Paged } from '../lib/types';
import { LoadingBlock } from './LoadingBlock';
import { LoadMore } from './LoadMore';
import { EmptyState, ErrorState } from './StateBlocks';
import './ui.css';

/** Rows asked at first and added by each "load more". */
export const LIST_PAGE = 20;

/** The `limit` of a growing list: `more` adds a page, `reset` starts over (a new filter). */
export function useGrowingLimit(page = LIST_PAGE): { limit: number; more: () => void; reset: () => void } {
  const [limit, setLimit] = useState(page);
  const more = useCallback(() => setLimit((n) => n + page), [page]);
  const reset = useCallback(() => setLimit(page), [page]);
  return { limit, more, reset };
}

/** What the list reads of its RTK Query result. */
export interface ListQuery<T> {
  data?: Paged<T>;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  list: ListQuery<T>;
  rowKey: (row: T) => Key;
  children: (row: T) => ReactNode;
  /** Shown when the server holds no row (`ListEmpty`, or an `EmptyState`). */
  empty: ReactNode;
  /** Of the rows' container. */
  testId: string;
  /** Of the "load more" button. */
  moreTestId: string;
  onMore: () => void;
  loadingLines?: number;
}

export function GrowingList<T>({ list, rowKey, children, empty, testId, moreTestId, onMore, loadingLines = 6 }: Props<T>) {
  if (list.isLoading) return <LoadingBlock lines={loadingLines} />;
  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} />;
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div data-testid={testId}>
      {rows.map((row) => (
        <Fragment key={rowKey(row)}>{children(row)}</Fragment>
      ))}
      <LoadMore shown={rows.length} total={list.data?.total ?? 0} busy={list.isFetching} onMore={onMore} testId={moreTestId} />
    </div>
  );
}

/** The empty state of a list, with the way to what fills it (browse the products) when there is one. */
export function ListEmpty({ title, action }: { title: ReactNode; action?: { label: string; onClick: () => void; testId: string } }) {
  return (
    <div className="ui-empty">
      <EmptyState title={title} />
      {action ? (
        <Button color="primary" fill="outline" shape="rounded" onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
