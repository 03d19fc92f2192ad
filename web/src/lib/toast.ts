/**
 * Toasts with the spec's duration.
 *
 * antd-mobile's Toast (with its mask and spring animation library) is not part
 * of the first screen's code: it is fetched once the first screen is painted
 * (`preloadToast`, called by the app) and by the first toast if that comes
 * sooner. docs/benchmarks.md ("Initial load").
 */
import { TOAST_MS } from './constants';

type ToastModule = typeof import('antd-mobile/es/components/toast');
let toast: Promise<ToastModule> | null = null;

/** Fetches the toast's code (once; a failed fetch is tried again next time). */
export function preloadToast(): Promise<ToastModule> {
  toast ??= import('antd-mobile/es/components/toast').catch((e: unknown) => {
    toast = null;
    throw e;
  });
  return toast;
}

export function showToast(content: string, icon?: 'success' | 'fail') {
  void preloadToast().then(
    (m) => m.default.show({ content, icon, duration: TOAST_MS }),
    () => undefined,
  );
}
