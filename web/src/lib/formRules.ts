/** Bridges the shared validators to antd-mobile Form rules, with translated messages. */
import type { FormInstance } from 'antd-mobile/es/components/form';
import type { TFunction } from 'i18next';
import type { Check } from './validators';

type Rule = {
  validator: (rule: unknown, value: unknown) => Promise<void>;
};

/** A rule that runs `check` on the field's text and shows its message. */
export function ruleOf(t: TFunction, check: (value: string) => Check): Rule {
  return {
    validator: async (_rule, value) => {
      const key = check(typeof value === 'string' ? value : '');
      if (key) throw new Error(t(key));
    },
  };
}

/** A rule that checks the field against another field's value (e.g. confirm password). */
export function ruleAgainst(
  t: TFunction,
  other: string,
  check: (otherValue: string, value: string) => Check,
): (form: FormInstance) => Rule {
  return (form) => ({
    validator: async (_rule, value) => {
      const otherValue = form.getFieldValue(other);
      const key = check(typeof otherValue === 'string' ? otherValue : '', typeof value === 'string' ? value : '');
      if (key) throw new Error(t(key));
    },
  });
}
