// End-to-end flow of the funds, identity and admin screens in a real browser
// against the real server (fresh database with the demo data).
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/funds.mjs
//
// The demo user (funded with 10000 USDT and 1 BTC on spot; other scripts may
// have used it since, so the checks count from its ledger) deposits 100 USDT
// with a voucher,
// the admin approves it in the review desk (another browser context), the user
// sees the 100 USDT credited, moves 50 USDT to futures, converts USDT to BTC, is sent to
// the verification-required page when withdrawing unverified, binds a phone,
// gets verified, withdraws to a saved address and cancels, saves bank cards;
// a second deposit is rejected with a reason. Screenshots of every screen go to
// ARTIFACTS_DIR, then the main screens are checked for overflow in all nine
// languages. Exits non-zero on any failure.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { settle } from './lib/page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
const ARTIFACTS = resolve(process.env.ARTIFACTS_DIR || join(here, '..', '..', 'artifacts', 'screenshots'));
const ADMIN_EMAIL = process.env.ADMIN_EMAIL || '';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || '';
const STEP_TIMEOUT = 15_000;
const DEMO = { email: 'demo@bourse.local', password: 'Demo123456' };
const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'bx'];

if (!BASE || !ADMIN_EMAIL || !ADMIN_PASSWORD) {
  console.error('Set BOURSE_URL, ADMIN_EMAIL and ADMIN_PASSWORD (scripts/with-server.sh does).');
  process.exit(2);
}
mkdirSync(ARTIFACTS, { recursive: true });

/** The strings of one language: the app's own and those of the funds features. */
function strings(lang) {
  const read = (p) => JSON.parse(readFileSync(join(here, '..', 'src', ...p), 'utf8'));
  return {
    ...read(['locales', `${lang}.json`]),
    ...read(['features', 'fund', 'locales', `${lang}.json`]),
    ...read(['features', 'identity', 'locales', `${lang}.json`]),
    ...read(['features', 'admin', 'locales', `${lang}.json`]),
  };
}
const zh = strings('zh');

