/**
 * Small memories of the funds screens kept on the device: "hide small
 * balances". (lib/storage.ts holds the session's keys; this key is the funds
 * screens' own, read and written with the same care: a broken storage never
 * breaks the page.)
 */
const HIDE_SMALL_KEY = 'fundHideSmall';

export function readHideSmall(): boolean {
  try {
    return window.localStorage.getItem(HIDE_SMALL_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeHideSmall(value: boolean): void {
  try {
    window.localStorage.setItem(HIDE_SMALL_KEY, value ? '1' : '0');
  } catch {
    // Storage full or disabled: the choice lasts for this visit.
  }
}
