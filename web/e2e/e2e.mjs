// End-to-end flow of the H5 app in a real browser against the real server.
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=../artifacts/screenshots] node e2e/e2e.mjs
//
// The server must serve the built app at /h5/ and the API at /api, with the dev
// outbox enabled (GET /api/dev/outbox) so the e-mail code can be read.
// Screenshots of every screen visited are written to ARTIFACTS_DIR.
import { app, check, run, step } from './lib/harness.mjs';
import { apiPostAs, readCode, RESEND_MS } from './lib/api.mjs';
import { DEMO, closePopNotice, fill, login, shot as shotOf, strings, waitForRoute as routeIs, zh } from './lib/funds.mjs';
import { expectPage as expectOn, expectToast as toastOn } from './lib/page.mjs';

const en = strings('en');

let page;
const expectPage = (fn, arg, message, show) => expectOn(page, fn, arg, message, show);
const expectToast = (text) => toastOn(page, text);
const shot = (name, options) => shotOf(page, name, { prefix: '', ...options });
const waitForRoute = (route) => routeIs(page, route);
const fillInput = (testId, value) => fill(page, testId, value);
/** A POST of the API with the page's token. */
const api = (path, { params = {} } = {}) => apiPostAs(page, path, params);

const email = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
const password = `E2e-${Math.random().toString(36).slice(2, 10)}`;
const nickname = `Tester${Math.floor(1000 + Math.random() * 9000)}`;
const mobile = `7700${Math.floor(100000 + Math.random() * 899999)}`;
const newPassword = `${password}N`;
let emailCodeSentAt = 0;

