/** A coin's picture, or its initial on a tinted disc when there is none or it fails to load. */
import { useState } from 'react';

const TINTS = ['#f0b90b', '#2ec4b6', '#3d8bfd', '#9b6bff', '#0ecb81', '#ff7a8a'];

function tintOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 997;
  return TINTS[h % TINTS.length];
}

export function FundsCoinIcon({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (src && !failed) {
    return <img className="funds-coin-icon" style={style} src={src} alt="" onError={() => setFailed(true)} />;
  }
  const tint = tintOf(name);
  return (
    <span
      className="funds-coin-icon funds-coin-letter"
      style={{ ...style, color: tint, background: `${tint}24`, fontSize: Math.round(size * 0.42) }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
