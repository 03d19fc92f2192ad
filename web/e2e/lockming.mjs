// End-to-end flow of lock-up mining in a real browser against the real server,
// whose demo data seeds four products: "USDT 5-day lock" (0.30-0.40 % a day,
// 5 days, min 100 USDT, user cap 50 000, quota 1 000 000, early-redemption
// penalty 0.50 %), a BTC lock, a DeFi USDT product and a cloud USDT product.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/lockming.mjs
//
// A new user, funded with a 1000 USDT deposit the admin approves (through the
// API), signs in, opens the Lock tab (platform totals, the three kinds),
// goes to lock mining, opens the USDT product, sees the amount refused as a
// person types (below the minimum, too many decimals, over the per-user cap,
// over the spot balance), enters 100, sees the preview (income range and
// dates), confirms, and finds the order in progress; a visitor's list shows
// the quota taken live meanwhile. The Assets mining tab shows the 100 USDT
// locked, its records and its share of the total. Redeeming early shows the
// server's preview (0.50 % of 100 = 0.5), and once confirmed the order is
// under Ended with its penalty. Home's quick entries lead to each kind's
// list. The same screens again in English; the product's name in Chinese,
// English and French (the demo's texts, config/demo/texts.json). Screenshots
// lockming-<screen>-<lang>.png in ARTIFACTS_DIR, each checked for horizontal
// overflow at 390 × 844; then every lock-up screen in the nine languages.
import { apiAs } from './lib/api.mjs';
import { dateTimeOf, expectText as expectTextOn, head, signInFunded } from './lib/flow.mjs';
import { LANGS, closePopNotice, confirmDialog, expectToast, locale, login, noOverflow, noOverflowIn, plain, setLang, settle, shot as shotOf, waitForRoute } from './lib/funds.mjs';
import { readFileSync } from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { expectPage } from './lib/page.mjs';

const L = { zh: locale('zh', 'lockming').lockming, en: locale('en', 'lockming').lockming, fra: locale('fra', 'lockming').lockming };
const APP = { zh: locale('zh'), en: locale('en'), fra: locale('fra') };
const FUND_ZH = locale('zh', 'fund').fund;

const ROUTES = {
  home: '/pages/index/index',
  welcome: '/pages/lockming/welcome',
  list: '/pages/lockming/lockming',
  buy: '/pages/lockming/buy',
  orders: '/pages/lockming/order',
  assets: '/pages/fund/assets',
};
/** The demo's products' names in the other languages, by their English one. */
const DEMO_TEXTS = JSON.parse(readFileSync(new URL('../../config/demo/texts.json', import.meta.url), 'utf8'));
/** A demo product's name as `lang` shows it. */
const nameIn = (english, lang) => (lang === 'en' ? english : DEMO_TEXTS[english][lang]);
const PRODUCT_EN = 'USDT 5-day lock';
const PRODUCT = { zh: nameIn(PRODUCT_EN, 'zh'), en: PRODUCT_EN, fra: nameIn(PRODUCT_EN, 'fra') };
const DEFI = { zh: nameIn('USDT DeFi pool 15 days', 'zh'), en: 'USDT DeFi pool 15 days' };
const CLOUD = { zh: nameIn('USDT cloud hash 30 days', 'zh'), en: 'USDT cloud hash 30 days' };
const DEPOSIT = '1000';

let page;
const tid = (id, root = page) => root.locator(`[data-testid="${id}"]`);
/** A screenshot lockming-<name>.png of the screen at rest, checked for overflow. */
const shot = (name, full = false, p = page) => shotOf(p, `lockming-${name}`, { prefix: '', fullPage: full });
const expectText = (selector, want, what, p = page) => expectTextOn(p, selector, want, what);

/** Waits until the element reads exactly `want` (separators included: no stripping). */
async function expectTextExact(selector, want, what, p = page) {
  const ok = await p
    .waitForFunction(([s, w]) => document.querySelector(s)?.textContent?.trim() === w, [selector, want], { timeout: 10_000 })
    .then(() => true, () => false);
  const got = ok ? want : ((await p.locator(selector).first().textContent().catch(() => null)) ?? '(missing)').trim();
  check(ok, `${what} reads ${JSON.stringify(want)} (got ${JSON.stringify(got)})`);
}

