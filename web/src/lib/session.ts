/**
 * Client state the spec keeps on the device: language, token, user, the chosen
 * fiat, plus the calling code picked on the area page. The store persists it
 * (see app/store.ts); reducers stay pure.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_AREA_CODE, DEFAULT_FIAT, DEFAULT_LANG, LANGUAGES, type Lang } from './constants';
import type { FiatChoice } from './format';
import { readJson, readString, STORAGE_KEYS, writeString } from './storage';
import type { User } from './types';

export interface StoredFiat extends FiatChoice {
  /** When the rate was stored (ms); the rate is refreshed after 24 h. */
  saveTime: number;
}

export interface SessionState {
  token: string | null;
  user: User | null;
  lang: Lang;
  fiat: StoredFiat;
  areaCode: string;
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Browser language tags (`navigator.languages`) to the app's codes, by prefix. */
const BROWSER_LANGS: [RegExp, Lang][] = [
  [/^zh-(tw|hk|mo|hant)/i, 'hk'],
  [/^zh/i, 'zh'],
  [/^en/i, 'en'],
  [/^th/i, 'th'],
  [/^ja/i, 'jp'],
  [/^ko/i, 'kor'],
  [/^fr/i, 'fra'],
  [/^es/i, 'spa'],
  [/^pt/i, 'bx'],
];

/** The first of the browser's languages the app speaks, or null. */
export function browserLang(tags: readonly string[]): Lang | null {
  for (const tag of tags) {
    const hit = BROWSER_LANGS.find(([re]) => re.test(tag));
    if (hit) return hit[1];
  }
  return null;
}

/**
 * Stores the language on the device, and in a `lang` cookie too: the server
 * reads the cookie to write the page's `<html lang>` and description in that
 * language from the first byte (src/web.rs), before any script has run.
 */
export function rememberLang(lang: Lang): void {
  writeString(STORAGE_KEYS.lang, lang);
  if (typeof document === 'undefined') return;
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The language to start in: the one stored on the device, else (a first visit)
 * the browser's when the app speaks it, else the spec's default; a first
 * visit's choice is stored, so it holds from then on.
 */
function startLang(): Lang {
  const stored = readString(STORAGE_KEYS.lang);
  const tags = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  const lang = isLang(stored) ? stored : (browserLang(tags) ?? DEFAULT_LANG);
  // Every start, so that a device that chose before the cookie existed gets it.
  rememberLang(lang);
  return lang;
}

/** Reads what the device remembers. */
export function loadSession(): SessionState {
  const fiat = readJson<StoredFiat>(STORAGE_KEYS.fiat);
  const token = readString(STORAGE_KEYS.token);
  return {
    token: token || null,
    user: token ? readJson<User>(STORAGE_KEYS.user) : null,
    lang: startLang(),
    fiat:
      fiat && typeof fiat.currency_code === 'string' && typeof fiat.rate === 'string'
        ? fiat
        : { ...DEFAULT_FIAT, saveTime: 0 },
    areaCode: DEFAULT_AREA_CODE,
  };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSession,
  reducers: {
    loggedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    loggedOut(state) {
      state.token = null;
      state.user = null;
    },
    langChanged(state, action: PayloadAction<Lang>) {
      state.lang = action.payload;
    },
    fiatChanged(state, action: PayloadAction<StoredFiat>) {
      state.fiat = action.payload;
    },
    areaCodeChosen(state, action: PayloadAction<string>) {
      state.areaCode = action.payload;
    },
  },
});

export const { loggedIn, userUpdated, loggedOut, langChanged, fiatChanged, areaCodeChosen } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };
export const selectToken = (s: WithSession) => s.session.token;
export const selectUser = (s: WithSession) => s.session.user;
export const selectLang = (s: WithSession) => s.session.lang;
export const selectFiat = (s: WithSession) => s.session.fiat;
export const selectAreaCode = (s: WithSession) => s.session.areaCode;
export const selectIsLoggedIn = (s: WithSession) => Boolean(s.session.token);
