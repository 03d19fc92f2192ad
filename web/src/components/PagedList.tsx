/**
 * A list that loads page after page as the user scrolls (page 1, limit 10 by
 * default), with the empty, loading, "no more" and retry states.
 * `fetchPage` asks the server for one page; changing `resetKey` starts over.
 * After the realtime link comes back (events may have been missed) the pages
 * shown are asked again and replace the rows in place; a page that failed
 * meanwhile is tried again by itself.
 */
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnReturn } from '../lib/connection';
import { FIRST_PAGE } from '../lib/constants';
import { onCatchUp } from '../lib/socket';
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

  // The pages shown, asked again after a catch-up: the rows they hold now replace the old ones.
  const shown = useRef({ state, fetchPage, itemKey });
  useEffect(() => {
    shown.current = { state, fetchPage, itemKey };
  });
  useEffect(
    () =>
      onCatchUp(() => {
        const { state: at, fetchPage: fetch, itemKey: keyOf } = shown.current;
        if (!at.loaded) return;
        void refetchPages(fetch, at.page).then(
          ({ items, pages }) => {
            const seen = new Set<string | number>();
            const unique = items.filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))));
            setState((s) => (s.page === at.page ? { ...s, items: unique, pages } : s));
          },
          () => undefined,
        );
      }),
    [],
  );

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
              <>
                <RetryOnReturn retry={retry} />
                <Button size="mini" fill="none" color="primary" onClick={retry}>
                  {t('common.retry')}
                </Button>
              </>
            );
          }
          if (more) return <DotLoading color="primary" />;
          return state.items.length > 0 ? <span className="list-end">{t('common.noMore')}</span> : null;
        }}
      </InfiniteScroll>
    </div>
  );
}

/** Pages 1 to `last` again, in order. */
async function refetchPages<T>(fetchPage: (page: number) => Promise<Paged<T>>, last: number) {
  const items: T[] = [];
  let pages = 1;
  for (let page = FIRST_PAGE; page <= last; page += 1) {
    const res = await fetchPage(page);
    items.push(...res.data);
    pages = Math.max(res.pages, 0);
  }
  return { items, pages };
}

/** A page that failed is asked again once the link is back. */
function RetryOnReturn({ retry }: { retry: () => void }) {
  useOnReturn(retry);
  return null;
}
