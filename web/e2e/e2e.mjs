// End-to-end flow of the H5 app in a real browser against the real server.
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=../artifacts/screenshots] node e2e/e2e.mjs
//
// The server must serve the built app at /h5/ and the API at /api, with the dev
// outbox enabled (GET /api/dev/outbox) so the e-mail code can be read.
// Screenshots of every screen visited are written to ARTIFACTS_DIR.
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

const zh = JSON.parse(readFileSync(join(here, '..', 'src', 'locales', 'zh.json'), 'utf8'));
const en = JSON.parse(readFileSync(join(here, '..', 'src', 'locales', 'en.json'), 'utf8'));

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
const hashPath = () => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

async function shot(name, { keepToast = false } = {}) {
  if (!keepToast) await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  check(!overflow, `no horizontal overflow on ${name}`);
}

async function waitForRoute(route) {
  await page.waitForFunction((r) => location.hash.replace(/^#/, '').split('?')[0] === r, route, { timeout: STEP_TIMEOUT });
}

async function toastText() {
  const toast = page.locator('.adm-toast-main').last();
  await toast.waitFor({ state: 'visible' });
  return (await toast.innerText()).trim();
}

/** The pop-up notice shows once per notice: close it when it is there. */
async function closePopNotice() {
  const pop = page.locator('[data-testid="pop-notice"]');
  try {
    await pop.waitFor({ state: 'visible', timeout: 2500 });
  } catch {
    return;
  }
  await page.locator('.adm-modal-footer .adm-button').first().click();
  await pop.waitFor({ state: 'hidden' });
}

async function fillInput(testId, value) {
  const input = page.locator(`[data-testid="${testId}"] input`).first();
  await input.fill(value);
}

async function readCode(address, notBefore = 0) {
  for (let i = 0; i < 20; i += 1) {
    const res = await fetch(`${BASE}/api/dev/outbox?to=${encodeURIComponent(address)}`);
    const body = await res.json();
    const newest = Array.isArray(body.message) ? body.message[0] : null;
    if (newest?.code && (!notBefore || Number(newest.sent_at) >= notBefore)) return String(newest.code);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the dev outbox for ${address}`);
}

const email = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
const password = `E2e-${Math.random().toString(36).slice(2, 10)}`;
const nickname = `Tester${Math.floor(1000 + Math.random() * 9000)}`;
const mobile = `7700${Math.floor(100000 + Math.random() * 899999)}`;
const newPassword = `${password}N`;
/** The server sends one code per address per 60 s. */
let emailCodeSentAt = 0;

try {
  await step('visitor opening Assets is told to log in and lands on login', async () => {
    await page.goto(app('/pages/fund/assets'));
    const text = await toastText();
    check(text === zh.common.loginFirst, `toast says "${zh.common.loginFirst}" (got "${text}")`);
    await shot('assets-visitor-toast', { keepToast: true });
    await waitForRoute('/pages/common/login');
    check(page.url().includes('redirect='), 'login page remembers where the visitor came from');
    await page.locator('[data-testid="login-account"] input').waitFor();
    await shot('login');
  });

  await step('login form validates before calling the server', async () => {
    await fillInput('login-account', 'demo@bourse.local');
    await fillInput('login-password', '123');
    await page.locator('[data-testid="login-submit"]').click();
    await page.getByText(zh.validation.password).waitFor();
  });

  await step('the area-code page returns its choice to the mobile form', async () => {
    await page.locator('[data-testid="to-register"]').click();
    await waitForRoute('/pages/common/register');
    await page.locator('.auth-tabs .adm-tabs-tab', { hasText: zh.auth.byMobile }).click();
    await fillInput('register-account', '7700900123');
    await page.locator('[data-testid="area-code"]').click();
    await waitForRoute('/pages/common/area');
    await page.locator('.adm-list-item', { hasText: zh.country.GB }).click();
    await waitForRoute('/pages/common/register');
    const code = (await page.locator('[data-testid="area-code"]').innerText()).trim();
    check(code === '+44', `the chosen calling code is shown (got "${code}")`);
    const kept = await page.locator('[data-testid="register-account"] input').inputValue();
    check(kept === '7700900123', 'the typed number is kept');
    await page.locator('.auth-tabs .adm-tabs-tab', { hasText: zh.auth.byEmail }).click();
  });

  await step('register a fresh e-mail account with the code from the outbox', async () => {
    await fillInput('register-account', email);
    await page.locator('[data-testid="send-code"]').click();
    const sent = await toastText();
    check(sent.length > 0, 'a "code sent" toast appears');
    emailCodeSentAt = Date.now();
    const code = await readCode(email);
    check(/^\d{6}$/.test(code), 'the code has 6 digits');
    await fillInput('register-code', code);
    await fillInput('register-password', password);
    await fillInput('register-confirm', password);
    await shot('register');
    await page.locator('[data-testid="register-submit"]').click();
    await waitForRoute('/pages/common/login');
    const prefilled = await page.locator('[data-testid="login-account"] input').inputValue();
    check(prefilled === email, 'login is prefilled with the new account');
  });

  await step('log in with the new account and come back to Assets', async () => {
    await fillInput('login-password', password);
    await page.locator('[data-testid="login-submit"]').click();
    await waitForRoute('/pages/fund/assets');
    const total = await page.locator('[data-testid="assets-total"]').innerText();
    check(/0\.00/.test(total), `assets total shows 0.00 (got "${total}")`);
    await shot('assets');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    check(Boolean(token), 'the token is stored on the device');
  });

  await step('Home shows assets, banners, notices and the quick entries', async () => {
    await page.goto(app('/pages/index/index'));
    await page.locator('[data-testid="home"]').waitFor();
    await closePopNotice();
    await page.locator('[data-testid="quick-grid"] .quick-item').first().waitFor();
    const entries = await page.locator('[data-testid="quick-grid"] .quick-item').count();
    check(entries === 22, `22 quick entries (got ${entries})`);
    await page.locator('[data-testid="banner"] img').first().waitFor();
    await page.locator('[data-testid="notice-list"] li').first().waitFor();
    await page.locator('[data-testid="home-bell"]').waitFor();
    await shot('home');
  });

  await step('a quick entry that is not built answers "function under development"', async () => {
    await page.locator('[data-key="futures"]').click();
    const text = await toastText();
    check(text === zh.common.underDevelopment, `toast "${zh.common.underDevelopment}" (got "${text}")`);
  });

  await step('a notice opens its article', async () => {
    await page.locator('[data-testid="notice-list"] li button').first().click();
    await waitForRoute('/pages/common/article');
    await page.locator('[data-testid="article"] h1').waitFor();
    await shot('article');
  });

  await step('Market tab lists live markets', async () => {
    await page.goto(app('/pages/market/market'));
    await page.locator('[data-testid="market-page"]').waitFor();
    await page.locator('[data-testid="market-row"]').first().waitFor();
    const rows = await page.locator('[data-testid="market-row"]').count();
    check(rows > 0, `the market tab lists markets (got ${rows})`);
    await shot('market');
  });

  await step('change the nickname on the profile page', async () => {
    await page.goto(app('/pages/setting/setting'));
    await page.locator('[data-testid="profile-card"]').click();
    await waitForRoute('/pages/setting/userInfo');
    await fillInput('nickname-input', nickname);
    await page.locator('[data-testid="profile-save"]').click();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="userinfo-nickname"]')?.textContent === n,
      nickname,
    );
    await shot('userInfo');
  });

  await step('upload a profile picture', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('[data-testid="avatar-file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction(() =>
      (document.querySelector('[data-testid="avatar-edit"] img')?.getAttribute('src') || '').startsWith('/uploads/'),
    );
  });

  await step('settings show the new nickname', async () => {
    await page.goBack();
    await waitForRoute('/pages/setting/setting');
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="profile-name"]')?.textContent === n,
      nickname,
    );
    await shot('setting');
  });

  await step('security shows the bound e-mail masked', async () => {
    await page.locator('[data-testid="to-security"]').click();
    await waitForRoute('/pages/setting/security');
    const emailRow = await page.locator('[data-testid="security-email"]').innerText();
    check(emailRow.includes('***@example.com'), `e-mail is masked (got "${emailRow}")`);
    await shot('security');
  });

  await step('bind a mobile number with a code sent to it', async () => {
    await page.locator('[data-testid="security-phone"]').click();
    await waitForRoute('/pages/setting/bindPhone');
    const area = (await page.locator('[data-testid="area-code"]').innerText()).trim().replace('+', '');
    await fillInput('bind-mobile', mobile);
    const sentAt = Date.now() - 1000;
    await page.locator('[data-testid="send-code"]').click();
    await fillInput('bind-code', await readCode(mobile, sentAt));
    await page.locator('[data-testid="bind-submit"]').click();
    await waitForRoute('/pages/setting/security');
    const expected = `+${area} ${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
    await page
      .waitForFunction((text) => (document.querySelector('[data-testid="security-phone"]')?.textContent || '').includes(text), expected)
      .catch(async () => {
        const row = await page.locator('[data-testid="security-phone"]').innerText();
        throw new Error(`phone row shows "${row}", expected "${expected}"`);
      });
    await page.goBack();
    await waitForRoute('/pages/setting/setting');
  });

  await step('messages page loads with its filters', async () => {
    await page.locator('[data-testid="to-message"]').click();
    await waitForRoute('/pages/setting/message');
    await page.locator('.paged-list').waitFor();
    await page.waitForFunction(() => !document.querySelector('.paged-list .adm-dot-loading'));
    await shot('message');
    const unread = page.locator('.message-item.unread').first();
    if (await unread.count()) {
      await unread.click();
      await page.locator('[data-testid="message-detail"]').waitFor();
      await shot('message-detail');
      await page.locator('.adm-popup-close-icon').click();
      await page.waitForFunction(() => !document.querySelector('.message-item.unread'));
    }
    await page.goBack();
  });

  await step('share page shows invite code, link and QR', async () => {
    await page.locator('[data-testid="to-share"]').click();
    await waitForRoute('/pages/setting/share');
    await page.locator('[data-testid="invite-qr"] img').waitFor();
    const code = (await page.locator('[data-testid="invite-code"]').innerText()).trim();
    const link = (await page.locator('[data-testid="invite-link"]').innerText()).trim();
    check(code.length > 0, 'an invite code is shown');
    check(link.startsWith('http') && link.endsWith(code), `the invite link ends with the code (got "${link}")`);
    await shot('share');
    await page.goBack();
  });

  await step('FAQ page lists questions', async () => {
    await page.locator('[data-testid="to-faq"]').click();
    await waitForRoute('/pages/common/faq');
    await page.locator('.faq .adm-collapse-panel-header').first().waitFor();
    await shot('faq');
    await page.goBack();
  });

  await step('change the login password with an e-mail code, then log in with it', async () => {
    await page.goto(app('/pages/setting/password'));
    await page.locator('[data-testid="password-submit"]').waitFor();
    await shot('password');
    const wait = emailCodeSentAt + 61_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    const sentAt = Date.now() - 1000;
    await page.locator('[data-testid="send-code"]').click();
    await fillInput('password-code', await readCode(email, sentAt));
    await fillInput('password-new', newPassword);
    await fillInput('password-confirm', newPassword);
    await page.locator('[data-testid="password-submit"]').click();
    await waitForRoute('/pages/common/login');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    check(!token, 'changing the password signs the user out');
    await fillInput('login-account', email);
    await fillInput('login-password', newPassword);
    await page.locator('[data-testid="login-submit"]').click();
    await waitForRoute('/pages/index/index');
    await page.goto(app('/pages/setting/setting'));
    await page.locator('[data-testid="profile-card"]').waitFor();
  });

  await step('switch the language to English', async () => {
    await waitForRoute('/pages/setting/setting');
    await page.locator('[data-testid="to-language"]').click();
    await page.locator('.adm-picker').waitFor();
    await page.locator('.adm-picker-view-column-item', { hasText: 'English' }).click();
    await page.waitForTimeout(400);
    await page.locator('.adm-picker-header-button').last().click();
    await page.waitForFunction(
      ([label, logout]) =>
        document.querySelector('[data-testid="to-language"] .adm-list-item-content-main')?.textContent === label &&
        document.querySelector('[data-testid="logout"]')?.textContent === logout,
      [en.setting.language, en.setting.logout],
    );
    const stored = await page.evaluate(() => localStorage.getItem('lang'));
    check(stored === 'en', 'the language is stored on the device');
    await shot('setting-en');
  });

  await step('log out and see the visitor state', async () => {
    await page.locator('[data-testid="logout"]').click();
    await page.locator('.adm-dialog-button-bold').click();
    await page.locator('[data-testid="visitor-card"]').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    check(!token, 'the token is cleared');
    await page.goto(app('/pages/index/index'));
    await page.locator('[data-testid="home-login"]').waitFor();
    await closePopNotice();
    const label = await page.locator('[data-testid="home-login"]').innerText();
    check(label.trim() === en.auth.login, `home offers "${en.auth.login}" (got "${label}")`);
    await shot('home-visitor-en');
  });

  await step('log in as the demo user', async () => {
    await page.goto(app('/pages/common/login'));
    await fillInput('login-account', 'demo@bourse.local');
    await fillInput('login-password', 'Demo123456');
    await page.locator('[data-testid="login-submit"]').click();
    await waitForRoute('/pages/index/index');
    await page.locator('[data-testid="home-bell"]').waitFor();
    await closePopNotice();
    await page.goto(app('/pages/setting/setting'));
    await page.locator('[data-testid="profile-card"]').waitFor();
    await shot('setting-demo');
  });

  check(pageErrors.length === 0, `no uncaught page errors (${pageErrors.join(' | ')})`);
} catch (e) {
  if (failed === 0) {
    failed += 1;
    console.error(`FAIL ${e.message}`);
  }
  try {
    await page.screenshot({ path: join(ARTIFACTS, 'failure.png') });
    console.error(`at ${hashPath()}; screenshot ${join(ARTIFACTS, 'failure.png')}`);
  } catch {
    // browser gone
  }
} finally {
  await browser.close();
}

console.log(`${passed} passed, ${failed} failed`);
console.log(`screenshots in ${ARTIFACTS}`);
process.exit(failed === 0 ? 0 : 1);
