/**
 * i18next set-up. Locale files are loaded on demand, one language at a time:
 *
 * - The app's own file (`src/locales/<lang>.json`: common words, tabs, Home)
 *   is all the Home screen needs; a start on Home waits for that alone and the
 *   features' files (`src/features/<area>/locales/<lang>.json`, one chunk per
 *   language, see vite.config.ts) follow once Home is on screen. A start on any
 *   other page waits for both. Pages other than Home are rendered inside
 *   `<AllMessages>` (router.tsx), which waits for the features' files, so no
 *   page ever shows a raw key.
 * - English, the fallback, is not loaded up front. `npm test` runs
 *   scripts/check-locales.mjs, which fails when any language lacks a key of
 *   en.json, so a shipped build never needs English to fill a gap. Should a key
 *   still miss at run time (a check bypassed, a key made from server data), the
 *   missing-key handler loads the rest of the current language and then, if the
 *   key is still missing, English, once; every `useTranslation` re-renders when
 *   a bundle is added (`bindI18nStore: 'added'`).
 */
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, LANG_TAGS, ROUTES, type Lang } from '../lib/constants';
import { setNumberLocale } from '../lib/format';
import { pluralsByLangTag } from './plurals';

type Messages = Record<string, unknown>;

// The app's own strings, and each feature's (merged into the same namespace; a
// feature keeps its keys under its own top key).
const appLoaders = import.meta.glob<Messages>('../locales/*.json', { import: 'default' });
const featureLoaders = import.meta.glob<Messages>('../features/*/locales/*.json', { import: 'default' });

function filesOf(loaders: Record<string, () => Promise<Messages>>, lang: Lang) {
  return Object.entries(loaders)
    .filter(([path]) => path.endsWith(`/${lang}.json`))
    .map(([, load]) => load);
}

const loading = new Map<string, Promise<void>>();
const done = new Set<string>();

/** Loads one part ('app' or 'features') of a language once; a failed load may be tried again. */
function loadPart(lang: Lang, part: 'app' | 'features'): Promise<void> {
  const key = `${lang}:${part}`;
  const running = loading.get(key);
  if (running) return running;
  const files = filesOf(part === 'app' ? appLoaders : featureLoaders, lang);
  const promise = Promise.all(files.map((load) => load())).then(
    (bundles) => {
      for (const messages of bundles) i18next.addResourceBundle(lang, 'translation', messages, true, true);
      done.add(key);
    },
    (error: unknown) => {
      loading.delete(key);
      throw error;
    },
  );
  loading.set(key, promise);
  return promise;
}

function ensureLoaded(lang: Lang): Promise<void> {
  return Promise.all([loadPart(lang, 'app'), loadPart(lang, 'features')]).then(() => undefined);
}

/**
 * Null once every message of the current language is loaded; else the promise
 * of that, started if need be (thrown by `<AllMessages>` to suspend a page).
 */
export function allMessagesPending(): Promise<void> | null {
  const lang = (i18next.language || FALLBACK_LANG) as Lang;
  if (done.has(`${lang}:app`) && done.has(`${lang}:features`)) return null;
  return ensureLoaded(lang);
}

/** Whether the app starts on Home (the hash route), which needs only the app's own strings. */
function startsOnHome(): boolean {
  if (typeof location === 'undefined') return false;
  const path = location.hash.replace(/^#/, '').split('?')[0];
  return path === '' || path === '/' || path === ROUTES.home;
}

/** Figures take the language's separators before the switch re-renders the screens. */
function applyNumberLocale(lang: Lang) {
  setNumberLocale(LANG_TAGS[lang]);
}

function applyDocumentLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = LANG_TAGS[lang];
}

/**
 * A key missed in the current language: load the rest of it, and English when
 * the key is missing even then. A key asked with its own default is not a miss.
 */
function onMissingKey(_lngs: readonly string[], _ns: string, key: string, _fallback: string, _update: boolean, options: { defaultValue?: unknown }) {
  if (options?.defaultValue !== undefined) return;
  const lang = (i18next.language || FALLBACK_LANG) as Lang;
  void ensureLoaded(lang)
    .then(() => (i18next.exists(key) ? undefined : ensureLoaded(FALLBACK_LANG)))
    .catch(() => undefined);
}

// antd-mobile's own strings (pickers, dialogs, empty states), one small chunk per
// language. Its built-in default is zh-CN, which is in the main chunk anyway.
const ANTD_LOADERS: Record<Lang, () => Promise<{ default: AntdLocale }>> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  en: () => import('antd-mobile/es/locales/en-US'),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kor: () => import('antd-mobile/es/locales/ko-KR'),
  fra: () => import('antd-mobile/es/locales/fr-FR'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  bx: () => import('antd-mobile/es/locales/pt-BR'),
};
const antdLocales = new Map<Lang, AntdLocale>();

async function ensureAntdLocale(lang: Lang): Promise<void> {
  if (!antdLocales.has(lang)) antdLocales.set(lang, (await ANTD_LOADERS[lang]()).default);
}

/** antd-mobile's locale for `lang` once loaded (initI18n / switchLanguage load it). */
export function antdLocaleOf(lang: Lang): AntdLocale | undefined {
  return antdLocales.get(lang);
}

export async function initI18n(lang: Lang): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: FALLBACK_LANG,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
      // saveMissing only routes misses to the handler; nothing is sent anywhere.
      saveMissing: true,
      missingKeyHandler: onMissingKey,
      react: { bindI18nStore: 'added' },
    });
    pluralsByLangTag(i18next);
  }
  // The messages and antd-mobile's strings load side by side, not one after the other.
  await Promise.all([startsOnHome() ? loadPart(lang, 'app') : ensureLoaded(lang), ensureAntdLocale(lang)]);
  applyNumberLocale(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

export async function switchLanguage(lang: Lang): Promise<void> {
  await Promise.all([ensureLoaded(lang), ensureAntdLocale(lang)]);
  applyNumberLocale(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

/** Loads the rest of the current language once the first screen is up (App calls it after its first render). */
export function loadRemainingMessages(): void {
  void allMessagesPending()?.catch(() => undefined);
}
