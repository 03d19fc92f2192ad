/**
 * Calling codes of the area-code picker: about forty common countries and
 * regions. Names come from the locale files (`country.<ISO code>`).
 */
export interface Area {
  /** ISO 3166-1 alpha-2 code, the key of the translated name. */
  iso: string;
  /** Calling code digits, without "+". */
  dial: string;
}

export const AREAS: readonly Area[] = [
  { iso: 'CN', dial: '86' },
  { iso: 'HK', dial: '852' },
  { iso: 'MO', dial: '853' },
  { iso: 'TW', dial: '886' },
  { iso: 'US', dial: '1' },
  { iso: 'CA', dial: '1' },
  { iso: 'GB', dial: '44' },
  { iso: 'FR', dial: '33' },
  { iso: 'DE', dial: '49' },
  { iso: 'IT', dial: '39' },
  { iso: 'ES', dial: '34' },
  { iso: 'PT', dial: '351' },
  { iso: 'NL', dial: '31' },
  { iso: 'CH', dial: '41' },
  { iso: 'SE', dial: '46' },
  { iso: 'RU', dial: '7' },
  { iso: 'TR', dial: '90' },
  { iso: 'AE', dial: '971' },
  { iso: 'SA', dial: '966' },
  { iso: 'IN', dial: '91' },
  { iso: 'PK', dial: '92' },
  { iso: 'BD', dial: '880' },
  { iso: 'TH', dial: '66' },
  { iso: 'VN', dial: '84' },
  { iso: 'MY', dial: '60' },
  { iso: 'SG', dial: '65' },
  { iso: 'ID', dial: '62' },
  { iso: 'PH', dial: '63' },
  { iso: 'KH', dial: '855' },
  { iso: 'JP', dial: '81' },
  { iso: 'KR', dial: '82' },
  { iso: 'AU', dial: '61' },
  { iso: 'NZ', dial: '64' },
  { iso: 'BR', dial: '55' },
  { iso: 'MX', dial: '52' },
  { iso: 'AR', dial: '54' },
  { iso: 'CO', dial: '57' },
  { iso: 'CL', dial: '56' },
  { iso: 'PE', dial: '51' },
  { iso: 'ZA', dial: '27' },
  { iso: 'NG', dial: '234' },
  { iso: 'EG', dial: '20' },
];
