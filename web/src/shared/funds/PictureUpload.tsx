/**
 * A picture upload box usable as an antd-mobile Form control: tap to pick an
 * image, it is checked (png, jpeg, webp or gif, at most 5 MiB), sent to
 * POST /api/upload, and the address the server answers becomes the value.
 * Used for deposit vouchers, identity photos and address QR codes.
 */
import { DotLoading } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/toast';
import { useUploadPictureMutation } from './api';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** Caption inside the empty box ("Front of the ID"). */
  caption: string;
  testId?: string;
}

export function PictureUpload({ value, onChange, caption, testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [upload] = useUploadPictureMutation();
  const [busy, setBusy] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.type && !PICTURE_TYPES.includes(file.type)) {
      showToast(t('fund.upload.type'));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      showToast(t('fund.upload.size'));
      return;
    }
    setBusy(true);
    try {
      const address = await upload(file).unwrap();
      onChange?.(address);
    } catch {
      // Told by the base query; the previous picture stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`funds-upload ${value ? 'has-value' : ''}`} data-testid={testId}>
      <button
        type="button"
        className="funds-upload-box"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={value ? t('fund.upload.replace') : caption}
      >
        {value ? <img src={value} alt={caption} /> : null}
        {!value && !busy ? (
          <span className="funds-upload-empty">
            <AddOutline fontSize={26} />
            <span>{caption}</span>
          </span>
        ) : null}
        {busy ? (
          <span className="funds-upload-busy">
            <DotLoading color="primary" />
            <span>{t('fund.upload.uploading')}</span>
          </span>
        ) : null}
      </button>
      {value && !busy ? (
        <button type="button" className="funds-upload-clear" onClick={() => onChange?.('')} aria-label={t('fund.upload.remove')}>
          <CloseOutline />
        </button>
      ) : null}
      <input ref={input} type="file" accept={PICTURE_TYPES.join(',')} hidden onChange={onFile} data-testid={testId ? `${testId}-file` : undefined} />
    </div>
  );
}
