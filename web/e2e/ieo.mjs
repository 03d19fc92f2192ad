// End-to-end flow of the IEO token sales in a real browser against the real
// server, whose demo data holds a sale in progress (Bourse Token, BRS at
// 0.1 USDT, supply 1 000 000, cap 50 000 per user, minimum 10) and one in
// warm-up.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/ieo.mjs
//
// A new user, funded with a 1000 USDT deposit the admin approves (through the
// API), signs in and opens the token sales: each project with its state, a
// live countdown, price, supply and progress. They open the sale in
// progress, read its facts (price, supply, cap, minimum, lock, release,
// white paper and website opening in a new tab), see the amount refused as
// they type (below the minimum, too many decimals, over the cap, a cost above
// their spot balance), enter 1000 BRS, see the cost (100 USDT) before
// confirming, confirm, and see their totals and the 100 USDT frozen in their
// spot account; a visitor watching the same sale sees the 1000 BRS arrive
// live. Under "My subscriptions" the order shows what was asked, its price
// and cost. The same screens in English. Screenshots ieo-<screen>-<lang>.png
// in ARTIFACTS_DIR, each checked for horizontal overflow at 390 × 844.
import { apiPostAs } from './lib/api.mjs';
import { cancelDialog, expectText as expectTextOn, head, signInFunded, typeChecked } from './lib/flow.mjs';
import { LANGS, confirmDialog, expectToast, locale, noOverflowIn, plain, setLang, shot as shotOf, waitForRoute } from './lib/funds.mjs';
import { app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { expectPage } from './lib/page.mjs';

const L = { zh: locale('zh', 'ieo').ieo, en: locale('en', 'ieo').ieo };

const ROUTES = {
  list: '/pages/ieo/ieo',
  subscribe: '/pages/ieo/subscribe',
  orders: '/pages/ieo/order',
};
const DEPOSIT = '1000';
const AMOUNT = '1000';

let page;
const tid = (id, root = page) => root.locator(`[data-testid="${id}"]`);
/** A screenshot ieo-<name>.png of the screen at rest, checked for overflow. */
const shot = (name, full = false, p = page) => shotOf(p, `ieo-${name}`, { prefix: '', fullPage: full });
const expectText = (selector, want, what, p = page) => expectTextOn(p, selector, want, what);
/** Types an amount and waits for the form's answer: the error of `key`, or none. */
const typeAmount = (value, key) => typeChecked(page, 'ieo-amount', value, key);

await run('ieo', async (open) => {
  page = await open('user');
  let project = null;
  let orderId = null;

  await signInFunded(page, { tag: 'ieo', coin: 'USDT', amount: DEPOSIT });

  await step('the token sales list each project with its state, countdown, price, supply and progress', async () => {
    await page.goto(app(ROUTES.list));
    await tid('ieo-project').first().waitFor();
    const live = page.locator('[data-testid="ieo-project"][data-status="1"]').first();
    await live.waitFor();
    project = { id: Number(await live.getAttribute('data-id')), name: (await tid('ieo-project-name', live).innerText()).trim() };
    check((await tid('ieo-state', live).innerText()).trim() === L.zh.state.live, 'the sale in progress reads "进行中"');
    check((await tid('ieo-countdown', live).getAttribute('data-kind')) === 'end', 'it counts down to its end');
    // The countdown moves by itself, each second.
    const before = (await live.locator('.ieo-countdown-value').innerText()).trim();
    await expectPage(page, ([id, b]) => document.querySelector(`[data-testid="ieo-project"][data-id="${id}"] .ieo-countdown-value`)?.textContent?.trim() !== b, [project.id, before], 'the countdown ticks');
    await expectText(`[data-testid="ieo-project"][data-id="${project.id}"] [data-testid="ieo-project-price"]`, '0.1 USDT', 'the price');
    // The demo's second sale opens 6 hours after the server seeded it (config/default.toml): in warm-up on a fresh database.
    const warm = page.locator('[data-testid="ieo-project"][data-status="0"]').first();
    await warm.waitFor();
    check((await tid('ieo-state', warm).innerText()).trim() === L.zh.state.warmup, 'the warm-up sale reads "预热中"');
    check((await tid('ieo-countdown', warm).getAttribute('data-kind')) === 'start', 'the warm-up sale counts down to its start');
    await shot('list-zh');
  });

  await step('the list filters by state (an empty state when none is in it)', async () => {
    await tid('ieo-filter-credited').click();
    await page.waitForFunction(() => location.hash.includes('status=credited'));
    // No demo sale is credited (one runs for 72 hours, the other has not started): the filter's empty state.
    await page.locator('.state-block', { hasText: L.zh.emptyFilter }).waitFor();
    check((await tid('ieo-project').count()) === 0, 'no sale is listed as credited');
    await shot('empty-zh');
    await tid('ieo-filter-all').click();
    await page.waitForFunction(() => !location.hash.includes('status='));
    await tid('ieo-project').first().waitFor();
  });

  await step('the sale in progress shows its facts and links', async () => {
    await page.locator(`[data-testid="ieo-project"][data-id="${project.id}"]`).click();
    await waitForRoute(page, ROUTES.subscribe);
    await tid('ieo-facts').waitFor();
    check((await tid('ieo-detail-name').innerText()).trim() === project.name, `the page is ${project.name}'s`);
    await expectText('[data-testid="ieo-fact-price"]', '0.1 USDT', 'the price');
    await expectText('[data-testid="ieo-fact-supply"]', '1000000 BRS', 'the supply');
    await expectText('[data-testid="ieo-fact-cap"]', '50000 BRS', 'the per-user cap');
    await expectText('[data-testid="ieo-fact-min"]', '10 BRS', 'the minimum');
    for (const link of ['ieo-whitepaper', 'ieo-website']) {
      check((await tid(link).getAttribute('target')) === '_blank', `${link} opens in a new tab`);
      check((await tid(link).getAttribute('rel'))?.includes('noopener'), `${link} does not hand the app to the new tab`);
    }
    // The spot balance is shown once the wallet answered.
    await expectPage(page, () => /1,000\.00/.test(document.querySelector('[data-testid="ieo-balance"]')?.textContent ?? ''), null, 'the spot balance shows 1,000.00 USDT', () =>
      document.querySelector('[data-testid="ieo-balance"]')?.textContent,
    );
  });

  const visitor = await open('visitor');
  await step('a visitor watches the same sale', async () => {
    await visitor.goto(app(`${ROUTES.subscribe}?id=${project.id}`));
    await tid('ieo-progress', visitor).waitFor();
    check((await tid('ieo-submit', visitor).innerText()).trim() === L.zh.loginToSubscribe, 'a visitor is asked to log in to subscribe');
  });
  const subscribedBefore = plain((await tid('ieo-progress', visitor).locator('.ieo-progress-amounts').innerText()).split('/')[0]);

  await step('the amount is checked as typed: minimum, decimals, cap, balance', async () => {
    await tid('ieo-submit').click();
    await page.locator('[data-testid="ieo-amount-error"][data-key="required"]').waitFor();
    await typeAmount('5', 'belowMin');
    check((await tid('ieo-amount-error').innerText()).includes(head(L.zh.errors.belowMin)), 'the minimum is named');
    await typeAmount('10.12345', 'decimals');
    await typeAmount('50001', 'overCap');
    // 20 000 BRS cost 2 000 USDT: more than the 1 000 USDT on hand, said before sending.
    await typeAmount('20000', 'insufficient');
    await expectText('[data-testid="ieo-cost"]', '2000 USDT', 'the cost of 20 000 BRS');
    await typeAmount(AMOUNT, null);
    await expectText('[data-testid="ieo-cost"]', '100 USDT', `the cost of ${AMOUNT} BRS`);
    await shot('subscribe-zh', true);
  });

  await step(`subscribe ${AMOUNT} BRS: the confirmation names the cost, then it is frozen`, async () => {
    await tid('ieo-submit').click();
    await tid('ieo-confirm').waitFor();
    await expectText('[data-testid="ieo-confirm-amount"]', `${AMOUNT} BRS`, 'the confirmation\'s amount');
    await expectText('[data-testid="ieo-confirm-cost"]', '100 USDT', 'the confirmation\'s cost');
    await shot('confirm-zh');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/project/order');
    await confirmDialog(page);
    const body = await (await answered).json();
    check(body.type === 'ok', `the subscription was accepted (got ${JSON.stringify(body)})`);
    orderId = body.message.id;
    check(body.message.amount === AMOUNT && body.message.cost === '100' && body.message.status === 0, `the order holds ${AMOUNT} BRS at a cost of 100 USDT (got ${JSON.stringify(body.message)})`);
    await expectToast(page, head(L.zh.subscribed));
    await tid('ieo-mine').waitFor();
    await expectText('[data-testid="ieo-mine-asked"]', `${AMOUNT} BRS`, 'my asked total');
    await expectText('[data-testid="ieo-mine-cost"]', '100 USDT', 'my cost frozen');
    await expectPage(page, () => /100\.00/.test(document.querySelector('[data-testid="ieo-frozen"]')?.textContent ?? ''), null, 'the form shows 100.00 USDT frozen', () =>
      document.querySelector('[data-testid="ieo-balance"]')?.textContent,
    );
    const wallet = await apiPostAs(page, '/wallet/list');
    const spot = wallet.accounts.find((a) => a.account === 2)?.balances.find((b) => b.name === 'USDT');
    check(spot && Number(spot.frozen) === 100 && Number(spot.available) === 900, `the server froze 100 of the 1000 USDT (got ${JSON.stringify(spot)})`);
    // The room under the cap went down by what was asked.
    await expectPage(page, () => /49,000/.test(document.querySelector('[data-testid="ieo-room"]')?.textContent ?? ''), null, 'the room left reads 49,000 BRS', () =>
      document.querySelector('[data-testid="ieo-room"]')?.textContent,
    );
    await shot('mine-zh', true);
  });

  await step('the visitor sees the 1000 BRS arrive live', async () => {
    const want = String(Number(subscribedBefore) + Number(AMOUNT));
    await expectPage(
      visitor,
      (w) => (document.querySelector('[data-testid="ieo-progress"] .ieo-progress-amounts')?.textContent ?? '').split('/')[0].replace(/[,\s]/g, '') === w,
      want,
      `the visitor's progress shows ${want} BRS subscribed without a reload`,
      () => document.querySelector('[data-testid="ieo-progress"] .ieo-progress-amounts')?.textContent,
    );
  });

  await step('the order is under My subscriptions with its amount, price and cost', async () => {
    await tid('ieo-to-my-orders').click();
    await waitForRoute(page, ROUTES.orders);
    const card = page.locator(`[data-testid="ieo-order"][data-id="${orderId}"]`);
    await card.waitFor();
    check((await card.getAttribute('data-state')) === 'subscribed', 'the order reads as subscribed');
    check((await tid('ieo-order-state', card).innerText()).trim() === L.zh.orderState.subscribed, `the state reads "${L.zh.orderState.subscribed}"`);
    await expectText(`[data-testid="ieo-order"][data-id="${orderId}"] [data-testid="ieo-order-amount"]`, `${AMOUNT} BRS`, 'the order\'s amount');
    await expectText(`[data-testid="ieo-order"][data-id="${orderId}"] [data-testid="ieo-order-cost"]`, `100 USDT${L.zh.frozenNow}`, 'the order\'s cost');
    check((await tid('ieo-order-allocated', card).innerText()).trim() === L.zh.afterEnd, 'the allocation comes after the sale ends');
    await shot('orders-zh');
  });

  await step('the screens in English', async () => {
    await setLang(page, 'en');
    await page.goto(app(ROUTES.list));
    await tid('ieo-project').first().waitFor();
    check((await page.locator('.page-heading h1').innerText()).trim() === L.en.title, 'the list is in English');
    await shot('list-en');
    await page.goto(app(`${ROUTES.subscribe}?id=${project.id}`));
    await tid('ieo-mine').waitFor();
    await page.locator('[data-testid="ieo-amount"] input').fill('500');
    await expectText('[data-testid="ieo-cost"]', '50 USDT', 'the cost of 500 BRS');
    await shot('subscribe-en', true);
    await tid('ieo-submit').click();
    await tid('ieo-confirm').waitFor();
    await shot('confirm-en');
    await cancelDialog(page, '[data-testid="ieo-confirm"]');
    await page.goto(app(ROUTES.orders));
    await page.locator(`[data-testid="ieo-order"][data-id="${orderId}"]`).waitFor();
    check((await page.locator(`[data-testid="ieo-order"][data-id="${orderId}"] [data-testid="ieo-order-state"]`).innerText()).trim() === L.en.orderState.subscribed, 'the order reads "Subscribed"');
    await shot('orders-en');
    await setLang(page, 'zh');
  });

  await step('no IEO screen overflows in any of the nine languages', async () => {
    await noOverflowIn(page, LANGS, [
      [ROUTES.list, '[data-testid="ieo-project"]'],
      [`${ROUTES.subscribe}?id=${project.id}`, '[data-testid="ieo-mine"]'],
      [ROUTES.orders, '[data-testid="ieo-order"]'],
    ]);
    await setLang(page, 'zh');
  });

  await step('no uncaught page errors', noPageErrors);
});
