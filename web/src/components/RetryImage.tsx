/**
 * An `<img>` that tries again when the link comes back: a picture that failed
 * while the app was offline (or the server down) would otherwise stay broken
 * until the page is reloaded. The element is made anew, so the browser asks
 * for the picture again.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { useOnReturn } from '../lib/connection';

export function RetryImage({ onError, onLoad, alt = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  useOnReturn(() => {
    if (!failed) return;
    setFailed(false);
    setTries((n) => n + 1);
  });
  return (
    <img
      key={tries}
      alt={alt}
      {...props}
      onLoad={(e) => {
        setFailed(false);
        onLoad?.(e);
      }}
      onError={(e) => {
        setFailed(true);
        onError?.(e);
      }}
    />
  );
}