await run('e2e', async (open, browser) => {
  page = await open('main');

  await step('visitor opening Assets is told to log in and lands on login', async () => {
    await page.goto(app('/pages/fund/assets'));
    await expectToast(zh.common.loginFirst);
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
    await expectPage(
      () => document.querySelector('[data-testid="area-code"]')?.textContent?.trim() === '+44',
      null,
      'the chosen calling code +44 is shown',
      () => document.querySelector('[data-testid="area-code"]')?.textContent ?? '(missing)',
    );
    const kept = await page.locator('[data-testid="register-account"] input').inputValue();
    check(kept === '7700900123', 'the typed number is kept');
    await page.locator('.auth-tabs .adm-tabs-tab', { hasText: zh.auth.byEmail }).click();
  });

  await step('register a fresh e-mail account with the code from the outbox', async () => {
    await fillInput('register-account', email);
    const sentAt = Date.now() - 1000;
    await page.locator('[data-testid="send-code"]').click();
    await expectToast(zh.auth.codeSent);
    emailCodeSentAt = Date.now();
    const code = await readCode(email, sentAt);
    check(/^\d{6}$/.test(code), 'the code has 6 digits');
    await fillInput('register-code', code);
    await fillInput('register-password', password);
    await fillInput('register-confirm', password);
    await shot('register');
    await page.locator('[data-testid="register-submit"]').click();
  });

  await step('registering signs the new account in and comes back to Assets', async () => {
    await expectToast(zh.auth.registerSuccess);
    await waitForRoute('/pages/fund/assets');
    await expectPage(
      () => /0\.00/.test(document.querySelector('[data-testid="assets-total"]')?.textContent ?? ''),
      null,
      'assets total shows 0.00',
      () => document.querySelector('[data-testid="assets-total"]')?.textContent ?? '(missing)',
    );
    await shot('assets');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    check(Boolean(token), 'the token is stored on the device');
  });

  await step('Home shows assets, banners, notices and the quick entries', async () => {
    await page.goto(app('/pages/index/index'));
    await page.locator('[data-testid="home"]').waitFor();
    await closePopNotice(page);
    await page.locator('[data-testid="quick-grid"] .quick-item').first().waitFor();
    const entries = await page.locator('[data-testid="quick-grid"] .quick-item').count();
    check(entries === 22, `22 quick entries (got ${entries})`);
    await page.locator('[data-testid="banner"] img').first().waitFor();
    await page.locator('[data-testid="notice-list"] li').first().waitFor();
    await page.locator('[data-testid="home-bell"]').waitFor();
    await shot('home');
  });

  await step('a quick entry that is not built answers "function under development"; Futures opens contracts', async () => {
    await page.locator('[data-key="game"]').click();
    await expectToast(zh.common.underDevelopment);
    await page.locator('[data-key="futures"]').click();
    await waitForRoute('/pages/transaction/contract');
    await page.goto(app('/pages/index/index'));
    await page.locator('[data-testid="home"]').waitFor();
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
    await expectPage(
      () => (document.querySelector('[data-testid="security-email"]')?.textContent ?? '').includes('***@example.com'),
      null,
      'the e-mail is shown masked',
      () => document.querySelector('[data-testid="security-email"]')?.textContent ?? '(missing)',
    );
    await shot('security');
  });

  await step('bind a mobile number with a code sent to it', async () => {
    await page.locator('[data-testid="security-phone"]').click();
    await waitForRoute('/pages/setting/bindPhone');
    const area = (await page.locator('[data-testid="area-code"]').innerText()).trim().replace('+', '');
    await fillInput('bind-mobile', mobile);
    const sentAt = Date.now() - 1000;
    await page.locator('[data-testid="send-code"]').click();
    await expectToast(zh.auth.codeSent);
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

  await step('the welcome message is unread; opening it marks it read', async () => {
    // Registering sent the new account its welcome notification.
    const unreadBefore = await api('/feedback/list', { params: { is_red: 0, page: 1, limit: 20 } });
    check(unreadBefore.total >= 1, `registration left an unread notification (got ${unreadBefore.total})`);
    const welcome = unreadBefore.data[0];
    await page.locator('[data-testid="to-message"]').click();
    await waitForRoute('/pages/setting/message');
    const unread = page.locator('.message-item.unread', { hasText: welcome.title });
    await unread.waitFor();
    await shot('message');
    await unread.click();
    const detail = page.locator('[data-testid="message-detail"]');
    await detail.waitFor();
    check((await detail.locator('h2').innerText()).trim() === welcome.title.trim(), `the detail shows "${welcome.title}"`);
    await shot('message-detail');
    await page.locator('.adm-popup-close-icon').click();
    await detail.waitFor({ state: 'detached' });
    await page.locator('.message-item:not(.unread)', { hasText: welcome.title }).waitFor();
    const after = await api('/feedback/list', { params: { page: 1, limit: 100 } });
    const row = after.data.find((n) => n.id === welcome.id);
    check(row?.is_red === 1, `the server has the message read (got ${JSON.stringify(row)})`);
    const unreadAfter = await api('/feedback/list', { params: { is_red: 0, page: 1, limit: 20 } });
    check(unreadAfter.total === unreadBefore.total - 1, `one unread fewer (${unreadBefore.total} → ${unreadAfter.total})`);
    await page.goBack();
    await waitForRoute('/pages/setting/setting');
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
    // The server's resend gap for this address is a real wait, not a guess: it
    // is its configured length, and `make test-e2e` configures it short.
    const gap = emailCodeSentAt + RESEND_MS + 1000 - Date.now();
    if (gap > 0) await page.waitForTimeout(gap);
    const sentAt = Date.now() - 1000;
    await page.locator('[data-testid="send-code"]').click();
    await expectToast(zh.auth.codeSent);
    await fillInput('password-code', await readCode(email, sentAt));
    await fillInput('password-new', newPassword);
    await fillInput('password-confirm', newPassword);
    await page.locator('[data-testid="password-submit"]').click();
    await waitForRoute('/pages/common/login');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    check(!token, 'changing the password signs the user out');
    await login(page, email, newPassword, { open: false });
    await page.goto(app('/pages/setting/setting'));
    await page.locator('[data-testid="profile-card"]').waitFor();
  });

  await step('switch the language to English', async () => {
    await waitForRoute('/pages/setting/setting');
    await page.locator('[data-testid="to-language"]').click();
    await page.locator('[data-testid="lang-option-zh"][aria-selected="true"]').waitFor();
    await shot('setting-language-list');
    // One tap on a row chooses it; the list closes.
    await page.locator('[data-testid="lang-option-en"]').click();
    await page.locator('[data-testid="lang-list"]').waitFor({ state: 'hidden' });
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
    await closePopNotice(page);
    const label = await page.locator('[data-testid="home-login"]').innerText();
    check(label.trim() === en.auth.login, `home offers "${en.auth.login}" (got "${label}")`);
    await shot('home-visitor-en');
  });

  await step('log in as the demo user', async () => {
    await login(page, DEMO.email, DEMO.password);
    await page.locator('[data-testid="home-bell"]').waitFor();
    await page.goto(app('/pages/setting/setting'));
    await page.locator('[data-testid="profile-card"]').waitFor();
    await shot('setting-demo');
  });

  await step('a first visit from an English browser opens in English and remembers it; the page comes in the chosen language', async () => {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const fresh = await visitor.newPage();
    await fresh.goto(app('/pages/index/index'));
    await fresh.locator('[data-testid="home"]').waitFor();
    await fresh.waitForFunction((label) => [...document.querySelectorAll('a, button, span')].some((e) => e.textContent === label), en.tabs.market);
    check((await fresh.evaluate(() => localStorage.getItem('lang'))) === 'en', 'the first visit stored English on the device');
    check((await fresh.evaluate(() => document.documentElement.lang)).startsWith('en'), 'the document is in English');
    // The page as the server sends it, before any script: in the language the
    // device keeps (the app's cookie), not the browser's, and described in it.
    await fresh.evaluate(() => localStorage.setItem('lang', 'fra'));
    await fresh.reload();
    await fresh.waitForFunction(() => document.cookie.includes('lang=fra'));
    const html = await (await fresh.reload()).text();
    check(html.includes('<html lang="fr-FR"'), `the page comes as French from its first byte (${html.slice(0, 80)})`);
    check(/<meta name="description" content="Bourse : tradez/.test(html), 'it carries a French description');
    await visitor.close();
  });
}, { admin: false, failureShot: () => 'failure' });
