/** Password field with a show/hide eye, usable as an antd-mobile Form control. */
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  numeric?: boolean;
  maxLength?: number;
  autoComplete?: string;
  testId?: string;
}

export function PasswordInput({ value, onChange, onBlur, placeholder, numeric, maxLength, autoComplete, testId }: Props) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="password-input">
      <Input
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        placeholder={placeholder}
        type={visible ? 'text' : 'password'}
        inputMode={numeric ? 'numeric' : undefined}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'current-password'}
        data-testid={testId}
      />
      <button
        type="button"
        className="eye"
        aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
