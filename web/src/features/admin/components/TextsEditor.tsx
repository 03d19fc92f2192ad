/**
 * The other eight languages of one text, compactly: a chip per language
 * (marked once it has a text) and one box for the chosen language, so a
 * form grows by two lines however many languages are filled. Every product
 * form uses it beside its English field. Controlled: `value` and `onChange`
 * (an antd-mobile Form.Item child too).
 */
import { Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../texts.css';
import { filledLangs, LANG_NAMES, TEXT_LANGS, textsIssue, type TextLang, type Texts } from '../texts';

interface Props {
  value?: Texts;
  onChange?: (next: Texts) => void;
  /** The longest text the field takes (the English one's bound). */
  maxLength: number;
  multiline?: boolean;
  /** False inside a form item that shows the error itself. */
  showError?: boolean;
  testId: string;
}

export function TextsEditor({ value, onChange, maxLength, multiline, showError = true, testId }: Props) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<TextLang>('zh');
  const texts = value ?? {};
  const filled = filledLangs(texts);
  const issue = textsIssue(texts, maxLength);
  const set = (v: string) => onChange?.({ ...texts, [lang]: v });
  const box = {
    value: texts[lang] ?? '',
    onChange: set,
    placeholder: t('admin.texts.placeholder'),
    maxLength: maxLength,
    'aria-label': LANG_NAMES[lang],
  };
  return (
    <div className="admin-texts" data-testid={testId}>
      <div className="admin-texts-head">
        <span>{t('admin.texts.title')}</span>
        <span className="admin-texts-count" data-testid={`${testId}-count`}>
          {t('admin.texts.filled', { n: filled.length, total: TEXT_LANGS.length })}
        </span>
      </div>
      <div className="admin-texts-langs" role="tablist">
        {TEXT_LANGS.map((l) => (
          <button
            type="button"
            key={l}
            role="tab"
            aria-selected={l === lang}
            className={`admin-texts-lang ${l === lang ? 'active' : ''} ${filled.includes(l) ? 'filled' : ''}`}
            onClick={() => setLang(l)}
            data-testid={`${testId}-${l}`}
          >
            {LANG_NAMES[l]}
          </button>
        ))}
      </div>
      <div className="ui-input admin-texts-box" data-testid={`${testId}-input`}>
        {multiline ? <TextArea {...box} rows={2} autoSize={{ minRows: 2, maxRows: 5 }} /> : <Input {...box} clearable />}
      </div>
      {issue ? (
        showError ? (
          <p className="ui-error" role="alert" data-testid={`${testId}-error`}>
            {t('admin.texts.tooLong', { lang: LANG_NAMES[issue.lang], max: issue.max })}
          </p>
        ) : null
      ) : (
        <p className="ui-field-hint">{t('admin.texts.hint')}</p>
      )}
    </div>
  );
}
