/**
 * The one RTK Query API of the app. Features add their calls with
 * `api.injectEndpoints`; the calls several features share are declared here.
 *
 * The base query speaks the server's wire rules: form-encoded POST by default
 * (GET where docs/api.md says so), `lang` on every request, the raw token in
 * `Authorization`, a 60 s time-out, and the answer envelope unwrapped
 * (see envelope.ts) with the spec's reactions to 999, 998 and errors.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { isOffline } from './connection';
import { REDIRECT_MS, REQUEST_TIMEOUT_MS, ROUTES } from './constants';
import { interpretEnvelope } from './envelope';
import { loggedOut, userUpdated, type SessionState } from './session';
import { showToast } from './toast';
import type { Paged, RateCurrency, SiteConfig, TextPage, User } from './types';

type Scalar = string | number | boolean | null | undefined;

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST';
  /** Query string values (GET) or form fields (POST). */
  params?: Record<string, Scalar>;
  /** A multipart body (uploads); `lang` is appended to it. */
  formData?: FormData;
}

export interface ApiError {
  /** HTTP status, or 0 for a network failure or time-out. */
  status: number;
  kind: 'unauthenticated' | 'verify' | 'error' | 'network' | 'timeout';
  /** Text already shown to the user. */
  message: string;
}

export interface ExtraOptions {
  /** Do not toast ordinary errors (999 and 998 are always handled). */
  silent?: boolean;
}

let redirectTimer: ReturnType<typeof setTimeout> | null = null;

/** Sends the app to a route after the spec's redirect delay, once even if several calls ask. */
function redirectSoon(path: string) {
  if (redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    window.location.hash = `#${path}`;
  }, REDIRECT_MS);
}

function currentRoute(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash || ROUTES.home;
}

function toast(content: string) {
  showToast(content);
}

function appendScalars(target: URLSearchParams | FormData, params: Record<string, Scalar> | undefined) {
  if (!params) return;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    target.append(key, String(value));
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

type Answer = { status: number; parsed: unknown } | { failure: 'timeout' | 'network' };

/** One HTTP exchange with the request time-out; the body parsed as JSON when it is JSON. */
async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { status: res.status, parsed: parseJson(await res.text()) };
  } catch {
    return { failure: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

export const baseQuery: BaseQueryFn<RequestArgs, unknown, ApiError, ExtraOptions> = async (
  args,
  { getState, dispatch, signal },
  extraOptions,
) => {
  const session = (getState() as { session: SessionState }).session;
  const method = args.method ?? 'POST';
  const headers: Record<string, string> = {};
  if (session.token) headers.Authorization = session.token;

  let url = `/api${args.url}`;
  let body: BodyInit | undefined;
  if (args.formData) {
    args.formData.set('lang', session.lang);
    appendScalars(args.formData, args.params);
    body = args.formData;
  } else {
    const form = new URLSearchParams();
    appendScalars(form, args.params);
    form.set('lang', session.lang);
    if (method === 'GET') {
      url += `?${form.toString()}`;
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = form.toString();
    }
  }

  const answer = await send(url, { method, headers, body }, signal);
  if ('failure' in answer) {
    const timedOut = answer.failure === 'timeout';
    const message = i18next.t(timedOut ? 'common.timeout' : 'common.networkError');
    // While the link is down the indicator already says so: no toast per failed call
    // (the browser may know before its `offline` event has reached the app).
    const offline = answer.failure === 'network' && (isOffline() || navigator.onLine === false);
    if (!signal.aborted && !extraOptions?.silent && !offline) toast(message);
    return { error: { status: 0, kind: answer.failure, message } };
  }
  const { status, parsed } = answer;

  const outcome = interpretEnvelope(parsed, status);
  switch (outcome.kind) {
    case 'ok':
      return { data: outcome.data };
    case 'unauthenticated': {
      const message = outcome.message ?? i18next.t('common.loginFirst');
      toast(message);
      dispatch(loggedOut());
      const from = currentRoute();
      const onAuthPage = from.startsWith(ROUTES.login);
      if (!onAuthPage) redirectSoon(`${ROUTES.login}?redirect=${encodeURIComponent(from)}`);
      return { error: { status, kind: 'unauthenticated', message } };
    }
    case 'verify': {
      const message = outcome.message ?? i18next.t('common.verifyFirst');
      toast(message);
      redirectSoon(ROUTES.realMark);
      return { error: { status, kind: 'verify', message } };
    }
    default: {
      const message = outcome.message ?? i18next.t('common.serverError');
      if (!extraOptions?.silent) toast(message);
      return { error: { status, kind: 'error', message } };
    }
  }
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // 'Lang' marks answers written in the request language: changing language refetches them.
  tagTypes: ['User', 'Unread', 'Feedback', 'Invite', 'Profit', 'Lang'],
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => ({ url: '/getSiteConfig', method: 'GET' }),
    }),
    getRateCurrency: build.query<RateCurrency[], void>({
      query: () => ({ url: '/wallet/getRateCurrency', method: 'GET' }),
    }),
    getUserInfo: build.query<User, void>({
      query: () => ({ url: '/user/info', method: 'GET' }),
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(data));
        } catch {
          // The base query already told the user.
        }
      },
    }),
    /** Number of unread notifications (the bell badge). */
    getUnreadCount: build.query<number, void>({
      query: () => ({ url: '/feedback/list', params: { page: 1, limit: 1, is_red: 0 } }),
      transformResponse: (res: Paged<unknown>) => res.total,
      providesTags: ['Unread'],
      extraOptions: { silent: true },
    }),
    /** Sends a 6-digit code to an e-mail address. */
    sendMailCode: build.mutation<string, { user_string: string }>({
      query: (params) => ({ url: '/sms_mail', params }),
    }),
    /** Sends a 6-digit code to a mobile number. */
    sendSmsCode: build.mutation<string, { area_code: string; mobile: string }>({
      query: (params) => ({ url: '/sms_send', params }),
    }),
    /** A `{title, content}` text page by its call name (aboutus, contactus, …). */
    getTextPage: build.query<TextPage, 'aboutus' | 'contactus' | 'invitenews' | 'operational_compliance' | 'whitepaper'>({
      query: (name) => ({ url: `/${name}`, method: 'GET' }),
      providesTags: ['Lang'],
    }),
    logout: build.mutation<string, void>({
      query: () => ({ url: '/user/logout', method: 'GET' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          // Signed out locally even when the server could not be told.
        }
        dispatch(loggedOut());
        dispatch(api.util.resetApiState());
      },
    }),
  }),
});

export const {
  useGetSiteConfigQuery,
  useGetRateCurrencyQuery,
  useGetUserInfoQuery,
  useGetUnreadCountQuery,
  useSendMailCodeMutation,
  useSendSmsCodeMutation,
  useGetTextPageQuery,
  useLogoutMutation,
} = api;
