/**
 * The Redux store: the session slice (device state) and the RTK Query cache.
 * The store is made by `makeStore` so that the start-up code can first apply
 * the storage version marker, and tests can make fresh stores.
 */
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { rememberLang, sessionReducer, type SessionState } from '../lib/session';
import { STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

export function makeStore(preloadedSession?: SessionState) {
  return configureStore({
    reducer: {
      session: sessionReducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: preloadedSession ? { session: preloadedSession } : undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** Writes the session to device storage whenever a part of it changes. */
export function persistSession(store: AppStore): () => void {
  let prev = store.getState().session;
  return store.subscribe(() => {
    const next = store.getState().session;
    if (next === prev) return;
    if (next.token !== prev.token) writeString(STORAGE_KEYS.token, next.token);
    if (next.user !== prev.user) writeJson(STORAGE_KEYS.user, next.user);
    if (next.lang !== prev.lang) rememberLang(next.lang);
    if (next.fiat !== prev.fiat) writeJson(STORAGE_KEYS.fiat, next.fiat);
    prev = next;
  });
}
