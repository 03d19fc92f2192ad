/** A market's logo, or its first letter on a tinted disc when the logo is missing or fails. */
import { useState } from 'react';

const TINTS = ['#f0b90b', '#0ecb81', '#3d7eff', '#c77dff', '#ff8a3d', '#20c5d6'];

function tintOf(name: string): string {
  let sum = 0;
  for (const ch of name) sum += ch.charCodeAt(0);
  return TINTS[sum % TINTS.length];
}

export function MarketCoinIcon({ src, name, size = 28 }: { src?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const tint = tintOf(name);
  return (
    <span className="market-coin-icon" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden="true">
      {src && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span className="market-coin-letter" style={{ color: tint, background: `${tint}26` }}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
    </span>
  );
}
