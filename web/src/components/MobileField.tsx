/**
 * Mobile number control for antd-mobile forms: the "+86" button that opens the
 * area-code page, then the digits. Form.Item injects value/onChange/onBlur.
 */
import { Input } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  areaCode: string;
  onOpenArea: () => void;
  areaLabel: string;
  placeholder: string;
  testId?: string;
}

export function MobileField({ value, onChange, onBlur, areaCode, onOpenArea, areaLabel, placeholder, testId }: Props) {
  return (
    <div className="with-prefix">
      {/* Named by what it shows, then what it does ("+86 Area code"). */}
      <button type="button" className="area-code-button" onClick={onOpenArea} aria-label={`+${areaCode} ${areaLabel}`} data-testid="area-code">
        +{areaCode}
        <DownFill fontSize={9} aria-hidden />
      </button>
      <Input
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, ''))}
        onBlur={onBlur}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        clearable
        data-testid={testId}
      />
    </div>
  );
}
