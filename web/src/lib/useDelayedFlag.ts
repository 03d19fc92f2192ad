/** Turns a "busy" flag on only after it has lasted `delayMs`, so quick waits show no spinner. */
import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from './constants';

export function useDelayedFlag(active: boolean, delayMs = LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [active, delayMs]);
  return active && shown;
}