/** The Lock tab, from the tab bar as a person opens it, with its totals and the three kinds. */
async function openLockTab(lang) {
  await page.goto(app(ROUTES.home));
  // The pop-up notice shows once per language.
  await closePopNotice(page);
  await page.locator('.tab-bar .adm-tab-bar-item', { hasText: APP[lang].tabs.lock }).click();
  await waitForRoute(page, ROUTES.welcome);
  await tid('lm-platform').waitFor();
  for (const c of ['lock', 'defi', 'cloud']) await tid(`lm-cat-${c}`).waitFor();
  // The categories say what they hold once the products answered.
  await page.locator('[data-testid="lm-cat-lock"] .lm-cat-stats').waitFor();
}

/** From the Lock tab to the lock-mining list, then the USDT product's card (named in `lang`). */
async function openProduct(lang) {
  await tid('lm-cat-lock').click();
  await waitForRoute(page, ROUTES.list);
  await page.locator('[data-testid="lm-product"]').first().waitFor();
  const card = page.locator('[data-testid="lm-product"]', { has: page.locator('[data-testid="lm-product-name"]', { hasText: PRODUCT[lang] }) });
  await card.waitFor();
  return card;
}

/**
 * The rate history of the product page: a chart from two days on; with one
 * day (a fresh server's product), that day's rate as a figure and the day the
 * history starts, never a chart of one dot.
 */
async function expectRates(lang) {
  const id = Number(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('id'));
  const { rates } = await apiAs(page, '/lh/deposit/detail', { id });
  if (rates.length >= 2) {
    await page.locator('[data-testid="lm-rate-chart"] svg').first().waitFor();
    return;
  }
  check(rates.length === 1, `a running product has its first day's rate (got ${JSON.stringify(rates)})`);
  await tid('lm-rate-first').waitFor();
  check((await tid('lm-rate-chart').count()) === 0, 'one day is not drawn as a chart');
  const text = await tid('lm-rate-first').innerText();
  check(text.includes(L[lang].buy.historyStarts.replace('{{day}}', rates[0].day)), `the first rate says the day its history starts (got "${text}")`);
  const value = (await tid('lm-rate-first-value').innerText()).trim();
  const want = lang === 'fra' ? /^0,(3\d{1,3}|40+)\u00a0%$/ : /^0\.(3\d{1,3}|40+)%$/;
  check(want.test(value), `the first rate reads as a percentage in ${lang} (got "${value}")`);
}

/** Types an amount as a person does (the box cleared first). */
async function typeAmount(value) {
  await page.locator('[data-testid="lm-amount"] input').fill(value);
}

/** Waits for the amount's error of `key`, whose text starts as the locale says. */
async function expectIssue(key, lang) {
  const error = page.locator(`[data-testid="lm-amount-error"][data-key="${key}"]`);
  await error.waitFor();
  const text = (await error.innerText()).trim();
  check(text.startsWith(head(L[lang].errors[key])), `the ${key} error reads "${L[lang].errors[key]}" (got "${text}")`);
  await tid('lm-preview').waitFor({ state: 'detached' });
}

/** Enters 100 and waits for the preview of the demo product: 0.30–0.40 a day, 1.50–2.00 in all. */
async function enterHundred() {
  await typeAmount('100');
  await tid('lm-preview').waitFor();
  await expectText('[data-testid="lm-preview-daily"]', '0.30 – 0.40 USDT', 'the estimated daily income');
  await expectText('[data-testid="lm-preview-total"]', '1.50 – 2.00 USDT', 'the estimated total income');
  const terms = (await tid('lm-redeem-terms').innerText()).trim();
  check(plain(terms).includes('99.50USDT') && plain(terms).includes('0.50USDT'), `the terms say an early redemption returns 99.50 and forfeits 0.50 (got "${terms}")`);
}

