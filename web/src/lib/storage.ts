/**
 * Device storage (localStorage) of the app: language, token, user, fiat choice
 * and small UI memories. All access goes through here so keys stay in one place
 * and a broken or missing storage never crashes the app.
 */
import { H5_VERSION } from './constants';

export const STORAGE_KEYS = {
  h5Version: 'h5Version',
  lang: 'lang',
  token: 'token',
  user: 'user',
  fiat: 'fiat',
  popDismissed: 'popDismissed',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readString(key: Key): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: Key, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working for this visit.
  }
}

export function readJson<T>(key: Key): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: Key, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/**
 * Applies the storage format marker: when the stored `h5Version` is missing or
 * below the current one, everything stored is wiped once and the marker written.
 * Returns true when storage was cleared.
 */
export function applyH5Version(): boolean {
  const s = store();
  if (!s) return false;
  const stored = Number(readString(STORAGE_KEYS.h5Version));
  if (Number.isFinite(stored) && stored >= H5_VERSION) return false;
  try {
    s.clear();
  } catch {
    // ignore
  }
  writeString(STORAGE_KEYS.h5Version, String(H5_VERSION));
  return true;
}
