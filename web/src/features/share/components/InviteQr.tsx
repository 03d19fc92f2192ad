/** QR code of the invite link, drawn on the device. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';

export function InviteQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    QRCode.toDataURL(link, { margin: 1, width: 320, color: { dark: '#0b0e11', light: '#ffffff' } })
      .then((url) => alive && setSrc(url))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [link]);

  return (
    <div className="invite-qr" data-testid="invite-qr">
      {src ? <img src={src} alt={t('share.qrAlt')} /> : <DotLoading color="primary" />}
    </div>
  );
}
