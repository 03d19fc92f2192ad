/**
 * A coin's (or market's) picture, or its initial on a tinted disc when there is
 * none or it fails to load (tried again when the link comes back, since it
 * may have failed for want of it). One look for every screen: the funds pages,
 * the market list and the trade header.
 */
import { useState } from 'react';
import { useOnReturn } from '../lib/connection';
import './CoinIcon.css';

const TINTS = ['#f0b90b', '#2ec4b6', '#3d8bfd', '#9b6bff', '#0ecb81', '#ff7a8a'];

function tintOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 997;
  return TINTS[h % TINTS.length];
}

export function CoinIcon({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  // The address that failed: a new picture gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  useOnReturn(() => setFailed(null));
  const tint = tintOf(name);
  return (
    <span className="coin-icon" style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }} aria-hidden="true">
      {src && failed !== src ? (
        <img src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        <span className="coin-icon-letter" style={{ color: tint, background: `${tint}24` }}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
    </span>
  );
}
