// End-to-end flow of dual investment in a real browser against the real
// server, whose demo data holds BTC and ETH "sell high" (call) and "buy low"
// (put) products of 1, 3 and 7 days, linked prices a few percent from the
// index.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/invest.mjs
//
// A new user, funded with a 1 BTC deposit the admin approves (through the
// API), signs in, opens the financial hub (which leads to lock-up mining and
// the token sales too) and from it the dual-investment list (call and put
// tabs, a coin switch; each product with its APR, linked price against the
// index, days, when the sale closes and interest starts, when it settles, and
// shares left), opens a BTC call product (the same holding period in its
// terms), sees the shares refused as they type (a fraction, zero, more than
// are left, more than their balance), buys 1 share after a confirmation that
// shows both outcomes and says it is not capital protected, and finds the
// order under their dual investments as purchased, with the same two
// outcomes the purchase page computed (the rule in logic.ts against the
// server's). The help page explains the rules with a worked example and draws
// the payoff chart. The same screens in English. Screenshots
// invest-<screen>-<lang>.png in ARTIFACTS_DIR, each checked for horizontal
// overflow at 390 × 844.
import { apiAs } from './lib/api.mjs';
import { cancelDialog, dateTimeOf, expectText as expectTextOn, signInFunded, typeChecked } from './lib/flow.mjs';
import { LANGS, confirmDialog, expectToast, locale, noOverflowIn, plain, setLang, shot as shotOf, waitForRoute } from './lib/funds.mjs';
import { app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { expectPage } from './lib/page.mjs';

const L = { zh: locale('zh', 'invest').invest, en: locale('en', 'invest').invest, fra: locale('fra', 'invest').invest };

const ROUTES = {
  financial: '/pages/financial/index',
  list: '/pages/invest/invest',
  purchase: '/pages/invest/purchase',
  mine: '/pages/invest/mine',
  help: '/pages/invest/help',
  lock: '/pages/lockming/lockming',
  ieo: '/pages/ieo/ieo',
};
const DEPOSIT = '1';

let page;
const tid = (id, root = page) => root.locator(`[data-testid="${id}"]`);
/** A screenshot invest-<name>.png of the screen at rest, checked for overflow. */
const shot = (name, full = false, p = page) => shotOf(p, `invest-${name}`, { prefix: '', fullPage: full });
const expectText = (selector, want, what, p = page) => expectTextOn(p, selector, want, what);
/** Types shares and waits for the form's answer: the error of `key`, or none. */
const typeShares = (value, key) => typeChecked(page, 'dual-shares', value, key);

/** Display precision of the demo coins (lib/format.ts coinPlaces: a cent's worth at the reference price). */
const PLACES = { BTC: 7, ETH: 6, USDT: 2 };

/** A server amount as the page shows it: cut toward zero to the coin's display precision, zeros past the second decimal dropped. */
function shownAmount(amount, coin) {
  const [int, frac = ''] = amount.split('.');
  const cut = frac.slice(0, PLACES[coin]).replace(/0+$/, '').padEnd(Math.min(2, PLACES[coin]), '0');
  return `${int}${cut ? `.${cut}` : ''}${coin}`;
}

/** What the two outcome rows read (without separators). */
async function outcomesOf(root) {
  return {
    below: plain(await tid('dual-outcome-below-amount', root).innerText()),
    above: plain(await tid('dual-outcome-above-amount', root).innerText()),
  };
}

await run('invest', async (open) => {
  page = await open('user');
  let product = null;
  let preview = null;
  let orderId = null;

  await signInFunded(page, { tag: 'dual', coin: 'BTC', amount: DEPOSIT });

  await step('the financial hub leads to dual investment, to lock-up mining and to the token sales', async () => {
    await page.goto(app(ROUTES.financial));
    await tid('dual-hub-dual').waitFor();
    await tid('dual-hub-lock').waitFor();
    await tid('dual-hub-ieo').waitFor();
    await tid('dual-hub-best').waitFor();
    check((await tid('dual-hub-ieo').innerText()).includes(L.zh.hub.ieoTitle), `the token sales card reads "${L.zh.hub.ieoTitle}"`);
    await shot('hub-zh');
    await tid('dual-hub-lock').click();
    await page.waitForFunction((r) => location.hash.startsWith(`#${r}`) && location.hash.includes('category=lock'), ROUTES.lock);
    await page.goBack();
    await waitForRoute(page, ROUTES.financial);
    await tid('dual-hub-ieo').click();
    await waitForRoute(page, ROUTES.ieo);
    await page.locator('[data-testid="ieo-project"], .state-block').first().waitFor();
    await page.goBack();
    await waitForRoute(page, ROUTES.financial);
    await tid('dual-hub-dual').click();
    await waitForRoute(page, ROUTES.list);
  });

  await step('the list shows BTC "sell high" products with APR, linked price against the index, days, when the sale closes and interest starts, when they settle, and shares left', async () => {
    await tid('dual-product').first().waitFor();
    check((await page.locator('.adm-tabs-tab-active [data-testid="dual-tab-call"]').count()) === 1, 'the call tab is the default');
    const cards = page.locator('[data-testid="dual-product"]');
    const n = await cards.count();
    for (let i = 0; i < n; i += 1) {
      const card = cards.nth(i);
      check((await card.getAttribute('data-kind')) === 'call' && (await card.getAttribute('data-coin')) === 'BTC', 'only BTC call products are listed');
      check(/^\d+\.\d\d%$/.test((await tid('dual-product-apr', card).innerText()).trim()), 'the APR reads as a percentage');
      check(/\d/.test(await tid('dual-product-linked', card).innerText()), 'the linked price is shown');
      check(/\d+ \/ \d+/.test(await tid('dual-product-left', card).innerText()), 'the shares left are shown');
    }
    const first = cards.first();
    product = { id: Number(await first.getAttribute('data-id')) };
    // The holding period: sold until starts_at, interest from then until it settles at matures_at.
    const listed = (await apiAs(page, '/dual/index', { currency: 'BTC', kind: 'call' })).find((p) => p.id === product.id);
    check(listed && listed.starts_at < listed.matures_at, `the product has a holding period (got ${JSON.stringify(listed)})`);
    product.startsAt = await dateTimeOf(page, listed.starts_at);
    product.settlesAt = await dateTimeOf(page, listed.matures_at);
    await expectText(`[data-testid="dual-product"][data-id="${product.id}"] [data-testid="dual-product-starts"]`, product.startsAt, 'the card\'s sale close and start of interest');
    await expectText(`[data-testid="dual-product"][data-id="${product.id}"] [data-testid="dual-product-settles"]`, product.settlesAt, 'the card\'s settlement');
    await shot('list-zh');
  });

  await step('the tabs and the coin switch change the list', async () => {
    await tid('dual-tab-put').click();
    await page.waitForFunction(() => location.hash.includes('kind=put'));
    await page.locator('[data-testid="dual-product"][data-kind="put"], .state-block').first().waitFor();
    await tid('dual-coin-ETH').click();
    await page.waitForFunction(() => location.hash.includes('coin=ETH'));
    await page.locator('[data-testid="dual-product"][data-coin="ETH"][data-kind="put"], .state-block').first().waitFor();
    await shot('list-put-eth-zh');
    await tid('dual-tab-call').click();
    await tid('dual-coin-BTC').click();
    await page.waitForFunction(() => location.hash.includes('coin=BTC') && location.hash.includes('kind=call'));
    await page.locator(`[data-testid="dual-product"][data-id="${product.id}"]`).waitFor();
  });

  await step('a BTC call product: its terms, 1 share invested live, both outcomes and "not capital protected"', async () => {
    await page.locator(`[data-testid="dual-product"][data-id="${product.id}"]`).click();
    await waitForRoute(page, ROUTES.purchase);
    await tid('dual-terms').waitFor();
    await tid('dual-form').waitFor();
    await expectText('[data-testid="dual-terms-starts"]', product.startsAt, 'the sale close and start of interest');
    await expectText('[data-testid="dual-terms-maturity"]', product.settlesAt, 'the settlement');
    const holding = await tid('dual-terms-holding').innerText();
    check(holding.includes(product.startsAt) && holding.includes(product.settlesAt), `the terms say interest runs from ${product.startsAt} until ${product.settlesAt} (got "${holding}")`);
    check((await tid('dual-not-protected').first().innerText()).includes(L.zh.notProtected), 'the page says it is not capital protected');
    await expectText('[data-testid="dual-invested"]', '0.01 BTC', 'the amount invested by 1 share');
    await expectPage(page, () => /(^|\s)1\.00 BTC(\s|$)/.test(document.querySelector('[data-testid="dual-balance"]')?.textContent ?? ''), null, 'the spot balance shows 1 BTC', () =>
      document.querySelector('[data-testid="dual-balance"]')?.textContent,
    );
    preview = await outcomesOf(page.locator('[data-testid="dual-form"]'));
    check(preview.below.endsWith('BTC') && preview.above.endsWith('USDT'), `a call pays BTC below and USDT above (got ${JSON.stringify(preview)})`);
  });

  await step('the shares are checked as typed: whole, at least one, at most those left, within the balance', async () => {
    await typeShares('1.5', 'whole');
    await typeShares('0', 'atLeastOne');
    await typeShares('100000', 'overLeft');
    // 200 shares are 2 BTC: more than the 1 BTC on hand, said before sending.
    await typeShares('200', 'insufficient');
    await expectText('[data-testid="dual-invested"]', '2 BTC', 'the amount invested by 200 shares');
    await typeShares('1', null);
    await expectText('[data-testid="dual-invested"]', '0.01 BTC', 'the amount invested by 1 share');
    await page.locator('[data-testid="dual-payoff-chart"] svg').first().waitFor();
    await shot('purchase-zh', true);
  });

  await step('buy 1 share after a confirmation with both outcomes: the order is purchased with the same outcomes', async () => {
    await tid('dual-submit').click();
    await tid('dual-confirm').waitFor();
    await expectText('[data-testid="dual-confirm-amount"]', '0.01 BTC', 'the confirmation\'s amount');
    const confirmed = await outcomesOf(page.locator('[data-testid="dual-confirm"]'));
    check(JSON.stringify(confirmed) === JSON.stringify(preview), 'the confirmation shows the outcomes of the form');
    check((await page.locator('[data-testid="dual-confirm"] [data-testid="dual-not-protected"]').count()) === 1, 'the confirmation says it is not capital protected');
    await shot('confirm-zh');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dual/buyDual');
    await confirmDialog(page);
    const body = await (await answered).json();
    check(body.type === 'ok', `the purchase was accepted (got ${JSON.stringify(body)})`);
    const order = body.message;
    orderId = order.id;
    check(order.status === 0 && order.shares === 1 && order.amount === '0.01', `the order holds 1 share of 0.01 BTC, purchased (got ${JSON.stringify(order)})`);
    // The server's outcomes against the rule the page applied.
    // A payout reads at its coin's display precision, never its raw 8 decimals.
    const server = { below: shownAmount(order.if_below.amount, order.if_below.currency), above: shownAmount(order.if_above.amount, order.if_above.currency) };
    check(
      server.below === preview.below && server.above === preview.above,
      `the server's outcomes equal the page's (server ${JSON.stringify(server)}, page ${JSON.stringify(preview)})`,
    );
    await expectToast(page, L.zh.bought);
    await waitForRoute(page, ROUTES.mine);
  });

  await step('the order is under My dual investments as purchased, with both outcomes', async () => {
    const card = page.locator(`[data-testid="dual-order"][data-id="${orderId}"]`);
    await card.waitFor();
    check((await card.getAttribute('data-state')) === 'purchased', 'the order reads as purchased');
    check((await tid('dual-order-state', card).innerText()).trim() === L.zh.orderState.purchased, `the state reads "${L.zh.orderState.purchased}"`);
    await expectText(`[data-testid="dual-order"][data-id="${orderId}"] [data-testid="dual-order-amount"]`, '0.01 BTC', 'the amount invested');
    const shown = await outcomesOf(card);
    check(JSON.stringify(shown) === JSON.stringify(preview), `the order shows both outcomes (got ${JSON.stringify(shown)})`);
    await shot('mine-zh');
  });

  await step('the help page explains the rules with a worked example and draws the payoff chart', async () => {
    await page.goto(app(ROUTES.list));
    await tid('dual-to-help').click();
    await waitForRoute(page, ROUTES.help);
    await tid('dual-help-call').waitFor();
    await tid('dual-help-put').waitFor();
    // The worked examples, computed with the rule: 0.1 BTC at 70 000, 7 days at 36.5 % (0.7 %).
    check(plain(await tid('dual-example-call-below').innerText()).includes('0.1007BTC'), 'the call example pays 0.1007 BTC below the linked price');
    check(plain(await tid('dual-example-call-above').innerText()).includes('7049USDT'), 'the call example pays 7,049 USDT above it');
    check(plain(await tid('dual-example-put-below').innerText()).includes('0.10844615BTC'), 'the put example pays 0.10844615 BTC at or below it');
    await page.locator('[data-testid="dual-payoff-chart"] svg .recharts-line').first().waitFor();
    // The linked price is marked on the chart (a vertical line has no area: attached, not "visible").
    await page.locator('[data-testid="dual-payoff-chart"] .recharts-reference-line line').first().waitFor({ state: 'attached' });
    await page.locator('[data-testid="dual-payoff-chart"] .recharts-label', { hasText: '70,000' }).first().waitFor();
    check((await tid('dual-not-protected').count()) >= 1, 'the help page says it is not capital protected');
    await shot('help-zh', true);
    await tid('dual-chart-put').click();
    await page.waitForFunction(() => location.hash.includes('kind=put'));
    await page.locator('[data-testid="dual-payoff-chart"] svg .recharts-line').first().waitFor();
    await tid('dual-help-chart').scrollIntoViewIfNeeded();
    await shot('help-chart-put-zh');
  });

  await step('the screens in English', async () => {
    await setLang(page, 'en');
    await page.goto(app(ROUTES.financial));
    await tid('dual-hub-dual').waitFor();
    await shot('hub-en');
    await page.goto(app(ROUTES.list));
    await tid('dual-product').first().waitFor();
    check((await page.locator('.page-heading h1').innerText()).trim() === L.en.title, 'the list is in English');
    await shot('list-en');
    await page.goto(app(`${ROUTES.purchase}?id=${product.id}`));
    await tid('dual-form').waitFor();
    await page.locator('[data-testid="dual-payoff-chart"] svg').first().waitFor();
    await shot('purchase-en', true);
    await tid('dual-submit').click();
    await tid('dual-confirm').waitFor();
    await shot('confirm-en');
    await cancelDialog(page, '[data-testid="dual-confirm"]');
    await page.goto(app(ROUTES.mine));
    await page.locator(`[data-testid="dual-order"][data-id="${orderId}"]`).waitFor();
    check((await page.locator(`[data-testid="dual-order"][data-id="${orderId}"] [data-testid="dual-order-state"]`).innerText()).trim() === L.en.orderState.purchased, 'the order reads "Purchased"');
    await shot('mine-en');
    await page.goto(app(ROUTES.help));
    await page.locator('[data-testid="dual-payoff-chart"] svg .recharts-line').first().waitFor();
    await shot('help-en', true);
    await setLang(page, 'zh');
  });

  const other = await open('usdt');
  await signInFunded(other, { tag: 'dualusdt', coin: 'USDT', amount: '500' });
  await step('a user holding only USDT lands on "buy low", the tab that takes USDT', async () => {
    await other.goto(app(ROUTES.list));
    await other.locator('.adm-tabs-tab-active [data-testid="dual-tab-put"]').waitFor();
    await other.locator('[data-testid="dual-product"]').first().waitFor();
    const kinds = await other.locator('[data-testid="dual-product"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-kind')));
    check(kinds.length > 0 && kinds.every((k) => k === 'put'), `only "buy low" products are listed (got ${JSON.stringify(kinds)})`);
    check(await other.locator('[data-testid="dual-product"]').first().evaluate((c) => c.textContent.includes('USDT')), 'the product invests USDT');
    await shotOf(other, 'invest-list-usdt-only-zh', { prefix: '' });
    // The BTC holder still lands on "sell high".
    await page.goto(app(ROUTES.list));
    await page.locator('.adm-tabs-tab-active [data-testid="dual-tab-call"]').waitFor();
    await other.close();
  });

  await step('the screens in French: percentages "36,50 %", amounts with a comma and at the coin\'s precision', async () => {
    await setLang(page, 'fra');
    await page.goto(app(ROUTES.list));
    await tid('dual-product').first().waitFor();
    check((await page.locator('.page-heading h1').innerText()).trim() === L.fra.title, 'the list is in French');
    const apr = (await tid('dual-product-apr', page.locator('[data-testid="dual-product"]').first()).innerText()).trim();
    check(/^\d+,\d\d\u00a0%$/.test(apr), `the APR reads the French way (got ${JSON.stringify(apr)})`);
    await shot('list-fra');
    await page.goto(app(`${ROUTES.purchase}?id=${product.id}`));
    await tid('dual-form').waitFor();
    await typeShares('1', null);
    const below = (await tid('dual-outcome-below-amount', page.locator('[data-testid="dual-form"]')).innerText()).trim();
    const above = (await tid('dual-outcome-above-amount', page.locator('[data-testid="dual-form"]')).innerText()).trim();
    check(/^0,\d{2,7} BTC$/.test(below), `the BTC outcome reads with a comma, at most 7 decimals (got ${JSON.stringify(below)})`);
    check(/^\d{1,3}(\u202f\d{3})*,\d\d USDT$/.test(above), `the USDT outcome reads "1 234,56 USDT" (got ${JSON.stringify(above)})`);
    await page.locator('[data-testid="dual-payoff-chart"] svg').first().waitFor();
    await shot('purchase-fra', true);
    await page.goto(app(ROUTES.mine));
    await page.locator(`[data-testid="dual-order"][data-id="${orderId}"]`).waitFor();
    await shot('mine-fra');
    await setLang(page, 'zh');
  });

  await step('no investment screen overflows in any of the nine languages', async () => {
    await noOverflowIn(page, LANGS, [
      [ROUTES.financial, '[data-testid="dual-hub-dual"]'],
      [ROUTES.list, '[data-testid="dual-product"]'],
      [`${ROUTES.purchase}?id=${product.id}`, '[data-testid="dual-payoff-chart"] svg'],
      [ROUTES.mine, '[data-testid="dual-order"]'],
      [ROUTES.help, '[data-testid="dual-payoff-chart"] svg'],
    ]);
    await setLang(page, 'zh');
  });

  await step('no uncaught page errors', noPageErrors);
});