// ---- a small PNG made here (the payment voucher and the ID photos) ----
function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function makePng(width, height, [r, g, b]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const voucherPng = { name: 'voucher.png', mimeType: 'image/png', buffer: makePng(64, 48, [240, 185, 11]) };
const photoPng = { name: 'id.png', mimeType: 'image/png', buffer: makePng(64, 48, [61, 139, 253]) };

// ---- harness ----
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

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN' });
  context.setDefaultTimeout(STEP_TIMEOUT);
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

const app = (route) => `${BASE}/h5/#${route}`;
const user = await newPage();
const admin = await newPage();

const routeOf = (page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

async function waitForRoute(page, route) {
  await page.waitForFunction((r) => location.hash.replace(/^#/, '').split('?')[0] === r, route, { timeout: STEP_TIMEOUT });
}

async function noOverflow(page, name) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  check(!overflow, `no horizontal overflow on ${name}`);
}

async function shot(page, name, { keepToast = false, fullPage = false } = {}) {
  if (!keepToast) await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 4000 }).catch(() => undefined);
  await settle(page);
  await page.screenshot({ path: join(ARTIFACTS, `funds-${name}.png`), fullPage });
  await noOverflow(page, name);
}

/** Waits for a toast saying `text` (a string, or a pattern); on a time-out, reports what the toasts said instead. */
async function expectToast(page, text) {
  const toast = page.locator('.adm-toast-main', { hasText: text });
  try {
    await toast.waitFor({ state: 'visible' });
  } catch {
    const shown = await page.locator('.adm-toast-main').allInnerTexts().catch(() => []);
    throw new Error(`expected the toast ${text}, saw ${JSON.stringify(shown)}`);
  }
  return (await toast.first().innerText()).trim();
}

async function fill(page, testId, value) {
  await page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first().fill(value);
}

/**
 * The pop-up notice shows on Home once per notice (the dismissed id is kept on
 * the device): when the server has one in the app's language that this device
 * has not dismissed, wait for it and close it.
 */
async function closePopNotice(page) {
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

async function login(page, account, password) {
  await page.goto(app('/pages/common/login'));
  await fill(page, 'login-account', account);
  await fill(page, 'login-password', password);
  await page.locator('[data-testid="login-submit"]').click();
  await waitForRoute(page, '/pages/index/index');
  await closePopNotice(page);
}

/** The text of an element once it shows something other than the loading dash. */
async function textOf(page, selector) {
  const el = page.locator(selector).first();
  await el.waitFor();
  await page.waitForFunction((s) => {
    const t = document.querySelector(s)?.textContent ?? '';
    return t.trim() !== '' && !t.includes('--');
  }, selector);
  return (await el.innerText()).trim();
}

const plain = (text) => text.replace(/[,\s]/g, '');

/**
 * Scrolls a paged list (rows matching `rows`) as a person would, the last row
 * into view so the next page loads, until `target` is listed; fails when the
 * list stops growing without it.
 */
async function scrollListTo(page, rows, target) {
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

/** Waits until an amount shows `expected` (cached figures are refreshed after a moment). */
async function expectAmount(page, selector, expected, what) {
  try {
    await page.waitForFunction(
      ([s, want]) => (document.querySelector(s)?.textContent ?? '').replace(/[,\s]/g, '') === want,
      [selector, expected],
    );
  } catch {
    const got = await page.locator(selector).first().innerText().catch(() => '(missing)');
    throw new Error(`assertion failed: ${what} is ${expected} (got ${plain(got)})`);
  }
}

/** The code the server sent to `address` at or after `notBefore` (ms); call it once the app said the code was sent. */
async function readCode(address, notBefore) {
  const res = await fetch(`${BASE}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const body = await res.json();
  const newest = Array.isArray(body.message) ? body.message[0] : null;
  if (newest?.code && Number(newest.sent_at) >= notBefore) return String(newest.code);
  throw new Error(`no code sent to ${address} since ${notBefore} in the dev outbox (${JSON.stringify(body.message)})`);
}

/** A GET of the API with the user's own token (to learn the id of what the UI just created). */
async function apiAs(page, path) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${BASE}/api${path}`, { headers: { Authorization: token } });
  const body = await res.json();
  check(body.type === 'ok', `GET ${path} answers ok (got ${JSON.stringify(body)})`);
  return body.message;
}

/** A POST of the API with the user's own token. */
async function apiPostAs(page, path, params = {}) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${BASE}/api${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const body = await res.json();
  check(body.type === 'ok', `POST ${path} answers ok (got ${JSON.stringify(body)})`);
  return body.message;
}

/** a + k·b on decimal strings, exactly (12 decimals are plenty for these amounts). */
function addDec(a, b, k = 1) {
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
 * 2 decimals, BTC at 67,000 USDT 7), trailing zeros kept, without separators.
 */
const PLACES = { USDT: 2, BTC: 7 };
function shown(value, coin) {
  const places = PLACES[coin];
  const [i, f = ''] = value.split('.');
  return places ? `${i}.${f.padEnd(places, '0').slice(0, places)}` : i;
}

/** Every ledger record of the user's account `account` (newest first). */
async function ledgerOf(page, account) {
  const rows = [];
  for (let p = 1; ; p += 1) {
    const got = await apiPostAs(page, '/wallet/legal_log', { account, page: p, limit: 100 });
    rows.push(...got.data);
    if (p >= got.pages) return rows;
  }
}

/** Available amount of a coin in an account, as the server has it. */
async function available(page, account, coin) {
  const list = await apiPostAs(page, '/wallet/list');
  const row = list.accounts.find((a) => a.account === account)?.balances.find((b) => b.name === coin);
  return row ? row.available : '0';
}

/** Clicks an Assets tab and waits until it is the active one with its list (or empty state) shown. */
async function openAssetsTab(page, tab) {
  await page.locator(`[data-testid="assets-tab-${tab}"]`).click();
  await page.locator(`.adm-tabs-tab-active [data-testid="assets-tab-${tab}"]`).waitFor();
  await page.waitForFunction((t) => location.hash.includes(`tab=${t}`), tab);
  await page.locator('[data-testid="assets-list"], .state-block').first().waitFor();
}

async function assetsTab(page, tab) {
  await page.goto(app(`/pages/fund/assets?tab=${tab}`));
  await page.locator('[data-testid="assets-total-usdt"]').waitFor();
  await page.locator('[data-testid="assets-list"], .state-block').first().waitFor();
}

/** Switches the app's language as the settings screen stores it, and reloads so the app starts in it. */
async function setLang(page, lang) {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang.length > 0 && localStorage.getItem('lang') === l, lang);
}

async function confirmDialog(page) {
  await page.locator('.adm-dialog-button-bold').last().click();
}

/**
 * A decided request leaves the Pending list at once and is found under the
 * filter of its new state.
 */
async function decided(kind, id, state) {
  await admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`).waitFor({ state: 'detached' });
  const filter = { 1: 'approved', 2: kind === 'verifications' ? 'approved' : 'rejected', 3: 'rejected' }[state];
  await admin.locator(`[data-testid="admin-filter-${filter}"]`).click();
  await admin.waitForFunction(
    ([k, i, s]) => document.querySelector(`[data-testid="admin-item-${k}"][data-id="${i}"]`)?.getAttribute('data-state') === s,
    [kind, String(id), String(state)],
  );
  return admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`);
}

/**
 * The admin approves (or rejects with a reason) the request `id` of a queue.
 * Approving asks first, naming what moves and whose it is (`expectConfirm`:
 * the texts the question must hold).
 */
async function review(kind, id, decision, reason, expectConfirm = []) {
  await admin.goto(app(`/pages/admin/index?tab=${kind}`));
  const item = admin.locator(`[data-testid="admin-item-${kind}"][data-id="${id}"]`);
  await item.waitFor();
  if (decision === 'approve') {
    await item.locator('[data-testid="admin-approve"]').click();
    const question = admin.locator('[data-testid="admin-approve-confirm"]');
    await question.waitFor();
    const said = await question.innerText();
    for (const text of expectConfirm) check(said.includes(text), `the confirmation names ${text} ("${said}")`);
    await shot(admin, `admin-approve-confirm-${kind}`);
    await confirmDialog(admin);
  } else {
    await item.locator('[data-testid="admin-reject"]').click();
    const dialog = admin.locator('[data-testid="admin-reject-dialog"]');
    await dialog.waitFor();
    if (reason === '') {
      await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
      await admin.getByText(zh.admin.reasonRequired).waitFor();
      return item;
    }
    await dialog.locator('textarea').fill(reason);
    await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
  }
  const state = decision === 'approve' ? (kind === 'verifications' ? 2 : 1) : kind === 'verifications' ? 3 : 2;
  return decided(kind, id, state);
}

/** Balances when the run started (other scripts may have used the demo user before). */
const start = { usdt: '0', btc: '0', futures: '0' };
const mobile = `139${Math.floor(10000000 + Math.random() * 89999999)}`;

try {
  await step('the demo user holds its funding of 10000 USDT and 1 BTC plus what its ledger records since; Assets shows it', async () => {
    await login(user, DEMO.email, DEMO.password);
    start.usdt = await available(user, 2, 'USDT');
    start.btc = await available(user, 2, 'BTC');
    start.futures = await available(user, 3, 'USDT');
    const spot = await ledgerOf(user, 2);
    const funding = spot.filter((r) => r.reason === 'demo_funding').map((r) => `${addDec(r.amount, '0')} ${r.currency}`);
    check(funding.sort().join(', ') === '1 BTC, 10000 USDT', `the demo user was funded with 10000 USDT and 1 BTC on spot (got ${funding.join(', ')})`);
    for (const [coin, held] of [
      ['USDT', start.usdt],
      ['BTC', start.btc],
    ]) {
      const records = spot.filter((r) => r.currency === coin && r.bucket === 'available');
      const sum = records.reduce((acc, r) => addDec(acc, r.amount), '0');
      check(sum === addDec(held, '0'), `${coin} available ${held} = funding + the ${records.length - 1} records since (sum ${sum})`);
    }
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(start.usdt, 'USDT'), 'USDT available');
    await expectAmount(user, '[data-testid="asset-BTC-available"]', shown(start.btc, 'BTC'), 'BTC available');
    const total = await textOf(user, '[data-testid="assets-total"]');
    check(/\d/.test(total), `a fiat total is shown (got "${total}")`);
    await user.locator('[data-testid="asset-split"]').waitFor();
    await shot(user, 'assets-crypto');
    await shot(user, 'assets-crypto-full', { fullPage: true });
  });

  await step('every Assets tab opens, and hide-small filters the list', async () => {
    for (const tab of ['fiat', 'futures', 'options', 'stock']) {
      await openAssetsTab(user, tab);
      await shot(user, `assets-${tab}`);
    }
    await openAssetsTab(user, 'crypto');
    await user.locator('[data-testid="asset-USDT"]').waitFor();
    const before = await user.locator('[data-testid="assets-list"] li').count();
    await user.locator('[data-testid="assets-hide-small"]').click();
    await user.waitForFunction((n) => document.querySelectorAll('[data-testid="assets-list"] li').length < n, before);
    const names = await user.locator('[data-testid="assets-list"] .funds-coin-name').allInnerTexts();
    const values = (await user.locator('[data-testid="assets-list"] .funds-coin-value').allInnerTexts()).map((v) => Number(plain(v).replace(/[^\d.]/g, '')));
    check(names.includes('USDT') && names.includes('BTC'), `hide small keeps USDT and BTC (got ${names})`);
    check(values.every((v) => v >= 1), `only balances worth 1 USDT or more remain (got ${values})`);
    const stored = await user.evaluate(() => localStorage.getItem('fundHideSmall'));
    check(stored === '1', 'the hide-small choice is stored on the device');
    await shot(user, 'assets-hide-small');
    await user.locator('[data-testid="assets-hide-small"]').click();
    await user.waitForFunction((n) => document.querySelectorAll('[data-testid="assets-list"] li').length === n, before);
  });

  let depositId = 0;
  await step('deposit 100 USDT on TRC20 with a payment voucher', async () => {
    await user.locator('[data-testid="assets-deposit"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.locator('[data-testid="select-USDT"]').waitFor();
    await shot(user, 'deposit-select');
    await user.locator('[data-testid="select-USDT"]').click();
    await waitForRoute(user, '/pages/fund/receive');
    await user.locator('[data-testid="network-TRC20"]').click();
    await user.waitForFunction(() => (document.querySelector('[data-testid="receive-address"]')?.textContent || '').startsWith('T'));
    await user.locator('[data-testid="funds-qr"] img').waitFor();
    // No address is configured in the demo: the derived one says it is a demo.
    await user.getByText(zh.fund.receive.demoAddress).waitFor();
    await shot(user, 'deposit-address');
    // Validation first: no amount, then no voucher.
    await user.locator('[data-testid="receive-submit"]').click();
    await user.getByText(zh.fund.validation.amountRequired).waitFor();
    await fill(user, 'receive-amount', '100.1234567');
    await user.locator('[data-testid="receive-submit"]').click();
    await user.getByText(zh.fund.validation.amountDecimals.replace('{{decimals}}', '6')).waitFor();
    await user.getByText(zh.fund.receive.voucherRequired).waitFor();
    await shot(user, 'deposit-validation');
    await fill(user, 'receive-amount', '100');
    await user.locator('[data-testid="receive-voucher-file"]').setInputFiles(voucherPng);
    await user.waitForFunction(() =>
      (document.querySelector('[data-testid="receive-voucher"] img')?.getAttribute('src') || '').startsWith('/uploads/'),
    );
    await shot(user, 'deposit-form', { fullPage: true });
    await user.locator('[data-testid="receive-submit"]').click();
    await waitForRoute(user, '/pages/fund/receive_record');
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '0', 'the deposit waits for review');
    check((await item.innerText()).includes(zh.fund.state.review), 'the record says under review');
    await shot(user, 'deposit-records');
    const log = await apiAs(user, '/recharge/log');
    depositId = log.data[0].id;
    check(log.data[0].amount === '100', `the request is for 100 (got ${log.data[0].amount})`);
  });

  await step('the admin opens the review desk from Settings and approves the deposit', async () => {
    await login(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(app('/pages/setting/setting'));
    await admin.locator('[data-testid="to-admin"]').click();
    await waitForRoute(admin, '/pages/admin/index');
    await admin.locator(`[data-testid="admin-item-deposits"][data-id="${depositId}"] img`).waitFor();
    await shot(admin, 'admin-deposits');
    await review('deposits', depositId, 'approve', undefined, ['100 USDT', 'demo@bourse.local']);
    await shot(admin, 'admin-deposit-approved');
  });

  await step('the demo user sees the 100 USDT credited and the deposit completed', async () => {
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.usdt, '100'), 'USDT'), 'USDT available (+100)');
    await shot(user, 'assets-after-deposit');
    await user.goto(app('/pages/fund/receive_record'));
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '1', 'the deposit is completed');
  });

  await step('transfer 50 USDT from spot to futures', async () => {
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-transfer"]').click();
    await waitForRoute(user, '/pages/fund/fundTransfer');
    const from = await textOf(user, '[data-testid="transfer-from-value"]');
    const to = await textOf(user, '[data-testid="transfer-to-value"]');
    check(from === zh.fund.accounts.change && to === zh.fund.accounts.lever, `spot → futures by default (got ${from} → ${to})`);
    await user.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="transfer-available"]')?.textContent || ''));
    // Too much is refused before the server is asked.
    await fill(user, 'transfer-amount', '999999');
    await user.locator('[data-testid="transfer-submit"]').click();
    await user.getByText(zh.fund.validation.amountMax.replace('{{max}}', addDec(start.usdt, '100'))).waitFor();
    await fill(user, 'transfer-amount', '50');
    await shot(user, 'transfer');
    await user.locator('[data-testid="transfer-submit"]').click();
    await expectToast(user, zh.fund.transfer.done);
    await user.locator('[data-testid="transfer-history"]').click();
    await waitForRoute(user, '/pages/fund/transfer_history');
    await user.locator('[data-testid="transfer-item"]').first().waitFor();
    await shot(user, 'transfer-history');
  });

  await step('the futures tab shows the 50 USDT more', async () => {
    await assetsTab(user, 'futures');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.futures, '50'), 'USDT'), 'futures USDT (+50)');
    await shot(user, 'assets-futures-after');
  });

  await step('convert 100 USDT to BTC with a live quote', async () => {
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-convert"]').click();
    await waitForRoute(user, '/pages/fund/transfer');
    check((await textOf(user, '[data-testid="convert-from-value"]')) === 'USDT', 'from USDT');
    check((await textOf(user, '[data-testid="convert-to-value"]')) === 'BTC', 'to BTC');
    await fill(user, 'convert-amount', '100');
    await user.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="convert-receive"]')?.textContent || ''));
    await shot(user, 'convert');
    await user.locator('[data-testid="convert-submit"]').click();
    await user.locator('[data-testid="convert-confirm"]').waitFor();
    await shot(user, 'convert-confirm');
    await confirmDialog(user);
    const [head, tail] = zh.fund.convert.done.split('{{amount}}');
    const text = await expectToast(user, new RegExp(`^${head}[\\d,.]+${tail.replace('{{coin}}', 'BTC')}$`));
    const received = plain(text.slice(head.length, text.length - tail.replace('{{coin}}', 'BTC').length));
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.usdt, '50', -1), 'USDT'), 'USDT (+100 − 50 − 100)');
    const btc = await available(user, 2, 'BTC');
    check(shown(addDec(btc, start.btc, -1), 'BTC') === received, `BTC grew by the ${received} the toast announced (from ${start.btc} to ${btc})`);
    check(addDec(btc, start.btc, -1).startsWith('0.00') && /[1-9]/.test(received), 'some BTC was received, about 100 USDT worth');
  });

  await step('records: one coin with its ledger, and all records', async () => {
    await user.locator('[data-testid="asset-USDT"]').click();
    await waitForRoute(user, '/pages/fund/assets_record');
    await user.locator('[data-testid="coin-detail"]').waitFor();
    await user.locator('[data-testid="ledger-row"][data-reason="conversion"]').first().waitFor();
    await user.locator('[data-testid="ledger-row"][data-reason="deposit"]').first().waitFor();
    const text = await user.locator('[data-testid="ledger-row"][data-reason="deposit"]').first().innerText();
    check(text.includes(zh.fund.reason.deposit), 'the reason is translated');
    await shot(user, 'assets-record');
    await user.goto(app('/pages/fund/assets_all_record'));
    await user.locator('[data-testid="ledger-row"]').first().waitFor();
    await shot(user, 'assets-all-record');
  });

  await step('a withdrawal without verification lands on the verification-required page', async () => {
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-withdraw"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.locator('[data-testid="select-USDT"]').click();
    await waitForRoute(user, '/pages/fund/withdraw');
    await user.locator('[data-testid="withdraw-verify-banner"]').waitFor();
    await fill(user, 'withdraw-amount', '5');
    await user.locator('[data-testid="withdraw-submit"]').click();
    await user.getByText(zh.fund.validation.amountMin.replace('{{min}}', '10')).waitFor();
    await fill(user, 'withdraw-amount', '20');
    await user.waitForFunction(() => (document.querySelector('[data-testid="withdraw-receive"]')?.textContent || '').startsWith('19'));
    await fill(user, 'withdraw-pay-password', '123456');
    await shot(user, 'withdraw-unverified', { fullPage: true });
    await user.locator('[data-testid="withdraw-submit"]').click();
    await waitForRoute(user, '/pages/setting/real_mark');
    await user.locator('[data-testid="real-mark"] .funds-status').waitFor();
    await shot(user, 'real-mark');
  });

  await step('verification needs the phone: bind it, then submit level 1', async () => {
    await user.locator('[data-testid="real-mark-go"]').click();
    await waitForRoute(user, '/pages/setting/real');
    await user.locator('[data-testid="real-level-1"]').waitFor();
    if (!(await apiAs(user, '/real/state')).mobile_bound) {
      await user.locator('[data-testid="real-bindings"]').waitFor();
      await shot(user, 'real-unbound');
      await user.locator('[data-testid="real-bind-phone"]').click();
      await waitForRoute(user, '/pages/setting/bindPhone');
      await fill(user, 'bind-mobile', mobile);
      const sentAt = Date.now() - 1000;
      await user.locator('[data-testid="send-code"]').click();
      await expectToast(user, zh.auth.codeSent);
      await fill(user, 'bind-code', await readCode(mobile, sentAt));
      await user.locator('[data-testid="bind-submit"]').click();
      await waitForRoute(user, '/pages/setting/real');
      await user.locator('[data-testid="real-level-1"]').waitFor();
    }
    await user.locator('[data-testid="real-bindings"]').waitFor({ state: 'detached' });
    await shot(user, 'real-ready');
    await user.locator('[data-testid="real-start-1"]').click();
    await user.locator('[data-testid="real-submit"]').waitFor();
    await user.locator('[data-testid="real-submit"]').click();
    await user.getByText(zh.identity.validation.nameRequired).waitFor();
    await user.getByText(zh.identity.validation.frontRequired).waitFor();
    await shot(user, 'real-form-validation', { fullPage: true });
    await user.locator('[data-testid="real-idtype-passport"]').click();
    await fill(user, 'real-name', 'Demo Trader');
    await fill(user, 'real-card-id', 'E12345678');
    await user.locator('[data-testid="real-front-file"]').setInputFiles(photoPng);
    await user.locator('[data-testid="real-back-file"]').setInputFiles(photoPng);
    await user.waitForFunction(() => document.querySelectorAll('.funds-upload.has-value img').length === 2);
    await shot(user, 'real-form', { fullPage: true });
    await user.locator('[data-testid="real-submit"]').click();
    await user.waitForFunction(() => document.querySelector('[data-testid="real-level-1"]')?.getAttribute('data-state') === '1');
    await shot(user, 'real-verifying');
  });

  await step('the admin approves the verification; the user is verified', async () => {
    const real = await apiAs(user, '/real/state');
    check(real.level1.state === 1, 'level 1 is verifying');
    await admin.goto(app('/pages/admin/index?tab=verifications'));
    const item = admin.locator('[data-testid="admin-item-verifications"]').first();
    await item.waitFor();
    await item.locator('.admin-picture img').first().waitFor();
    await shot(admin, 'admin-verifications');
    const id = await item.getAttribute('data-id');
    await review('verifications', id, 'approve', undefined, ['demo@bourse.local']);
    await user.reload();
    await user.waitForFunction(() => document.querySelector('[data-testid="real-level-1"]')?.getAttribute('data-state') === '2');
    await shot(user, 'real-verified');
  });

  await step('set the payment password and save a withdrawal address', async () => {
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-destination"] button').first().waitFor();
    if (!(await apiAs(user, '/user/info')).has_pay_password) {
      await user.locator('[data-testid="withdraw-set-pay"]').click();
      await waitForRoute(user, '/pages/setting/payPassword');
      const sentAt = Date.now() - 1000;
      await user.locator('[data-testid="send-code"]').click();
      await expectToast(user, zh.auth.codeSent);
      await fill(user, 'password-code', await readCode(DEMO.email, sentAt));
      await fill(user, 'password-new', '246810');
      await fill(user, 'password-confirm', '246810');
      await user.locator('[data-testid="password-submit"]').click();
      await waitForRoute(user, '/pages/fund/withdraw');
    }
    await user.locator('[data-testid="withdraw-no-address"] button, [data-testid="withdraw-destination"] .funds-link-button').first().click();
    await waitForRoute(user, '/pages/setting/addWallet');
    await user.locator('[data-testid="addwallet-submit"]').click();
    await user.getByText(zh.identity.validation.qrRequired).waitFor();
    await shot(user, 'wallet-add-validation', { fullPage: true });
    await fill(user, 'addwallet-name', 'Cold wallet');
    await fill(user, 'addwallet-address', 'TQ9fW3mYbourseE2eWithdrawAddr01');
    await user.locator('[data-testid="addwallet-qr-file"]').setInputFiles(photoPng);
    await user.waitForFunction(() => Boolean(document.querySelector('[data-testid="addwallet-qr"] img')));
    await shot(user, 'wallet-add', { fullPage: true });
    await user.locator('[data-testid="addwallet-submit"]').click();
    await waitForRoute(user, '/pages/fund/withdraw');
  });

  await step('withdraw 20 USDT to the saved address, then cancel it', async () => {
    await user.locator('[data-testid^="withdraw-address-"]').first().waitFor();
    await fill(user, 'withdraw-amount', '20');
    await fill(user, 'withdraw-pay-password', '246810');
    await user
      .waitForFunction(() => /^19(\.0+)?USDT$/.test((document.querySelector('[data-testid="withdraw-receive"]')?.textContent ?? '').replace(/[,\s]/g, '')))
      .catch(async () => {
        throw new Error(`assertion failed: receive = 20 − 1 = 19 USDT (got ${await user.locator('[data-testid="withdraw-receive"]').innerText()})`);
      });
    await shot(user, 'withdraw', { fullPage: true });
    await user.locator('[data-testid="withdraw-submit"]').click();
    await waitForRoute(user, '/pages/fund/withdraw_record');
    const item = user.locator('[data-testid="withdraw-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '0', 'the withdrawal waits for review');
    await shot(user, 'withdraw-records');
    await item.locator('[data-testid="withdraw-cancel"]').click();
    await confirmDialog(user);
    await user.waitForFunction(() => document.querySelector('[data-testid="withdraw-item"]')?.getAttribute('data-state') === '3');
    await shot(user, 'withdraw-cancelled');
  });

  await step('the bank card tab asks for a card; save both cards', async () => {
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-type-1"]').click();
    await user.locator('[data-testid="withdraw-no-card"]').waitFor();
    await shot(user, 'withdraw-bank-missing');
    const values = {
      real_name: 'Demo Trader',
      bank_account: '6222020200112233445',
      bank_name: 'Bourse Bank',
      bank_network: 'Central branch',
      bank_dizhi: 'Shanghai',
      alipay_account: '021000021',
      swift_code: 'BOURCNSH',
      wechat_nickname: 'BOURCNSHXXX',
      phone: '+86 138 0013 8000',
      wechat_account: '1 Century Avenue, Shanghai',
    };
    for (const route of ['/pages/setting/bank', '/pages/setting/bank_international']) {
      await user.goto(app(route));
      await user.locator('[data-testid="bank-none"]').waitFor();
      await user.locator('[data-testid="bank-submit"]').click();
      await user.getByText(zh.identity.validation.fieldRequired).first().waitFor();
      for (const [name, value] of Object.entries(values)) await fill(user, `bank-${name}`, value);
      // The form checks a field when it loses focus: leave the last one as a
      // person would, and see every message from the empty submit go.
      await user.locator('[data-testid="bank-wechat_account"] input').blur();
      await user.locator('.adm-form-item-feedback-error').first().waitFor({ state: 'detached' });
      await user.locator('[data-testid="bank-submit"]').click();
      await user.locator('[data-testid="bank-saved"]').waitFor().catch(async (e) => {
        const fields = await user.locator('.adm-form-item-feedback-error').allInnerTexts();
        const toasts = await user.locator('.adm-toast-main').allInnerTexts();
        throw new Error(`the card was not saved: field errors ${JSON.stringify(fields)}, toasts ${JSON.stringify(toasts)} (${e.message.split('\n')[0]})`);
      });
      await shot(user, route.endsWith('international') ? 'bank-international' : 'bank', { fullPage: true });
    }
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-type-2"]').click();
    await user.locator('[data-testid="withdraw-card"]').waitFor();
    await shot(user, 'withdraw-international');
  });

  await step('saved addresses are listed in Settings', async () => {
    await user.goto(app('/pages/setting/setting'));
    await user.locator('[data-testid="to-wallet"]').click();
    await waitForRoute(user, '/pages/setting/wallet');
    await user.locator('[data-testid="wallet-item"]').first().waitFor();
    await shot(user, 'wallet');
  });

  await step('a deposit rejected with a reason shows the reason', async () => {
    await user.goto(app('/pages/fund/receive?currency=1'));
    await user.waitForFunction(() => (document.querySelector('[data-testid="receive-address"]')?.textContent || '').length > 10);
    await fill(user, 'receive-amount', '0.01');
    await user.locator('[data-testid="receive-voucher-file"]').setInputFiles(voucherPng);
    await user.waitForFunction(() => Boolean(document.querySelector('[data-testid="receive-voucher"] img')));
    await user.locator('[data-testid="receive-submit"]').click();
    await waitForRoute(user, '/pages/fund/receive_record');
    const log = await apiAs(user, '/recharge/log');
    const id = log.data[0].id;
    await review('deposits', id, 'reject', '');
    await shot(admin, 'admin-reject-reason-required', { keepToast: true });
    await admin.locator('[data-testid="admin-reject-dialog"] textarea').fill('Voucher does not match the amount');
    await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
    await decided('deposits', id, 2);
    await user.reload();
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '2', 'the deposit is rejected');
    check((await item.innerText()).includes('Voucher does not match the amount'), 'the reason is shown');
    await shot(user, 'deposit-rejected');
  });

  await step('the admin audit balances; addresses and health are listed', async () => {
    await admin.goto(app('/pages/admin/index?tab=audit'));
    await expectAmount(admin, '[data-testid="admin-audit-verdict"]', plain(zh.admin.audit.ok), 'the audit verdict');
    await shot(admin, 'admin-audit');
    await admin.goto(app('/pages/admin/index?tab=addresses'));
    await admin.locator('[data-testid="admin-addresses"] .funds-item').first().waitFor();
    await admin.locator('[data-testid="admin-address-demo"]').first().waitFor();
    await shot(admin, 'admin-addresses');
    await admin.locator('[data-testid="admin-addresses"] .funds-item .icon-button').first().click();
    await admin.locator('[data-testid="admin-address-editor"]').waitFor();
    await shot(admin, 'admin-address-edit');
    // The accounts, newest first: the demo user and the admin were made before
    // the demo traders and the platform's accounts, so they are further down,
    // on a page the list loads as the admin scrolls.
    await admin.goto(app('/pages/admin/index?tab=users'));
    const userRow = (account) => admin.locator(`[data-testid="admin-user"][data-account="${account}"]`);
    await scrollListTo(admin, '[data-testid="admin-user"]', userRow(DEMO.email));
    await userRow(DEMO.email).locator('[data-testid="admin-user-demo"]').waitFor();
    await scrollListTo(admin, '[data-testid="admin-user"]', userRow(ADMIN_EMAIL));
    check((await userRow(ADMIN_EMAIL).locator('[data-testid="admin-user-demo"]').count()) === 0, 'the admin account carries no demo tag');
    await admin.locator('[data-testid="admin-user"]').first().scrollIntoViewIfNeeded();
    await shot(admin, 'admin-users');
    // The demo traders report with the other actors, their counts named.
    await admin.goto(app('/pages/admin/index?tab=health'));
    const traders = admin.locator('[data-testid="admin-actor"][data-name="demo-traders"]');
    await traders.locator('[data-testid="admin-actor-demo"]').waitFor();
    const accounts = traders.locator('.admin-stats span', { hasText: zh.admin.health.fields.accounts });
    await accounts.waitFor();
    // The e2e server runs the default config: 4 demo traders.
    const label = zh.admin.health.fields.accounts;
    check(plain(await accounts.innerText()) === `${label}4`, `the demo traders count 4 accounts (got "${await accounts.innerText()}")`);
    await traders.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-health');
    await admin.goto(app('/pages/admin/index?tab=withdrawals'));
    await admin.locator('[data-testid="admin-filter-all"]').click();
    await admin.locator('[data-testid="admin-item-withdrawals"]').first().waitFor();
    await shot(admin, 'admin-withdrawals');
  });

  await step('Home shows the total from the wallet and the funds entries work', async () => {
    await user.goto(app('/pages/index/index'));
    await closePopNotice(user);
    const total = await textOf(user, '[data-testid="total-assets"]');
    check(/[1-9]/.test(total), `Home total is not zero (got "${total}")`);
    await shot(user, 'home');
    await user.locator('[data-key="exchange"]').click();
    await waitForRoute(user, '/pages/fund/transfer');
    await user.goBack();
    await user.locator('[data-key="bills"]').click();
    await waitForRoute(user, '/pages/fund/assets_all_record');
    await user.goBack();
    await user.locator('[data-testid="home-deposit"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.goto(app('/pages/setting/setting'));
    await user.locator('[data-testid="to-real"]').waitFor();
    await shot(user, 'setting');
  });

  await step('the totals follow the fiat chosen in Settings (CNY)', async () => {
    await user.evaluate(() =>
      localStorage.setItem('fiat', JSON.stringify({ currency_code: 'CNY', symbol: '¥', rate: '7.12', saveTime: Date.now() })),
    );
    await user.goto(app('/pages/fund/assets'));
    await user.reload();
    const usdt = plain(await textOf(user, '[data-testid="assets-total-usdt"]')).replace('USDT', '');
    const fiat = await textOf(user, '[data-testid="assets-total"]');
    check(fiat.includes('¥') && fiat.includes('CNY'), `the fiat total is in CNY (got "${fiat}")`);
    const value = Number(plain(fiat).replace(/[^\d.]/g, ''));
    const rate = (await apiAs(user, '/wallet/getRateCurrency')).find((r) => r.currency_code === 'CNY').rate;
    check(Math.abs(value - Number(usdt) * Number(rate)) < Number(usdt) * Number(rate) * 0.01, `CNY total ≈ USDT total × ${rate} (${value} vs ${usdt})`);
    await shot(user, 'assets-cny');
    await user.goto(app('/pages/index/index'));
    await closePopNotice(user);
    const home = await textOf(user, '[data-testid="total-assets"]');
    check(home.includes('¥'), `Home shows the CNY total (got "${home}")`);
    await user.evaluate(() => localStorage.removeItem('fiat'));
  });

  await step('a funds page opened without its coin offers the coins, and the one picked replaces it', async () => {
    const coins = await (await fetch(`${BASE}/api/currency/user_currency_list`)).json();
    const usdt = coins.message.find((c) => c.name === 'USDT');
    const pages = [
      ['receive', '/pages/fund/receive', '[data-testid="receive-networks"]', ''],
      ['withdraw', '/pages/fund/withdraw', '[data-testid="withdraw-destination"]', ''],
      // The account asked for is kept: the futures account here.
      ['records', '/pages/fund/assets_record', '[data-testid="coin-detail"]', '?type=3'],
    ];
    for (const [name, route, landed, query] of pages) {
      // Opened from Assets, so that back shows where the choice went.
      await assetsTab(user, 'crypto');
      await user.goto(app(`${route}${query}`));
      const picker = user.locator('[data-testid="coin-picker"]');
      await picker.locator('[data-testid="pick-USDT"]').waitFor();
      check((await user.getByText(zh.common.loadFailed).count()) === 0, `${route} without a coin does not say it failed to load`);
      check((await user.getByText(zh.fund.coinUnavailable).count()) === 0, `${route} without a coin does not say the coin is not available`);
      await shot(user, `picker-${name}`);
      if (name === 'receive') {
        // Searchable: a name narrows the list, a name of nothing says so.
        await picker.locator('input').fill('btc');
        await user.waitForFunction(() => [...document.querySelectorAll('[data-testid^="pick-"]:not([data-testid="pick-list"])')].map((b) => b.dataset.testid).join() === 'pick-BTC');
        await picker.locator('input').fill('zzz');
        await picker.getByText(zh.fund.select.none).waitFor();
        await picker.locator('input').fill('');
      }
      await picker.locator('[data-testid="pick-USDT"]').click();
      await user.waitForFunction(
        ([r, id]) => {
          const [path, q = ''] = location.hash.replace(/^#/, '').split('?');
          return path === r && new URLSearchParams(q).get('currency') === String(id);
        },
        [route, usdt.id],
      );
      await user.locator(landed).waitFor();
      if (name === 'records') {
        const detail = await user.locator(landed).innerText();
        check(detail.includes('USDT') && detail.includes(zh.fund.accounts.lever), `USDT of the futures account is shown (got "${detail}")`);
      }
      // The picked page replaced the choice: back goes to Assets, not to the list again.
      await user.goBack();
      await waitForRoute(user, '/pages/fund/assets');
    }
  });

  await step('English screens', async () => {
    for (const p of [user, admin]) await setLang(p, 'en');
    const screens = [
      ['assets', '/pages/fund/assets', '[data-testid="assets-list"]'],
      ['deposit-select', '/pages/fund/select?action=recharge', '[data-testid="select-USDT"]'],
      ['deposit-address', '/pages/fund/receive?currency=3', '[data-testid="funds-qr"] img'],
      ['withdraw', '/pages/fund/withdraw?currency=3', '[data-testid^="withdraw-address-"]'],
      ['transfer', '/pages/fund/fundTransfer', '[data-testid="transfer-from-value"]'],
      ['convert', '/pages/fund/transfer', '[data-testid="convert-quote"]'],
      ['records', '/pages/fund/assets_all_record', '[data-testid="ledger-row"]'],
      ['deposit-records', '/pages/fund/receive_record', '[data-testid="deposit-item"]'],
      ['withdraw-records', '/pages/fund/withdraw_record', '[data-testid="withdraw-item"]'],
      ['real', '/pages/setting/real', '[data-testid="real-level-2"]'],
      ['real-level2-form', '/pages/setting/real?form=2', '[data-testid="real-submit"]'],
      ['real-mark', '/pages/setting/real_mark', '[data-testid="real-mark"]'],
      ['wallet', '/pages/setting/wallet', '[data-testid="wallet-item"]'],
      ['bank', '/pages/setting/bank', '[data-testid="bank-saved"]'],
      ['setting', '/pages/setting/setting', '[data-testid="to-real"]'],
    ];
    for (const [name, route, ready] of screens) {
      await user.goto(app(route));
      await user.locator(ready).first().waitFor();
      await shot(user, `en-${name}`);
    }
    for (const tab of ['deposits', 'verifications', 'audit', 'health']) {
      await admin.goto(app(`/pages/admin/index?tab=${tab}`));
      await admin.locator('[data-testid="admin-filter-all"], [data-testid="admin-audit"], [data-testid="admin-health"]').first().waitFor();
      if (tab === 'deposits' || tab === 'verifications') {
        await admin.locator('[data-testid="admin-filter-all"]').click();
        await admin.locator(`[data-testid="admin-item-${tab}"]`).first().waitFor();
      }
      await shot(admin, `en-admin-${tab}`);
    }
  });

  await step('no screen overflows in any of the nine languages', async () => {
    const routes = [
      ['/pages/fund/assets', '[data-testid="assets-list"]'],
      ['/pages/fund/withdraw?currency=3', '[data-testid^="withdraw-address-"]'],
      ['/pages/fund/fundTransfer', '[data-testid="transfer-from-value"]'],
      ['/pages/fund/transfer', '[data-testid="convert-quote"]'],
      ['/pages/fund/receive?currency=3', '[data-testid="funds-qr"] img'],
      ['/pages/setting/real', '[data-testid="real-level-2"]'],
      ['/pages/setting/real_mark', '[data-testid="real-mark"]'],
      ['/pages/setting/bank_international', '[data-testid="bank-saved"]'],
    ];
    for (const lang of LANGS) {
      await setLang(user, lang);
      for (const [route, ready] of routes) {
        await user.goto(app(route));
        await user.locator(ready).first().waitFor();
        await settle(user);
        await noOverflow(user, `${route} in ${lang}`);
      }
      await user.goto(app('/pages/fund/assets'));
      await user.locator('[data-testid="assets-list"]').waitFor();
      const label = (await user.locator('[data-testid="assets-tab-futures"]').innerText()).trim();
      const want = strings(lang).fund.tabs.futures;
      check(label === want, `the Assets tabs speak ${lang} ("${want}", got "${label}")`);
      await settle(user);
      await user.screenshot({ path: join(ARTIFACTS, `funds-lang-${lang}-assets.png`) });
      await user.goto(app('/pages/fund/withdraw?currency=3'));
      await user.locator('[data-testid^="withdraw-address-"]').first().waitFor();
      await settle(user);
      await user.screenshot({ path: join(ARTIFACTS, `funds-lang-${lang}-withdraw.png`) });
      await setLang(admin, lang);
      await admin.goto(app('/pages/admin/index?tab=deposits'));
      await admin.locator('[data-testid="admin-filter-all"]').waitFor();
      await noOverflow(admin, `admin in ${lang}`);
    }
  });

  check(pageErrors.length === 0, `no uncaught page errors (${pageErrors.join(' | ')})`);
} catch (e) {
  if (failed === 0) {
    failed += 1;
    console.error(`FAIL ${e.message}`);
  }
  for (const [name, p] of [
    ['user', user],
    ['admin', admin],
  ]) {
    try {
      await p.screenshot({ path: join(ARTIFACTS, `funds-failure-${name}.png`) });
      console.error(`${name} at ${routeOf(p)}; screenshot ${join(ARTIFACTS, `funds-failure-${name}.png`)}`);
    } catch {
      // browser gone
    }
  }
} finally {
  await browser.close();
}

console.log(`${passed} passed, ${failed} failed`);
console.log(`screenshots in ${ARTIFACTS}`);
process.exit(failed === 0 ? 0 : 1);