/** Confirms the subscription and answers the order the server made; the app lands on the orders. */
async function confirmSubscription(lang) {
  await tid('lm-buy-submit').click();
  await tid('lm-buy-dialog').waitFor();
  await expectText('[data-testid="lm-buy-dialog-amount"]', '100 USDT', 'the confirmation amount (exactly as typed)');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/lh/deposit');
  await confirmDialog(page);
  const body = await (await answered).json();
  check(body.type === 'ok', `the subscription is accepted (got ${JSON.stringify(body)})`);
  await expectToast(page, L[lang].buy.done);
  await waitForRoute(page, ROUTES.orders);
  const order = body.message;
  check(order.amount === '100' && order.status === 0 && order.days === 5, `the order holds 100 for 5 days in progress (got ${JSON.stringify(order)})`);
  await page.locator(`[data-testid="lm-order"][data-id="${order.id}"][data-state="running"]`).waitFor();
  return order;
}

/** Opens the redeem dialog of an order and checks the server's preview: 0.50 % of 100 = 0.50, 99.50 back. */
async function openRedeem(id, lang) {
  await page.locator(`[data-testid="lm-order"][data-id="${id}"] [data-testid="lm-order-redeem"]`).click();
  await tid('lm-redeem-dialog').waitFor();
  await expectText('[data-testid="lm-redeem-rate"]', '0.50%', 'the penalty rate');
  await expectText('[data-testid="lm-redeem-penalty"]', '0.50 USDT', 'the penalty');
  await expectText('[data-testid="lm-redeem-returned"]', '99.50 USDT', 'the principal returned');
  const warning = (await tid('lm-redeem-warning').innerText()).trim();
  check(warning.startsWith(head(L[lang].orders.redeemWarning)), `the dialog warns before redeeming (got "${warning}")`);
}

/** Confirms the redemption; the order leaves In progress and shows under Ended with its penalty. */
async function confirmRedeem(id, lang) {
  await confirmDialog(page);
  await expectToast(page, head(L[lang].orders.redeemed));
  await page.locator(`[data-testid="lm-order"][data-id="${id}"]`).waitFor({ state: 'detached' });
  await tid('lm-orders-tab-ended').click();
  const ended = page.locator(`[data-testid="lm-order"][data-id="${id}"][data-state="redeemed"]`);
  await ended.waitFor();
  await expectText(`[data-testid="lm-order"][data-id="${id}"] [data-testid="lm-order-penalty"]`, '0.50 USDT', 'the ended order\'s penalty');
  await expectText(`[data-testid="lm-order"][data-id="${id}"] [data-testid="lm-order-returned"]`, '99.50 USDT', 'the ended order\'s principal returned');
  const state = (await ended.locator('[data-testid="lm-order-state"]').innerText()).trim();
  check(state === L[lang].orders.state.redeemed, `the order reads "${L[lang].orders.state.redeemed}" (got "${state}")`);
  const server = await apiAs(page, '/lh/deposit/order', { status: 1, limit: 50 });
  const row = server.data.find((o) => o.id === id);
  check(row && row.penalty === '0.5' && row.returned === '99.5', `the server has the order redeemed with a 0.5 penalty (got ${JSON.stringify(row)})`);
}

