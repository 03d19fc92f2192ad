/**
 * What the product flows (lock-up mining, token sales, dual investment) do
 * alike on their screens: a new user with money of their own signs in, a
 * figure is read as a person reads it (spaces and thousands separators
 * aside), a moment is written as the app writes it, a form's field is
 * checked as it is typed, a confirmation is cancelled, and a message is known
 * by its words before the first value.
 */
import { fundedUser } from './api.mjs';
import { step } from './harness.mjs';
import { login, plain } from './funds.mjs';
import { expectPage } from './page.mjs';

/** The part of a locale message before its first placeholder ("Minimum {{min}}" → "Minimum"). */
export const head = (message) => message.split('{{')[0].trim();

/**
 * The first step of a flow: a new user funded with `amount` of `coin` (a
 * deposit the admin approves, through the API) signs in on `page`. Answers
 * the user ({ id, email, password, token }).
 */
export async function signInFunded(page, { tag, coin, amount }) {
  let user = null;
  await step(`a new user funded with ${amount} ${coin} (a deposit the admin approves) signs in`, async () => {
    user = await fundedUser(tag, coin, amount);
    await login(page, user.email, user.password);
  });
  return user;
}

/** A moment (ms) as the app writes it on `page` (lib/format.ts `formatDateTime`: the browser's time zone, to the minute). */
export function dateTimeOf(page, ms) {
  return page.evaluate((t) => {
    const d = new Date(t);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);
}

/** Waits until the element of `selector` shows `want` (compared without spaces and separators). */
export async function expectText(page, selector, want, what) {
  await expectPage(
    page,
    ([s, w]) => (document.querySelector(s)?.textContent ?? '').replace(/[,\s]/g, '') === w,
    [selector, plain(want)],
    `${what} reads ${want}`,
    ([s]) => document.querySelector(s)?.textContent ?? '(missing)',
  );
}

/**
 * Types `value` into the form field of test id `field` (its input) and waits
 * for the form's answer: the error `${field}-error` of `key`, or none.
 */
export async function typeChecked(page, field, value, key) {
  await page.locator(`[data-testid="${field}"] input`).fill(value);
  if (key) await page.locator(`[data-testid="${field}-error"][data-key="${key}"]`).waitFor();
  else await page.locator(`[data-testid="${field}-error"]`).waitFor({ state: 'detached' });
}

/** Cancels the open confirmation (its button that is not the bold one) and waits until `content` is gone. */
export async function cancelDialog(page, content) {
  await page.locator('.adm-dialog-button:not(.adm-dialog-button-bold)').last().click();
  await page.locator(content).waitFor({ state: 'detached' });
}
