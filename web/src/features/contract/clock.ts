/**
 * Countdown clock of the options screens. The server stamps `opened_at` and
 * `expires_at` with its own clock; the difference to the device clock, learnt
 * from each submit answer (and from the index path the chart loads), keeps the
 * countdown and the chart's "now" honest on a phone whose clock is off.
 */
import { useEffect, useState } from 'react';

let skewMs = 0;

/** Learns the server-minus-device offset from a timestamp the server just made. */
export function learnServerTime(serverNow: number, receivedAt = Date.now()) {
  if (Number.isFinite(serverNow)) skewMs = serverNow - receivedAt;
}

/** The server's current time as this device estimates it. */
export function serverNow(): number {
  return Date.now() + skewMs;
}

/** Re-renders every `intervalMs` while `active`, returning the estimated server time. */
export function useServerNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