await run('lockming', async (open) => {
  page = await open('main');
  let productId = 0;
  let orderId = 0;
  let visitor = null;

  await signInFunded(page, { tag: 'lock', coin: 'USDT', amount: DEPOSIT });

  await step('the Lock tab explains lock-up mining, shows the platform totals and the three kinds', async () => {
    await openLockTab('zh');
    const hero = await tid('lm-hero').innerText();
    check(hero.includes(L.zh.intro1) && hero.includes(L.zh.intro2), 'the two lines of what lock-up mining is are shown');
    await tid('lm-platform-USDT').waitFor();
    await tid('lm-platform-BTC').waitFor();
    const lock = await tid('lm-cat-lock').innerText();
    check(lock.includes(L.zh.category.lock.name) && lock.includes('0.40%'), `the lock card names its best rate (got "${lock}")`);
    // Logged in with nothing locked yet.
    await page.locator('[data-testid="lm-mine"] .lm-mine-none').waitFor();
    await tid('lm-orders-link').waitFor();
    await shot('welcome-zh');
  });

  await step('a visitor watches the lock-mining list (to see the quota move live)', async () => {
    visitor = await open('visitor');
    await visitor.goto(app(`${ROUTES.list}?category=lock`));
    await visitor.locator('[data-testid="lm-product"]').first().waitFor();
    // A visitor reads the site's default language, Chinese.
    const card = visitor.locator('[data-testid="lm-product"]', { has: visitor.locator('[data-testid="lm-product-name"]', { hasText: PRODUCT.zh }) });
    await card.waitFor();
    productId = Number(await card.getAttribute('data-id'));
    await expectText(`[data-testid="lm-product"][data-id="${productId}"] [data-testid="lm-product-remaining"]`, '1,000,000.00 / 1,000,000.00 USDT', 'the quota left', visitor);
  });

  await step('lock mining lists the USDT product with its range, days, minimum, quota, coverage and today\'s rate', async () => {
    const card = await openProduct('zh');
    check(Number(await card.getAttribute('data-id')) === productId, 'the user sees the same product');
    await expectText(`[data-testid="lm-product"][data-id="${productId}"] [data-testid="lm-product-range"]`, '0.30% – 0.40%', 'the daily range');
    const today = (await card.locator('[data-testid="lm-product-today"]').innerText()).trim();
    check(/^0\.(3\d{1,3}|40+)%$/.test(today), `today's rate is within the range (got "${today}")`);
    const text = await card.innerText();
    check(text.includes(L.zh.daysCount_other.replace('{{count}}', '5')) && plain(text).includes('100.00USDT'), `the card shows 5 days and the 100 USDT minimum (got "${text}")`);
    check((await card.getAttribute('data-open')) === '1', 'the product takes subscriptions');
    // Only lock products here.
    const names = await page.locator('[data-testid="lm-product-name"]').allInnerTexts();
    check(!names.some((n) => n.includes(DEFI.zh) || n.includes(CLOUD.zh)), `the lock list holds lock products only (got ${JSON.stringify(names)})`);
    check(names.includes(PRODUCT.zh) && !names.includes(PRODUCT_EN), `the product is named in Chinese (got ${JSON.stringify(names)})`);
    await shot('list-zh');
  });

  await step('the product page shows the terms, the caller\'s room and the rate history', async () => {
    await page.locator(`[data-testid="lm-product"][data-id="${productId}"]`).click();
    await waitForRoute(page, ROUTES.buy);
    await tid('lm-terms').waitFor();
    check((await tid('lm-buy-name').innerText()).trim() === PRODUCT.zh, 'the page is the USDT product\'s, named in Chinese');
    await expectText('[data-testid="lm-terms-range"]', '0.30% – 0.40%', 'the range');
    await expectText('[data-testid="lm-terms-penalty"]', L.zh.buy.penaltyOf.replace('{{rate}}', '0.50%'), 'the penalty');
    // The cap, with the user's room under it once the summary answered.
    await page.locator('[data-testid="lm-terms-cap"] .lm-sub').waitFor();
    check(plain(await tid('lm-terms-cap').innerText()).includes('50000.00USDT'), 'the per-user cap is 50,000 USDT');
    await expectRates('zh');
    await expectText('[data-testid="lm-balance"]', L.zh.buy.available.replace('{{amount}}', '1,000.00').replace('{{coin}}', 'USDT'), 'the spot balance');
  });

  await step('the amount is checked as typed, in Chinese, before anything is sent', async () => {
    await tid('lm-buy-submit').click();
    await expectIssue('required', 'zh');
    await typeAmount('50');
    await expectIssue('min', 'zh');
    await typeAmount('100.123456789');
    await expectIssue('decimals', 'zh');
    await typeAmount('60000');
    await expectIssue('room', 'zh');
    await typeAmount('2000');
    await expectIssue('balance', 'zh');
    check(plain(await tid('lm-amount-error').innerText()).includes('1000.00USDT'), 'the balance error names the 1,000 USDT held');
    // "Max" fills the least of the room, the quota and the balance: the balance here.
    await tid('lm-max').click();
    await expectPage(page, () => document.querySelector('[data-testid="lm-amount"] input')?.value === '1000', null, 'max fills 1000');
    await tid('lm-preview').waitFor();
  });

  await step('100 USDT shows the preview: income range, start, when earning starts, first income and maturity', async () => {
    await enterHundred();
    const detail = await apiAs(page, '/lh/deposit/detail', { id: productId });
    const next = detail.product.next_accrual_at;
    const DAY = 86_400_000;
    const want = {
      start: await dateTimeOf(page, next),
      first: await dateTimeOf(page, next + DAY),
      maturity: await dateTimeOf(page, next + 5 * DAY),
    };
    // The day of the subscription earns nothing: earning starts at the next
    // accrual, the first income comes a full day after it.
    await expectText('[data-testid="lm-preview-accrual-start"]', want.start, 'earning starts at the next accrual');
    await expectText('[data-testid="lm-preview-first"]', want.first, 'the first income, a day later');
    await expectText('[data-testid="lm-preview-maturity"]', want.maturity, 'the maturity (first income + 4 days)');
    const rule = L.zh.buy.accrualRule.replace('{{start}}', want.start).replace('{{first}}', want.first);
    await expectText('[data-testid="lm-accrual-rule"]', rule, 'the terms say when earning starts');
    await shot('buy-zh', true);
  });

  await step('confirming subscribes: the order is in progress on the orders page', async () => {
    const order = await confirmSubscription('zh');
    orderId = order.id;
    const card = page.locator(`[data-testid="lm-order"][data-id="${orderId}"]`);
    await expectText(`[data-testid="lm-order"][data-id="${orderId}"] [data-testid="lm-order-amount"]`, '100.00', 'the principal');
    const days = (await card.locator('[data-testid="lm-order-days"]').innerText()).trim();
    check(days === L.zh.orders.daysOf_other.replace('{{paid}}', '0').replace('{{count}}', '5'), `no day is paid yet (got "${days}")`);
    // The maturity the preview promised is the server's.
    const maturity = await dateTimeOf(page, order.matures_at);
    check((await card.innerText()).includes(maturity), `the order matures at ${maturity}`);
  });

  await step('the visitor\'s list shows the quota taken, live (no reload)', async () => {
    await expectText(`[data-testid="lm-product"][data-id="${productId}"] [data-testid="lm-product-remaining"]`, '999,900.00 / 1,000,000.00 USDT', 'the quota left', visitor);
  });

  await step('Assets, mining tab: 100 USDT locked, the subscription in the records', async () => {
    await page.goto(app(`${ROUTES.assets}?tab=mining`));
    await tid('mining-tab').waitFor();
    await expectText('[data-testid="mining-USDT-locked"]', '100.00', 'the USDT locked');
    const record = page.locator('[data-testid="mining-record"][data-reason="lock_subscribe"]').first();
    await record.waitFor();
    check((await record.innerText()).includes(FUND_ZH.reason.lock_subscribe), 'the record\'s reason is translated');
    // The mining account counts in the split of the total, and the tab says its value.
    await page.locator('[data-testid="asset-split"]', { hasText: FUND_ZH.tabs.mining }).waitFor();
    await expectText('[data-testid="assets-tab-total"]', `${FUND_ZH.assets.accountValue} ≈ 100.00 USDT`, 'the mining account\'s value');
    await shot('assets-mining-zh');
  });

  await step('redeeming early shows the server\'s preview: 0.50 % of 100 = 0.50 forfeited', async () => {
    await page.goto(app(ROUTES.orders));
    await page.locator(`[data-testid="lm-order"][data-id="${orderId}"]`).waitFor();
    await openRedeem(orderId, 'zh');
    await shot('orders-redeem-zh');
  });

  await step('once confirmed, the order is under Ended with its penalty', async () => {
    await confirmRedeem(orderId, 'zh');
    await shot('orders-ended-zh');
  });

  await step('Home\'s quick entries lead to each kind\'s list', async () => {
    for (const [key, category] of [
      ['lockming', 'lock'],
      ['defi', 'defi'],
      ['cloudmining', 'cloud'],
    ]) {
      await page.goto(app(ROUTES.home));
      await closePopNotice(page);
      await tid('quick-grid').waitFor();
      await page.locator(`[data-key="${key}"]`).click();
      await page.waitForFunction(
        ([r, c]) => {
          const [path, q = ''] = location.hash.replace(/^#/, '').split('?');
          return path === r && new URLSearchParams(q).get('category') === c;
        },
        [ROUTES.list, category],
      );
      await page.locator(`.adm-tabs-tab-active [data-testid="lm-tab-${category}"]`).waitFor();
      const card = page.locator('[data-testid="lm-product"]').first();
      await card.waitFor();
      const name = (await card.locator('[data-testid="lm-product-name"]').innerText()).trim();
      if (category === 'defi') check(name === DEFI.zh, `the DeFi list holds the DeFi product (got "${name}")`);
      if (category === 'cloud') check(name === CLOUD.zh, `the cloud list holds the cloud product (got "${name}")`);
    }
  });

  await step('the same screens in English: welcome, list, buy with the preview, orders with the redeem dialog', async () => {
    await setLang(page, 'en');
    await openLockTab('en');
    check((await tid('lm-hero').innerText()).includes(L.en.title), 'the Lock tab is in English');
    await shot('welcome-en');
    await openProduct('en');
    await shot('list-en');
    await page.locator(`[data-testid="lm-product"][data-id="${productId}"]`).click();
    await waitForRoute(page, ROUTES.buy);
    await tid('lm-terms').waitFor();
    await expectRates('en');
    await typeAmount('2000');
    await expectIssue('balance', 'en');
    await enterHundred();
    await shot('buy-en', true);
    const order = await confirmSubscription('en');
    await page.goto(app(`${ROUTES.assets}?tab=mining`));
    await expectText('[data-testid="mining-USDT-locked"]', '100.00', 'the USDT locked');
    await page.locator('[data-testid="mining-record"][data-reason="lock_redeem"]').first().waitFor();
    await shot('assets-mining-en');
    await page.goto(app(ROUTES.orders));
    await page.locator(`[data-testid="lm-order"][data-id="${order.id}"]`).waitFor();
    await openRedeem(order.id, 'en');
    await shot('orders-redeem-en');
    await confirmRedeem(order.id, 'en');
    await shot('orders-ended-en');
  });

  await step('the admin\'s product form holds the name in the eight other languages', async () => {
    const admin = await open('admin');
    await login(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(app('/pages/admin/index?tab=earn'));
    const card = admin.locator(`[data-testid="admin-earn-product"][data-id="${productId}"]`);
    await card.locator('[data-testid="admin-earn-edit"]').click();
    const names = admin.locator('[data-testid="admin-earn-names"]');
    await names.waitFor();
    const box = names.locator('[data-testid="admin-earn-names-input"] input');
    // Chinese first, every language filled by the demo.
    await expectPage(admin, ([s, w]) => document.querySelector(s)?.value === w, ['[data-testid="admin-earn-names-input"] input', PRODUCT.zh], 'the Chinese name in the box');
    await expectText('[data-testid="admin-earn-names-count"]', locale('zh', 'admin').admin.texts.filled.replace('{{n}}', '8').replace('{{total}}', '8'), 'eight of eight filled', admin);
    await names.locator('[data-testid="admin-earn-names-fra"]').click();
    await expectPage(admin, ([s, w]) => document.querySelector(s)?.value === w, ['[data-testid="admin-earn-names-input"] input', PRODUCT.fra], 'the French name in the box');
    check((await box.inputValue()) === PRODUCT.fra, 'the box holds the French name');
    await names.scrollIntoViewIfNeeded();
    await settle(admin);
    await noOverflow(admin, 'the product form with its languages');
    await shotOf(admin, 'lockming-admin-names-zh', { prefix: '' });
  });

  await step('the same screens in French: figures with French separators, percentages "0,30 %", the first rate as a figure', async () => {
    await setLang(page, 'fra');
    await openLockTab('fra');
    check((await tid('lm-hero').innerText()).includes(L.fra.title), 'the Lock tab is in French');
    // Nothing locked any more: a zero reads "0,00", never "0,0000000".
    const tab = await page.locator('[data-testid="lm-platform"]').innerText();
    check(!/0[,.]0{3,}/.test(tab), `no zero with a tail of decimals on the Lock tab (got "${tab}")`);
    await shot('welcome-fra');
    await openProduct('fra');
    // The demo product is named in French (config/demo/texts.json), never in English.
    check(!(await page.locator('[data-testid="lm-product-name"]').allInnerTexts()).includes(PRODUCT_EN), 'no English name in French');
    // Narrow no-break spaces group, a comma marks the decimals, a no-break space before "%".
    await expectTextExact(`[data-testid="lm-product"][data-id="${productId}"] [data-testid="lm-product-remaining"]`, '1\u202f000\u202f000,00 / 1\u202f000\u202f000,00 USDT', 'the quota left in French');
    await expectTextExact(`[data-testid="lm-product"][data-id="${productId}"] [data-testid="lm-product-range"]`, '0,30\u00a0% – 0,40\u00a0%', 'the daily range in French');
    const card = await page.locator(`[data-testid="lm-product"][data-id="${productId}"]`).innerText();
    check(card.includes(L.fra.daysCount_other.replace('{{count}}', '5')), `the card says 5 days in French (got "${card}")`);
    await shot('list-fra');
    await page.locator(`[data-testid="lm-product"][data-id="${productId}"]`).click();
    await waitForRoute(page, ROUTES.buy);
    await tid('lm-terms').waitFor();
    await expectText('[data-testid="lm-buy-name"]', PRODUCT.fra, 'the French name on the product page');
    await expectRates('fra');
    await expectTextExact('[data-testid="lm-terms-penalty"]', L.fra.buy.penaltyOf.replace('{{rate}}', '0,50\u00a0%'), 'the penalty in French');
    await typeAmount('100');
    await tid('lm-preview').waitFor();
    await expectTextExact('[data-testid="lm-preview-daily"]', '0,30 – 0,40 USDT', 'the estimated daily income in French');
    await shot('buy-fra', true);
    await setLang(page, 'zh');
  });

  await step('no lock-up screen overflows at 390 px in any of the nine languages', async () => {
    await noOverflowIn(
      page,
      LANGS,
      [
        [ROUTES.welcome, '[data-testid="lm-cat-lock"] .lm-cat-stats'],
        [`${ROUTES.list}?category=lock`, '[data-testid="lm-product"]'],
        [`${ROUTES.list}?category=cloud`, '[data-testid="lm-product"]'],
        [`${ROUTES.buy}?id=${productId}`, '[data-testid="lm-rate-chart"] svg, [data-testid="lm-rate-first"]'],
        [`${ROUTES.orders}?tab=ended`, '[data-testid="lm-order"]'],
        [ROUTES.orders, '.ui-empty'],
        [`${ROUTES.assets}?tab=mining`, '[data-testid="mining-record"]'],
      ],
      async (lang) => {
        // The form with its preview, then with an error, in this language.
        await page.goto(app(`${ROUTES.buy}?id=${productId}`));
        await tid('lm-buy-form').waitFor();
        await typeAmount('100');
        await tid('lm-preview').waitFor();
        await settle(page);
        await noOverflow(page, `the preview in ${lang}`);
        await typeAmount('60000');
        await page.locator('[data-testid="lm-amount-error"][data-key="room"]').waitFor();
        await settle(page);
        await noOverflow(page, `the amount error in ${lang}`);
      },
    );
    await setLang(page, 'zh');
  });

  await step('no uncaught page errors', noPageErrors);
});
