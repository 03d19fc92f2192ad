/**
 * What the browser scripts do on their screens alike (the funds, identity and
 * admin ones, and the app, contract and market flows): their strings,
 * screenshots (named `funds-…` unless told, checked for overflow), logging
 * in, filling fields, reading amounts as a person sees them, the Assets tabs,
 * the language. Every helper waits for what shows, never for a fixed time.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, BASE, STEP_TIMEOUT, app, check, step } from './harness.mjs';
import { settle } from './page.mjs';

export { expectToast, settle } from './page.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export const DEMO = { email: 'demo@bourse.local', password: 'Demo123456' };
export const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'bx'];

/** The strings of one language of a feature (`src/features/<feature>/locales`), or the app's own without one. */
export function locale(lang, feature = null) {
  const dir = feature ? ['features', feature, 'locales'] : ['locales'];
  return JSON.parse(readFileSync(join(here, '..', '..', 'src', ...dir, `${lang}.json`), 'utf8'));
}

/** The strings of one language: the app's own and those of the funds, identity and admin features. */
export function strings(lang) {
  return { ...locale(lang), ...locale(lang, 'fund'), ...locale(lang, 'identity'), ...locale(lang, 'admin') };
}
export const zh = strings('zh');

export async function waitForRoute(page, route) {
  await page.waitForFunction((r) => location.hash.replace(/^#/, '').split('?')[0] === r, route, { timeout: STEP_TIMEOUT });
}

export async function noOverflow(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  check(!overflow, `no horizontal overflow on ${name}`);
}

/**
 * A screenshot `<prefix><name>.png` (`funds-<name>.png` unless told) of the
 * screen at rest (toasts gone unless kept), which must not overflow.
 */
export async function shot(page, name, { keepToast = false, fullPage = false, prefix = 'funds-' } = {}) {
  if (!keepToast) await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 4000 }).catch(() => undefined);
  await settle(page);
  await page.screenshot({ path: join(ARTIFACTS, `${prefix}${name}.png`), fullPage });
  await noOverflow(page, name);
}

/** A screenshot `funds-<name>.png` of the screen at rest, as it is (for screens already checked for overflow). */
export async function snapshot(page, name) {
  await settle(page);
  await page.screenshot({ path: join(ARTIFACTS, `funds-${name}.png`) });
}

export async function fill(page, testId, value) {
  await page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first().fill(value);
}

/**
 * The pop-up notice shows on Home once per notice (the dismissed id is kept on
 * the device): when the server has one in the app's language that this device
 * has not dismissed, wait for it and close it.
 */
export async function closePopNotice(page) {
  await page.locator('[data-testid="home"]').waitFor();
  const device = await page.evaluate(() => ({ lang: localStorage.getItem('lang') || 'zh', dismissed: localStorage.getItem('popDismissed') }));
  const body = await (await fetch(`${BASE}/api/news/index_pop?lang=${device.lang}`)).json();
  const notice = body.message;
  if (!notice || String(notice.id) === device.dismissed) return;
  const pop = page.locator('[data-testid="pop-notice"]');
  await pop.waitFor({ state: 'visible' });
  await page.locator('.adm-modal-footer .adm-button').first().click();
  await pop.waitFor({ state: 'hidden' });
}

/**
 * Logs in on the login screen (opened, unless `open` is false: the app has
 * just brought the page there) and waits for the route the app goes to next:
 * Home, where the pop-up notice is closed, unless `to` names the screen the
 * login page was opened from.
 */
export async function login(page, account, password, { open = true, to = '/pages/index/index' } = {}) {
  if (open) await page.goto(app('/pages/common/login'));
  else await waitForRoute(page, '/pages/common/login');
  await fill(page, 'login-account', account);
  await fill(page, 'login-password', password);
  await page.locator('[data-testid="login-submit"]').click();
  await waitForRoute(page, to);
  if (to === '/pages/index/index') await closePopNotice(page);
}

/** The text of an element once it shows something other than the loading dash. */
export async function textOf(page, selector) {
  const el = page.locator(selector).first();
  await el.waitFor();
  await page.waitForFunction((s) => {
    const t = document.querySelector(s)?.textContent ?? '';
    return t.trim() !== '' && !t.includes('--');
  }, selector);
  return (await el.innerText()).trim();
}

export const plain = (text) => text.replace(/[,\s]/g, '');

/**
 * Scrolls a paged list (rows matching `rows`) as a person would, the last row
 * into view so the next page loads, until `target` is listed; fails when the
 * list stops growing without it.
 */
export async function scrollListTo(page, rows, target) {
  await page.locator(rows).first().waitFor();
  while (!(await target.count())) {
    const before = await page.locator(rows).count();
    await page.locator(rows).last().scrollIntoViewIfNeeded();
    await page
      .waitForFunction(
        ([sel, n]) => document.querySelectorAll(sel).length > n || Boolean(document.querySelector('.paged-list .list-end')),
        [rows, before],
      )
      .catch(() => undefined);
    if ((await page.locator(rows).count()) === before && !(await target.count())) {
      throw new Error(`${rows}: the list ends after ${before} rows without the row sought`);
    }
  }
  await target.scrollIntoViewIfNeeded();
}

