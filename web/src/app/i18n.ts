/**
 * i18next set-up. Locale files are loaded on demand (only the chosen language
 * and the English fallback ship with the first screen).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, LANG_TAGS, type Lang } from '../lib/constants';

type Messages = Record<string, unknown>;

// The app's own strings, plus each feature's `src/features/<area>/locales/<lang>.json`
// (merged into the same namespace; a feature keeps its keys under its own top key).
const loaders = import.meta.glob<Messages>(['../locales/*.json', '../features/*/locales/*.json'], {
  import: 'default',
});

async function ensureLoaded(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const files = Object.entries(loaders).filter(([path]) => path.endsWith(`/${lang}.json`));
  const bundles = await Promise.all(files.map(([, load]) => load()));
  for (const messages of bundles) i18next.addResourceBundle(lang, 'translation', messages, true, true);
}

function applyDocumentLang(lang: Lang) {
  if (typeof document !== 'undefined') document.documentElement.lang = LANG_TAGS[lang];
}

export async function initI18n(lang: Lang): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: FALLBACK_LANG,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await Promise.all([ensureLoaded(lang), ensureLoaded(FALLBACK_LANG)]);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

export async function switchLanguage(lang: Lang): Promise<void> {
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}
