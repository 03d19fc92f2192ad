/**
 * The 24 h change as a coloured pill: up green, zero grey, down red (spec
 * section 9); grey while the link is down (`data-live`, components/ConnectionStatus.css).
 */
import { formatChange, trendOf } from '../../lib/format';

export function ChangePill({ change, size = 'normal' }: { change: string; size?: 'normal' | 'small' }) {
  const trend = trendOf(change);
  return (
    <span className={`market-pill market-pill-${trend} ${size === 'small' ? 'market-pill-small' : ''}`} data-trend={trend} data-live="pill">
      {formatChange(change)}
    </span>
  );
}
