/**
 * A QR code drawn on the device (deposit addresses, the invite link), dark on
 * white so any scanner reads it. The frame's look comes from `className`.
 */
import { DotLoading } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

interface Props {
  text: string;
  alt: string;
  className: string;
  testId: string;
  /** Side of the frame in CSS pixels (drawn at twice that for sharp screens). */
  size?: number;
}

export function QrCode({ text, alt, className, testId, size = 168 }: Props) {
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
    <div className={className} style={{ width: size, height: size }} data-testid={testId}>
      {src ? <img src={src} alt={alt} /> : <DotLoading color="primary" />}
    </div>
  );
}
