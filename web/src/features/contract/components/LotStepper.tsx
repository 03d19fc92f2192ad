/**
 * The lot field of the contract form: −, a whole number, +. It replaces
 * antd-mobile's Stepper, whose input carries ARIA its role does not allow
 * and has no name: here the input is a plain text box named by the field's
 * label, and the buttons are named in the user's language. While a person
 * types it keeps what they type; leaving the box settles it into the range.
 */
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  testId: string;
}

export function clampLots(text: string, min: number, max: number): number {
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

export function LotStepper({ label, min, max, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const settle = (text: string) => {
    setDraft(null);
    onChange(clampLots(text, min, max));
  };
  return (
    <div className="lot-stepper" data-testid={testId}>
      <button
        type="button"
        className="lot-step"
        aria-label={t('trade.decrease')}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <MinusOutline />
      </button>
      <input
        value={draft ?? String(value)}
        aria-label={label}
        inputMode="numeric"
        autoComplete="off"
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 9);
          setDraft(digits);
          if (digits) onChange(Number.parseInt(digits, 10));
        }}
        onBlur={(e) => settle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') settle(e.currentTarget.value);
        }}
      />
      <button
        type="button"
        className="lot-step"
        aria-label={t('trade.increase')}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <AddOutline />
      </button>
    </div>
  );
}
