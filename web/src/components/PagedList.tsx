/**
 * A list that loads page after page as the user scrolls (page 1, limit 10 by
 * default), with the empty, loading, "no more" and retry states.
 * `fetchPage` asks the server for one page; changing `resetKey` starts over.
 */
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useCallback, useEffect, useState, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE } from '../lib/constants';
import type { Paged } from '../lib/types';
import { EmptyState } from './StateBlocks';

interface Props<T> {
  fetchPage: (page: number) => Promise<Paged<T>>;
  /** `update` replaces the item in place; `remove` takes it out of the list (it no longer matches its filter). */
  renderItem: (item: T, update: (next: T) => void, remove: () => void) => ReactNode;
  itemKey: (item: T) => string | number;
  resetKey: string;
  emptyTitle?: string;
  /** Replace the whole list (e.g. after "mark all read"). */
  mapAllRef?: MutableRefObject<((fn: (item: T) => T) => void) | null>;
}

interface ListState<T> {
  items: T[];
  page: number;
  pages: number;
  loaded: boolean;
}

const initial = { items: [], page: FIRST_PAGE - 1, pages: 1, loaded: false };

export function PagedList<T>(props: Props<T>) {
  // A new resetKey mounts a fresh list, so no answer of an old one can land in it.
  return <PagedListInner key={props.resetKey} {...props} />;
}

function PagedListInner<T>({ fetchPage, renderItem, itemKey, emptyTitle, mapAllRef }: Props<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState<T>>(initial);

  const mapAll = useCallback((fn: (item: T) => T) => {
    setState((s) => ({ ...s, items: s.items.map(fn) }));
  }, []);

  useEffect(() => {
    if (!mapAllRef) return;
    mapAllRef.current = mapAll;
    return () => {
      mapAllRef.current = null;
    };
  }, [mapAll, mapAllRef]);

  const loadMore = async () => {
    const next = state.page + 1;
    const res = await fetchPage(next);
    setState((s) => ({
      items: next === FIRST_PAGE ? res.data : [...s.items, ...res.data],
      page: next,
      pages: Math.max(res.pages, 0),
      loaded: true,
    }));
  };

  const hasMore = !state.loaded || state.page < state.pages;
  const update = (item: T) => (next: T) =>
    setState((s) => ({ ...s, items: s.items.map((x) => (itemKey(x) === itemKey(item) ? next : x)) }));

  const remove = (item: T) => () =>
    setState((s) => ({ ...s, items: s.items.filter((x) => itemKey(x) !== itemKey(item)) }));

  return (
    <div className="paged-list">
      {state.loaded && state.items.length === 0 ? <EmptyState title={emptyTitle} /> : null}
      {state.items.map((item) => (
        <div key={itemKey(item)}>{renderItem(item, update(item), remove(item))}</div>
      ))}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={200}>
        {(more, failed, retry) => {
          if (failed) {
            return (
              <Button size="mini" fill="none" color="primary" onClick={retry}>
                {t('common.retry')}
              </Button>
            );
          }
          if (more) return <DotLoading color="primary" />;
          return state.items.length > 0 ? <span className="list-end">{t('common.noMore')}</span> : null;
        }}
      </InfiniteScroll>
    </div>
  );
}
