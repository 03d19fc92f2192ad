/**
 * What a screen says when the realtime link is down: an action refused
 * before it was sent (`useOfflineAction` + `OfflineNote`), and a list that
 * shows the last data it had because a refetch failed (`StaleNote`). Both
 * leave what the user typed or saw as it was; the link's return clears the
 * one and refetches the other (lib/socket.ts catch-up).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/api';
import { isOffline, useOnReturn } from '../lib/connection';
import './ConnectionStatus.css';

/** True when a call failed for want of a connection (the request never got an answer). */
export function isUnsent(error: unknown): boolean {
  return (error as ApiError | null)?.kind === 'network';
}

/**
 * For a form's submit: `refuse()` answers true (and shows the note) when the
 * link is down, so the form sends nothing and keeps its fields; `failed(e)`
 * shows the note after a call that did not reach the server. The note stays
 * until the link is back.
 */
export function useOfflineAction() {
  const [refused, setRefused] = useState(false);
  useOnReturn(() => setRefused(false));
  const refuse = useCallback(() => {
    const offline = isOffline();
    if (offline) setRefused(true);
    return offline;
  }, []);
  const failed = useCallback((error: unknown) => {
    const unsent = isUnsent(error);
    if (unsent) setRefused(true);
    return unsent;
  }, []);
  return { refused, refuse, failed };
}

/** Says the action was not sent because the app is offline. */
export function OfflineNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  // Always in the page so that the alert is read out when it appears.
  return (
    <p className="offline-note" role="alert" data-testid="offline-note" hidden={!shown}>
      {shown ? t('conn.actionOffline') : null}
    </p>
  );
}

/** Over a list whose refetch failed: what shows is the last data, and it updates by itself. */
export function StaleNote() {
  const { t } = useTranslation();
  return (
    <p className="stale-note" role="note" data-testid="stale-note">
      {t('conn.staleData')}
    </p>
  );
}