/**
 * Waits until an amount shows `expected` (cached figures are refreshed after a
 * moment), at most `timeout` ms when given (the step's time otherwise).
 */
export async function expectAmount(page, selector, expected, what, { timeout } = {}) {
  try {
    await page.waitForFunction(
      ([s, want]) => (document.querySelector(s)?.textContent ?? '').replace(/[,\s]/g, '') === want,
      [selector, expected],
      timeout ? { timeout } : undefined,
    );
  } catch {
    const got = await page.locator(selector).first().innerText().catch(() => '(missing)');
    throw new Error(`assertion failed: ${what} is ${expected} (got ${plain(got)})`);
  }
}

/** a + k·b on decimal strings, exactly (12 decimals are plenty for these amounts). */
export function addDec(a, b, k = 1) {
  const S = 12;
  const units = (x) => {
    const neg = x.startsWith('-');
    const [i, f = ''] = x.replace('-', '').split('.');
    const v = BigInt(i + f.padEnd(S, '0').slice(0, S));
    return neg ? -v : v;
  };
  const r = units(a) + BigInt(k) * units(b);
  const digits = (r < 0n ? -r : r).toString().padStart(S + 1, '0');
  const frac = digits.slice(-S).replace(/0+$/, '');
  return `${r < 0n ? '-' : ''}${digits.slice(0, -S)}${frac ? `.${frac}` : ''}`;
}

/**
 * An amount as the app shows a balance of a coin: cut toward zero to the
 * coin's display precision (lib/format.ts `coinPlaces`: USDT at 1 USDT shows
 * 2 decimals, BTC at 67,000 USDT up to 7), zeros past the second decimal
 * dropped (`formatCoin`), without separators.
 */
const PLACES = { USDT: 2, BTC: 7 };
export function shown(value, coin) {
  const places = PLACES[coin];
  const [i, f = ''] = value.split('.');
  if (!places) return i;
  // Zeros past the second decimal say nothing and are dropped ("0.00 BTC", "0.0012 BTC").
  const frac = f.padEnd(places, '0').slice(0, places).replace(/0+$/, '').padEnd(Math.min(places, 2), '0');
  return `${i}.${frac}`;
}

/** Clicks an Assets tab and waits until it is the active one with its list (or empty state) shown. */
export async function openAssetsTab(page, tab) {
  await page.locator(`[data-testid="assets-tab-${tab}"]`).click();
  await page.locator(`.adm-tabs-tab-active [data-testid="assets-tab-${tab}"]`).waitFor();
  await page.waitForFunction((t) => location.hash.includes(`tab=${t}`), tab);
  await page.locator('[data-testid="assets-list"], .state-block').first().waitFor();
}

export async function assetsTab(page, tab) {
  await page.goto(app(`/pages/fund/assets?tab=${tab}`));
  await page.locator('[data-testid="assets-total-usdt"]').waitFor();
  await page.locator('[data-testid="assets-list"], .state-block').first().waitFor();
}

/** Switches the app's language as the settings screen stores it, and reloads so the app starts in it. */
export async function setLang(page, lang) {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang.length > 0 && localStorage.getItem('lang') === l, lang);
}

/** Confirms the open confirmation dialog; with `untilClosed`, also waits (a while) for it to go. */
export async function confirmDialog(page, { untilClosed = false } = {}) {
  const button = page.locator('.adm-dialog-button-bold').last();
  await button.click();
  if (untilClosed) await button.waitFor({ state: 'detached' }).catch(() => undefined);
}

/**
 * Opens each route in each language, waits for what shows it loaded, and
 * checks it does not overflow; `also(lang)` then looks at more in that language.
 */
export async function noOverflowIn(page, langs, routes, also = async () => {}) {
  for (const lang of langs) {
    await setLang(page, lang);
    for (const [route, ready] of routes) {
      await page.goto(app(route));
      await page.locator(ready).first().waitFor();
      await settle(page);
      await noOverflow(page, `${route} in ${lang}`);
    }
    await also(lang);
  }
}

/** Opens each screen, waits for what shows it loaded, and takes its screenshot `funds-<prefix><name>.png`. */
export async function screens(page, list, prefix = '') {
  for (const [name, route, ready] of list) {
    await page.goto(app(route));
    await page.locator(ready).first().waitFor();
    await shot(page, `${prefix}${name}`);
  }
}

/**
 * The two closing steps of a funds script: its screens in English (screenshots
 * `funds-en-<name>.png`, see `screens`), then its routes in each of the nine
 * languages without overflow (see `noOverflowIn`).
 */
export async function languageSteps(page, english, routes, also) {
  await step('English screens', async () => {
    await setLang(page, 'en');
    await screens(page, english, 'en-');
  });
  await step('no screen overflows in any of the nine languages', async () => {
    await noOverflowIn(page, LANGS, routes, also);
  });
}
