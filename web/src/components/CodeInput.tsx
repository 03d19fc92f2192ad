/** Verification code control for antd-mobile forms: the digits and the "send code" button in one box. */
import { Input } from 'antd-mobile';
import { CODE_LENGTH } from '../lib/constants';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  onSend: () => Promise<boolean>;
  testId?: string;
}

export function CodeInput({ value, onChange, onBlur, placeholder, onSend, testId }: Props) {
  return (
    <div className="with-prefix code-input">
      <Input
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, ''))}
        onBlur={onBlur}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        data-testid={testId}
      />
      <SendCodeButton onSend={onSend} />
    </div>
  );
}
