/** A QR code drawn on the device (deposit addresses), dark on white so any scanner reads it. */
import { DotLoading } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function FundsQr({ text, alt, size = 168 }: { text: string; alt: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);

  useEffect(() => {
    let alive = true;
    QRCode.toDataURL(text, { margin: 1, width: size * 2, color: { dark: '#0b0e11', light: '#ffffff' } })
      .then((src) => alive && setDrawn({ text, src }))
      .catch(() => alive && setDrawn(null));
    return () => {
      alive = false;
    };
  }, [text, size]);

  const src = drawn && drawn.text === text ? drawn.src : null;
  return (
    <div className="funds-qr" style={{ width: size, height: size }} data-testid="funds-qr">
      {src ? <img src={src} alt={alt} /> : <DotLoading color="primary" />}
    </div>
  );
}
