import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { api } from '../api';
import { loadSession } from '../session';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('base query', () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
    window.location.hash = '#/pages/setting/userInfo';
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends GET calls with lang in the query string and the raw token', async () => {
    const store = makeStore({ ...loadSession(), token: 'tok', lang: 'fra' });
    fetchMock.mockResolvedValue(jsonResponse({ type: 'ok', message: [] }));
    await store.dispatch(api.endpoints.getRateCurrency.initiate());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/wallet/getRateCurrency?lang=fra');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBe('tok');
  });

  it('sends POST calls form-encoded with lang in the body and unwraps the message', async () => {
    const store = makeStore({ ...loadSession(), lang: 'en' });
    fetchMock.mockResolvedValue(jsonResponse({ type: 'ok', message: 'sent' }));
    const result = await store.dispatch(api.endpoints.sendMailCode.initiate({ user_string: 'a@b.co' }));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sms_mail');
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('user_string=a%40b.co&lang=en');
    expect(init.headers.Authorization).toBeUndefined();
    expect('data' in result && result.data).toBe('sent');
  });

  it('signs out on 999 and sends the user to login after 1200 ms', async () => {
    const store = makeStore({ ...loadSession(), token: 'old', lang: 'en' });
    fetchMock.mockResolvedValue(jsonResponse({ type: '999', message: 'Please log in' }, 401));
    const result = await store.dispatch(api.endpoints.getUserInfo.initiate());
    expect('error' in result && result.error).toMatchObject({ kind: 'unauthenticated', message: 'Please log in' });
    expect(store.getState().session.token).toBeNull();
    expect(window.location.hash).toBe('#/pages/setting/userInfo');
    vi.advanceTimersByTime(1200);
    expect(window.location.hash).toBe(`#/pages/common/login?redirect=${encodeURIComponent('/pages/setting/userInfo')}`);
  });

  it('sends the user to identity verification on 998', async () => {
    const store = makeStore({ ...loadSession(), token: 't', lang: 'en' });
    fetchMock.mockResolvedValue(jsonResponse({ type: '998', message: 'Verify first' }, 403));
    const result = await store.dispatch(api.endpoints.getUserInfo.initiate());
    expect('error' in result && result.error).toMatchObject({ kind: 'verify' });
    expect(store.getState().session.token).toBe('t');
    vi.advanceTimersByTime(1200);
    expect(window.location.hash).toBe('#/pages/setting/real_mark');
  });

  it('rejects other answers with the server message', async () => {
    const store = makeStore({ ...loadSession(), lang: 'en' });
    fetchMock.mockResolvedValue(jsonResponse({ type: 'error', message: 'Too many requests' }, 429));
    const result = await store.dispatch(api.endpoints.sendMailCode.initiate({ user_string: 'a@b.co' }));
    expect('error' in result && result.error).toEqual({ status: 429, kind: 'error', message: 'Too many requests' });
  });
});
