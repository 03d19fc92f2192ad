/**
 * What the screen tests set up alike: a fresh store in English (logged in
 * unless `token` is null), the screen inside a router, a feature's English
 * strings, and a fake server whose answers a test gives by address (every
 * other call answers ok with nothing). Each test file still mocks its own
 * modules (`vi.mock` applies to the file that calls it).
 */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore, type AppStore } from '../app/store';
import { loadSession } from '../lib/session';

/** An ok answer of the API carrying `message`. */
export function okAnswer(message: unknown): Response {
  return new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
}

/** Adds a feature's English strings (its `locales/en.json`) to the ones the tests run with. */
export function addEnglish(bundle: object): void {
  i18next.addResourceBundle('en', 'translation', bundle, true, false);
}

/**
 * Replaces `fetch` by a fake server: `answer(url, init)` gives the response
 * of a call, or undefined for an ok answer with nothing. Undo it with
 * `vi.unstubAllGlobals()`.
 */
export function fakeServer(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init) ?? okAnswer(null));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `node` with a fresh store (English, the token given, a user's by default) inside a router. */
export function renderScreen(node: ReactNode, { token = 'user-token' }: { token?: string | null } = {}): AppStore {
  const store = makeStore({ ...loadSession(), lang: 'en', token });
  render(
    <Provider store={store}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
  return store;
}
