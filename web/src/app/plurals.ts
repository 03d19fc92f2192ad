/**
 * Plural forms by each language's own rules. i18next picks a key's plural
 * form (`_one`, `_few`, `_many`, `_other`) from Intl.PluralRules of the
 * language code; the app's codes are the server's (`jp`, `hk`, `bx`, `fra`),
 * and Intl does not know `jp`, `hk` or `bx`, so it would answer with the
 * browser's default rules (English: "0 lance" in Portuguese, "1 个" asked as
 * `_one` in Cantonese). Each code is resolved through its BCP 47 tag
 * (`LANG_TAGS`) instead. i18next has no option for this, so its resolver's
 * rule lookup is wrapped once, after init.
 */
import type { i18n as I18n } from 'i18next';
import { LANG_TAGS, type Lang } from '../lib/constants';

interface RuleLookup {
  getRule(code: string, options?: object): Intl.PluralRules | undefined;
  clearCache?(): void;
  __byLangTag?: boolean;
}

export function pluralsByLangTag(instance: I18n): void {
  const resolver = instance.services.pluralResolver as unknown as RuleLookup | undefined;
  if (!resolver || resolver.__byLangTag) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(LANG_TAGS[code as Lang] ?? code, options);
  resolver.__byLangTag = true;
  resolver.clearCache?.();
}
