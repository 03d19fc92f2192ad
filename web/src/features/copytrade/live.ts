/**
 * What the copy screens tell the user as it happens, beside refreshing their
 * lists (api.ts does that): a follow ended on its own (its stop-loss reached,
 * the trader retired) and the review of the user's application to lead.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { ensureSocket, onSocketEvent, useRealtime, type StoreLike } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { endReasonKey } from './logic';

/** Calls the latest `handler` for every `event` while the component is mounted. */
function useCopyEvent<T>(event: string, handler: (payload: T) => void) {
  useRealtime();
  const store = useStore() as unknown as StoreLike;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    ensureSocket(store);
    return onSocketEvent<T>(event, (payload) => latest.current(payload));
  }, [event, store]);
}

/** Reasons a follow ends without the follower asking (their own unfollow is confirmed where they asked). */
const UNASKED = new Set(['stop_loss', 'trader_retired']);

export function useCopyNotices() {
  const { t } = useTranslation();
  useCopyEvent<{ reason?: string }>('follow_ended', (msg) => {
    const key = endReasonKey(msg?.reason);
    if (key && msg?.reason && UNASKED.has(msg.reason)) showToast(t(`copytrade.${key}`));
  });
  useCopyEvent<{ approved?: boolean }>('copy_trader_reviewed', (msg) => {
    showToast(t(msg?.approved ? 'copytrade.lead.reviewApproved' : 'copytrade.lead.reviewRejected'), msg?.approved ? 'success' : undefined);
  });
}
