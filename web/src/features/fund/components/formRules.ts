/** antd-mobile Form rules of the funds forms, with translated messages. */
import type { TFunction } from 'i18next';
import { checkAmount, type AmountRules } from '../logic';

type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** Checks an amount against the coin's rules as they are when the form validates. */
export function amountRule(t: TFunction, rules: () => AmountRules | null): Rule {
  return {
    validator: async (_rule, value) => {
      const current = rules();
      if (!current) return;
      const issue = checkAmount(typeof value === 'string' ? value : '', current);
      if (issue) throw new Error(t(issue.key, issue.values));
    },
  };
}

/** A field that must not be empty (uploads, pickers), with its own message. */
export function requiredRule(t: TFunction, key: string): Rule {
  return {
    validator: async (_rule, value) => {
      const text = value === undefined || value === null ? '' : String(value);
      if (text.trim() === '') throw new Error(t(key));
    },
  };
}
