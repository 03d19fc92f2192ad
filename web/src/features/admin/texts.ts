/**
 * A text in the nine languages, as the admin's forms hold it: the English
 * one is the form's own field (what every language without its own reads);
 * the other eight travel beside it as flat fields (`name_zh`, `intro_fra`
 * …), what the server's admin calls take (src/texts.rs). Empty languages
 * are left out.
 */
import { charLength } from '../../lib/validators';

/** The languages besides English, in the app's order. */
export const TEXT_LANGS = ['zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'bx'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];

/** One text in the other languages (what the admin lists answer as `names` / `intros`). */
export type Texts = Partial<Record<TextLang, string>>;

/** Each language by its own name: an admin finds their language whatever the screen's. */
export const LANG_NAMES: Record<TextLang, string> = {
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  bx: 'Português',
};

/** The languages that have a text. */
export function filledLangs(texts: Texts | null | undefined): TextLang[] {
  return TEXT_LANGS.filter((l) => (texts?.[l] ?? '').trim() !== '');
}

/** The flat fields of `texts` for a form posted with `field` (`name` or `intro`). */
export function textsParams(field: 'name' | 'intro', texts: Texts | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of filledLangs(texts)) out[`${field}_${l}`] = (texts?.[l] ?? '').trim();
  return out;
}

/** The first language whose text is longer than `max` characters, or null. */
export function textsIssue(texts: Texts | null | undefined, max: number): { lang: TextLang; max: number } | null {
  const lang = filledLangs(texts).find((l) => charLength((texts?.[l] ?? '').trim()) > max);
  return lang ? { lang, max } : null;
}
