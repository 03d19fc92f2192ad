/**
 * Amount box of the funds forms (an antd-mobile Form control): decimal keypad,
 * commas read as dots, the coin's name, and an optional "All" button.
 */
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { sanitizeDecimalInput } from '../../../lib/decimal';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  unit?: string;
  /** Fills the box with everything available. */
  onAll?: () => void;
  testId?: string;
}

export function AmountInput({ value, onChange, onBlur, placeholder, unit, onAll, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div className="with-prefix funds-amount-input">
      <Input
        value={value}
        onChange={(v) => onChange?.(sanitizeDecimalInput(v))}
        onBlur={onBlur}
        placeholder={placeholder}
        inputMode="decimal"
        autoComplete="off"
        maxLength={32}
        data-testid={testId}
      />
      {unit ? <span className="funds-amount-unit">{unit}</span> : null}
      {onAll ? (
        <button type="button" className="funds-amount-all" onClick={onAll} data-testid={testId ? `${testId}-all` : undefined}>
          {t('fund.all')}
        </button>
      ) : null}
    </div>
  );
}
