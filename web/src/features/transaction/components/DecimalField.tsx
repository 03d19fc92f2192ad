/**
 * A decimal input of the order form: label inside, unit suffix, optional −/+
 * stepper, error below. While a person types it holds the plain digits they
 * type; otherwise it reads like the book beside it (lib/format.ts: the
 * field's decimals, grouped, the language's marks: "66,367.30", "66 367,30").
 */
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../../lib/format';
import { add, cmp, floorToStep, isDecimal, sub } from '../decimal';
import { sanitizeDecimalInput } from '../tradeForm';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: string;
  places: number;
  /** Stepper step (price fields); no stepper without it. */
  step?: string;
  disabled?: boolean;
  /** Shown instead of the input when disabled (e.g. "Market price"). */
  disabledText?: string;
  error?: string | null;
  testId: string;
}

export function DecimalField({ label, value, onChange, unit, places, step, disabled, disabledText, error, testId }: Props) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const formatted = isDecimal(value) ? formatFixed(value, places) : value;
  const shown = typing ? value : formatted;
  // Focusing swaps the figure for its plain digits, which would drop a
  // selection made with the focus (a select-all to retype the price): the
  // digits are selected again, so typing replaces them.
  const reselect = useRef(false);
  useLayoutEffect(() => {
    if (typing && reselect.current) input.current?.select();
    reselect.current = false;
  }, [typing]);
  const nudge = (up: boolean) => {
    if (!step) return;
    const base = isDecimal(value) ? floorToStep(value, step) : '0';
    const next = up ? add(base, step) : sub(base, step);
    onChange(cmp(next, '0') > 0 ? next : up ? step : '');
  };
  return (
    <div className={`decimal-field ${error ? 'has-error' : ''} ${disabled ? 'disabled' : ''}`}>
      <div className="decimal-box">
        {step && !disabled ? (
          <button type="button" className="decimal-step" onClick={() => nudge(false)} aria-label={t('trade.decrease')}>
            <MinusOutline />
          </button>
        ) : null}
        <label className="decimal-main">
          <span className="decimal-label">
            <span className="ellipsis">{label}</span>
            <span className="decimal-unit">{unit}</span>
          </span>
          {disabled ? (
            <span className="decimal-disabled ellipsis" data-testid={testId}>
              {disabledText}
            </span>
          ) : (
            <input
              value={shown}
              ref={input}
              onFocus={() => {
                reselect.current = formatted !== value;
                setTyping(true);
              }}
              onBlur={() => setTyping(false)}
              onChange={(e) => onChange(sanitizeDecimalInput(e.target.value, places))}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              data-testid={testId}
              aria-invalid={!!error}
            />
          )}
        </label>
        {step && !disabled ? (
          <button type="button" className="decimal-step" onClick={() => nudge(true)} aria-label={t('trade.increase')}>
            <AddOutline />
          </button>
        ) : null}
      </div>
      {error ? <p className="decimal-error">{error}</p> : null}
    </div>
  );
}
