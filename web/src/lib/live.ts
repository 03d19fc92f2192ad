/**
 * Live refetching of list and detail queries from socket events: the
 * `onCacheEntryAdded` of an endpoint whose answer a server event says has
 * changed (a copy opened, a sale's progress, an order settled, an accrual).
 * While the cache entry is used, each of its events, and each reconnect (when
 * events may have been missed), invalidates the entry's tags, so RTK Query
 * refetches what is shown. Events in a burst make one refetch: after the
 * first, the refetch waits `gapMs` and the rest of the burst joins it.
 *
 *   const tagged = api.enhanceEndpoints({ addTagTypes: ['Things'] });
 *   const live = liveRefetch(tagged, 150);
 *   … getThings: build.query({ …, onCacheEntryAdded: live(['things_changed'], ['Things']) })
 */
import type { ActionCreatorWithPayload } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { ensureSocket, onReconnect, onSocketEvent } from './socket';

/** What RTK Query hands an `onCacheEntryAdded`, as far as live refetching uses it. */
export interface CacheLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  getState: () => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: (action: any) => any;
}

/** An API (enhanced with its tag types) whose tags a refetch invalidates. */
export interface TaggedApi<Tag extends string> {
  util: { invalidateTags: ActionCreatorWithPayload<(TagDescription<Tag> | null | undefined)[], string> };
}

/** The default wait of a refetch after the first event of a burst (ms). */
export const REFETCH_GAP_MS = 150;

/**
 * A maker of `onCacheEntryAdded` handlers for `tagged`'s endpoints:
 * `live(events, tags)` refetches `tags` on each of `events` and after a
 * reconnect while the entry is used, a burst of events making one refetch
 * `gapMs` after its first event.
 */
export function liveRefetch<Tag extends string>(tagged: TaggedApi<Tag>, gapMs = REFETCH_GAP_MS) {
  return (events: readonly string[], tags: Tag[]) =>
    async (_arg: unknown, { cacheDataLoaded, cacheEntryRemoved, getState, dispatch }: CacheLifecycle) => {
      try {
        await cacheDataLoaded;
      } catch {
        // The entry went before its first answer: nothing to keep fresh.
        return;
      }
      ensureSocket({ getState, dispatch });
      let timer: ReturnType<typeof setTimeout> | null = null;
      const refresh = () => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          dispatch(tagged.util.invalidateTags(tags));
        }, gapMs);
      };
      const offs = events.map((e) => onSocketEvent(e, refresh));
      offs.push(onReconnect(refresh));
      await cacheEntryRemoved;
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
    };
}
