// End-to-end flow of the contract and seconds-option screens in a real browser
// against the real server (prices tick every second).
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=../artifacts/screenshots] node e2e/contract.mjs
//
// Logs in as the demo user, funds the lever and options accounts by transfer,
// opens, protects and closes a long, buys a 30 s option and waits for its
// result. Screenshots (zh and en) are written to ARTIFACTS_DIR.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
const ARTIFACTS = resolve(process.env.ARTIFACTS_DIR || join(here, '..', '..', 'artifacts', 'screenshots'));
const STEP_TIMEOUT = 15_000;

if (!BASE) {
  console.error('Set BOURSE_URL to the running server, e.g. BOURSE_URL=http://127.0.0.1:8080');
  process.exit(2);
}
mkdirSync(ARTIFACTS, { recursive: true });

const zh = JSON.parse(readFileSync(join(here, '..', 'src', 'features', 'contract', 'locales', 'zh.json'), 'utf8')).contract;

let passed = 0;
let failed = 0;
const pageErrors = [];

function check(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed += 1;
    console.error(`FAIL ${name}: ${e.message}`);
    throw e;
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
context.setDefaultTimeout(STEP_TIMEOUT);
const page = await context.newPage();
page.on('pageerror', (e) => pageErrors.push(e.message));

const app = (route) => `${BASE}/h5/#${route}`;
const tid = (id) => page.locator(`[data-testid="${id}"]`);

async function shot(name, { fullPage = false } = {}) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  check(!overflow, `no horizontal overflow on ${name}`);
}

async function waitForRoute(route) {
  await page.waitForFunction((r) => location.hash.replace(/^#/, '').split('?')[0] === r, route, { timeout: STEP_TIMEOUT });
}

/** Confirms the open confirmation dialog (antd-mobile Dialog.confirm). */
async function confirmDialog() {
  const button = page.locator('.adm-dialog .adm-dialog-button-bold').last();
  await button.waitFor({ state: 'visible' });
  await button.click();
  await button.waitFor({ state: 'detached' }).catch(() => undefined);
}

/** Scrolls the first element of a test id to the middle of the screen. */
async function centre(id) {
  await tid(id).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

async function textOf(id) {
  return (await tid(id).first().innerText()).trim();
}

async function setLang(lang) {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

/** Reads a number off a displayed decimal (for the test's own price maths only). */
const num = (s) => Number(String(s).replace(/[^0-9.+-]/g, ''));

/** The number an element shows, once it shows one (a balance reads "--" while it loads). */
async function numberOf(id) {
  await page.waitForFunction(
    (sel) => /^[-+]?\d/.test(document.querySelector(sel)?.textContent?.trim() ?? ''),
    `[data-testid="${id}"]`,
  );
  return num(await textOf(id));
}

try {
  await step('visitor sees contract prices and a login button', async () => {
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-live-price').waitFor();
    await tid('ct-login').waitFor();
    check(num(await textOf('ct-live-price')) > 0, 'a live price is shown');
    await shot('contract-visitor');
  });

  await step('log in as the demo user and come back to the contract tab', async () => {
    await tid('ct-login').click();
    await waitForRoute('/pages/common/login');
    await page.locator('[data-testid="login-account"] input').fill('demo@bourse.local');
    await page.locator('[data-testid="login-password"] input').fill('Demo123456');
    await tid('login-submit').click();
    await waitForRoute('/pages/transaction/contract');
    await tid('ct-submit').waitFor();
  });

  await step('the live price ticks', async () => {
    const first = await textOf('ct-live-price');
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="ct-live-price"]')?.textContent?.trim() !== f,
      first,
      { timeout: 10_000 },
    );
  });

  await step('transfer 1000 USDT to the lever account', async () => {
    const before = await numberOf('ct-balance');
    await tid('ct-transfer').click();
    await page.locator('[data-testid="ct-transfer-amount"] input').fill('1000');
    await tid('ct-transfer-submit').click();
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="ct-balance"]')?.textContent) >= b + 1000 - 1e-9,
      before,
    );
  });

  await step('the form shows notional, margin and fee for 1 lot at 10x', async () => {
    await tid('ct-long').click();
    await page.locator('[data-testid="ct-multiple"] .adm-selector-item', { hasText: /^10×$/ }).click();
    const notional = num(await textOf('ct-notional'));
    const margin = num(await textOf('ct-margin'));
    const fee = num(await textOf('ct-fee'));
    check(notional > 0, `notional shown (${notional})`);
    check(Math.abs(margin - notional / 10) < 0.01 * notional, `margin ≈ notional / 10 (${margin} vs ${notional})`);
    check(fee > 0 && fee < margin, `fee shown (${fee})`);
    await shot('contract-form');
  });

  await step('open a market long and see it in positions', async () => {
    await tid('ct-submit').click();
    await tid('ct-confirm').waitFor();
    await shot('contract-confirm');
    await confirmDialog();
    await tid('ct-position').first().waitFor();
  });

  await step('the position profit changes live', async () => {
    const first = await textOf('ct-position-profit');
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="ct-position-profit"]')?.textContent?.trim() !== f,
      first,
      { timeout: 12_000 },
    );
    const risk = await textOf('ct-position-risk');
    check(/%$/.test(risk), `risk rate shown as a percentage (${risk})`);
  });

  await step('set take-profit and stop-loss on the position', async () => {
    await tid('ct-edit-tpsl').first().click();
    await tid('ct-stops-dialog').waitFor();
    const price = num(await textOf('ct-live-price'));
    const tp = (price * 1.2).toFixed(2);
    const sl = (price * 0.95).toFixed(2);
    await page.locator('[data-testid="ct-stops-tp"] input').fill(tp);
    await page.locator('[data-testid="ct-stops-sl"] input').fill(sl);
    await tid('ct-stops-save').click();
    await tid('ct-stops-dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="ct-position-tpsl"]')?.textContent ?? '';
      return !text.includes('--');
    });
    await centre('ct-position');
    await shot('contract-positions');
  });

  await step('close the position and find it in history', async () => {
    await tid('ct-close').first().click();
    await confirmDialog();
    await tid('ct-position').first().waitFor({ state: 'detached' });
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-history').first().waitFor();
    const reason = await textOf('ct-history-reason');
    check(reason === zh.reason.user, `closed by the user (got "${reason}")`);
    await centre('ct-history');
    await shot('contract-history');
  });

  await step('the full history page lists the closed order', async () => {
    await tid('ct-all-history').click();
    await waitForRoute('/pages/transaction/contract_order');
    await tid('ct-history').first().waitFor();
    await shot('contract-order');
  });

  await step('the help page explains the formulas', async () => {
    await page.goto(app('/pages/transaction/contract_help'));
    await tid('ct-help-page').waitFor();
    const text = await textOf('ct-help-page');
    check(text.includes(zh.helpPage.risk.title), 'the risk rate is explained');
    await shot('contract-help');
  });

  await step('open the options page and fund the options account', async () => {
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    const before = await numberOf('ct-option-balance');
    await tid('ct-option-transfer').click();
    await page.locator('[data-testid="ct-transfer-amount"] input').fill('500');
    await tid('ct-transfer-submit').click();
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="ct-option-balance"]')?.textContent) >= b + 500 - 1e-9,
      before,
    );
    await tid('ct-chart').waitFor({ timeout: 10_000 });
    await shot('options');
  });

  await step('buy a 30 s rise option with 10 USDT and see the countdown', async () => {
    await tid('ct-duration-30').click();
    await tid('ct-rise').click();
    await page.locator('[data-testid="ct-option-amount"] input').fill('10');
    await tid('ct-option-submit').click();
    await tid('ct-option-confirm').waitFor();
    await confirmDialog();
    await tid('ct-countdown').first().waitFor();
    const first = await textOf('ct-countdown');
    check(/^00:[0-3]\d$/.test(first), `countdown shown (got "${first}")`);
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="ct-countdown"]')?.textContent?.trim() !== f,
      first,
      { timeout: 5000 },
    );
    await centre('ct-option-holding');
    await shot('options-countdown');
  });

  await step('the result dialog opens when the option settles', async () => {
    await tid('ct-result').waitFor({ timeout: 60_000 });
    const outcome = await tid('ct-result').getAttribute('data-outcome');
    check(['win', 'lose', 'tie'].includes(outcome), `an outcome is shown (${outcome})`);
    await shot('options-result');
    await tid('ct-result-ok').click();
  });

  await step('the settled option is in the history list', async () => {
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-option-history').first().waitFor();
    await centre('ct-option-history');
    await shot('options-history');
    await tid('ct-all-options').click();
    await waitForRoute('/pages/transaction/seconds_order');
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-option-history').first().waitFor();
    await shot('seconds-order');
  });

  await step('the screens fit 390 px in English', async () => {
    await setLang('en');
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-submit').waitFor();
    await shot('contract-form-en');
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: 'History' }).click();
    await tid('ct-history').first().waitFor();
    await centre('ct-history');
    await shot('contract-history-en');
    await page.goto(app('/pages/transaction/contract_help'));
    await tid('ct-help-page').waitFor();
    await shot('contract-help-en');
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    await shot('options-en');
  });

  await step('the screens fit 390 px in French (long labels)', async () => {
    await setLang('fra');
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-submit').waitFor();
    await page.locator('.ct-tabs-wrap .adm-tabs-tab').nth(2).click();
    await tid('ct-history').first().waitFor();
    await centre('ct-history');
    await shot('contract-history-fra');
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    await shot('options-fra');
    await setLang('zh');
  });

  await step('no uncaught page errors', async () => {
    check(pageErrors.length === 0, `no uncaught page errors (${pageErrors.join(' | ')})`);
  });
} catch {
  // The failing step was reported.
  await page.screenshot({ path: join(ARTIFACTS, 'contract-failure.png') }).catch(() => undefined);
} finally {
  await browser.close();
}

console.log(`${passed} passed, ${failed} failed; screenshots in ${ARTIFACTS}`);
process.exit(failed === 0 ? 0 : 1);
