// End-to-end flow of the market and spot-trading screens in a real browser
// against the real server (prices tick every second).
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=../artifacts/screenshots] node e2e/market.mjs
//
// A visitor watches live prices on the Market tab, searches, opens the BTC/USDT
// detail (chart and book); then logs in as the demo user, places a limit buy
// far below the market and cancels it, places a market buy of 100 USDT and sees
// it filled and the BTC balance go up. Screenshots (zh, then en) of every
// screen are written to ARTIFACTS_DIR; each is checked for horizontal overflow.
import { app, check, run, step } from './lib/harness.mjs';
import { DEMO, locale, login, shot as shotOf, waitForRoute as routeIs } from './lib/funds.mjs';
import { expectPage as expectOn, expectToast as toastOn } from './lib/page.mjs';

const SYMBOL = 'BTC/USDT';
const zhTrade = locale('zh', 'transaction').trade;

let page;
const expectPage = (fn, arg, message, show) => expectOn(page, fn, arg, message, show);
const expectToast = (text) => toastOn(page, text);
const shot = (name, options) => shotOf(page, name, { prefix: '', ...options });
const waitForRoute = (route) => routeIs(page, route);

const sym = encodeURIComponent(SYMBOL);
const ROUTES = {
  market: '/pages/market/market',
  search: '/pages/market/search',
  detail: `/pages/transaction/index2?symbol=${sym}`,
  trade: `/pages/transaction/currency?symbol=${sym}`,
  orders: `/pages/transaction/currency_order?symbol=${sym}`,
};

async function rowPrices() {
  return page.locator('[data-testid="market-price"]').allInnerTexts();
}

/** A decimal shown with separators ("1,234.5 USDT") as a number, for comparisons in the test only. */
function numberIn(text) {
  const m = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return m ? Number(m[0].replace(/,/g, '')) : NaN;
}

const availableText = () => document.querySelector('[data-testid="trade-available"]')?.textContent ?? '(missing)';

/**
 * Picks the buy or sell side of the trade form and reads what is available
 * for it, once the form shows that side: its tab selected and the available
 * figure in the side's coin (USDT to buy, BTC to sell), as a person sees it.
 * `until(value)`, when given, must hold too (a balance that is still updating).
 */
async function sideAvailable(side, until = null) {
  const coin = side === 'buy' ? SYMBOL.split('/')[1] : SYMBOL.split('/')[0];
  const tab = page.locator(`[data-testid="side-${side}"]`);
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expectPage(
    ([s, c, min]) => {
      const text = document.querySelector('[data-testid="trade-available"]')?.textContent ?? '';
      const m = /^(-?[\d,]+(?:\.\d+)?) (\S+)$/.exec(text.trim());
      return (
        document.querySelector(`[data-testid="side-${s}"]`)?.getAttribute('aria-selected') === 'true' &&
        m !== null &&
        m[2] === c &&
        (min === null || Number(m[1].replace(/,/g, '')) > min)
      );
    },
    [side, coin, until],
    until === null ? `the ${side} side shows what is available in ${coin}` : `the ${side} side shows more than ${until} ${coin} available`,
    availableText,
  );
  return numberIn(await page.locator('[data-testid="trade-available"]').innerText());
}

/** Clicks a tab-like button of the trade form and waits until it is the selected one. */
async function pick(testId) {
  await page.locator(`[data-testid="${testId}"]`).click();
  await page.locator(`[data-testid="${testId}"][aria-selected="true"]`).waitFor();
}

/** Fills a field of the trade form and waits until it holds `expected` (the form may cut what is typed). */
async function fillField(testId, value, expected = value) {
  const input = page.locator(`input[data-testid="${testId}"]`);
  await input.fill(value);
  await expectPage(
    ([id, want]) => document.querySelector(`input[data-testid="${id}"]`)?.value === want,
    [testId, expected],
    `the ${testId} field holds "${expected}"`,
    ([id]) => document.querySelector(`input[data-testid="${id}"]`)?.value ?? '(missing)',
  );
}
await run('market', async (open) => {
  page = await open('main');

  await step('visitor sees the market list with prices that change live', async () => {
    await page.goto(app(ROUTES.market));
    // The demo lists a dozen coins, each with its own icon and volume.
    await page.locator('[data-testid="market-row"]').nth(11).waitFor();
    const before = await rowPrices();
    check(before.length >= 12, `at least 12 coin rows (got ${before.length})`);
    await page.waitForFunction(
      () => {
        const imgs = [...document.querySelectorAll('[data-testid="market-row"] img')];
        return imgs.length >= 12 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      },
      null,
      { timeout: 10_000 },
    );
    await page.waitForFunction(
      (prev) => {
        const now = [...document.querySelectorAll('[data-testid="market-price"]')].map((e) => e.textContent);
        return now.length === prev.length && now.some((p, i) => p !== prev[i]);
      },
      before,
      { timeout: 12_000 },
    );
    const pill = page.locator('.market-pill').first();
    check(/%$/.test(await pill.innerText()), 'the change pill shows a percentage');
    await shot('market-list');
  });

  await step('?tab=stock opens the stock tab; favourites ask a visitor to log in', async () => {
    await page.goto(app(`${ROUTES.market}?tab=stock`));
    await page.locator('[data-testid="market-row"][data-symbol="AAPL/USDT"]').waitFor();
    check((await page.locator('[data-testid="market-row"][data-symbol="BTC/USDT"]').count()) === 0, 'no coin rows on the stock tab');
    await page.locator('[data-testid="market-tab-favourite"]').click();
    await page.locator('[data-testid="favourites-login"]').waitFor();
  });

  await step('search shows hot searches and filters by symbol', async () => {
    await page.goto(app(ROUTES.market));
    await page.locator('[data-testid="market-search"]').click();
    await waitForRoute(ROUTES.search);
    await page.locator('[data-testid="hot-row"]').first().waitFor();
    await shot('market-search-hot');
    await page.locator('.market-search-bar input').fill('eth');
    await expectPage(
      () => [...document.querySelectorAll('[data-testid="market-row"]')].map((r) => r.getAttribute('data-symbol')).join(',') === 'ETH/USDT',
      null,
      'only ETH/USDT matches "eth"',
      () => [...document.querySelectorAll('[data-testid="market-row"]')].map((r) => r.getAttribute('data-symbol')),
    );
    await shot('market-search');
    await page.locator('.market-search-bar input').fill('btc');
    await page.locator('[data-testid="market-row"][data-symbol="BTC/USDT"]').click();
    await waitForRoute('/pages/transaction/index2');
  });

  await step('the detail draws the candles and a live book with bids and asks', async () => {
    await page.locator('[data-testid="detail-price"]').waitFor();
    await page.locator('[data-testid="kline-chart"] canvas').first().waitFor();
    await page.waitForFunction(() => {
      // The chart has drawn candles: some canvas of it holds coloured pixels.
      const canvases = [...document.querySelectorAll('[data-testid="kline-chart"] canvas')];
      return canvases.some((c) => {
        if (c.width < 50 || c.height < 50) return false;
        const ctx = c.getContext('2d');
        if (!ctx) return false;
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let coloured = 0;
        for (let i = 0; i < data.length; i += 16) {
          const [r, g, , a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
          // Up green (14,203,129) or down red (246,70,93) candles.
          if (a > 0 && ((g > 150 && r < 80) || (r > 200 && g < 110))) coloured += 1;
          if (coloured > 20) return true;
        }
        return false;
      });
    });
    await page.locator('[data-testid="book-bid"]').first().waitFor();
    await page.locator('[data-testid="book-ask"]').first().waitFor();
    check((await page.locator('[data-testid="book-bid"]').count()) >= 3, 'several bid levels');
    check((await page.locator('[data-testid="book-ask"]').count()) >= 3, 'several ask levels');
    // Switching the period loads that period's history and the chart draws it.
    await page.locator(`[data-testid="kline-chart"][data-series="${SYMBOL}|15min"]`).waitFor();
    const history = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/currency/new_timeshar' && url.searchParams.get('period') === '1min' && url.searchParams.get('symbol') === SYMBOL;
    });
    await page.locator('[data-testid="period-tabs"] [data-period="1min"]').click();
    const answer = await history;
    const body = await answer.json();
    check(answer.ok() && body.code === 1, `the 1 min history was answered (HTTP ${answer.status()}, ${JSON.stringify(body).slice(0, 120)})`);
    const ids = body.data.map((b) => b.id);
    check(ids.length > 1, `the 1 min history has bars (got ${ids.length})`);
    check(ids.every((id) => id % 60 === 0) && ids.some((id, i) => i > 0 && id - ids[i - 1] === 60), 'the bars are 1 min apart');
    await page.locator('[data-testid="period-tabs"] [data-period="1min"][aria-selected="true"]').waitFor();
    await expectPage(
      (key) => document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-series') === key,
      `${SYMBOL}|1min`,
      'the chart draws the 1 min history',
      () => document.querySelector('[data-testid="kline-chart"]')?.getAttribute('data-series'),
    );
    await shot('market-detail');
  });

  await step('a visitor on the trade page sees the book and logs in from there', async () => {
    await page.locator('[data-testid="detail-buy"]').click();
    await waitForRoute('/pages/transaction/currency');
    await page.locator('[data-testid="book-ask"]').first().waitFor();
    await page.locator('[data-testid="trade-login"]').click();
    await login(page, DEMO.email, DEMO.password, { open: false, to: '/pages/transaction/currency' });
    await page.locator('[data-testid="trade-submit"]').waitFor();
  });

  let btcBefore = 0;
  let limitPrice = '';
  await step('a limit buy 20 % under the market rests in open orders and is cancelled', async () => {
    btcBefore = await sideAvailable('sell');
    const usdt = await sideAvailable('buy');
    check(usdt > 200, `enough USDT to trade (got ${usdt})`);

    await expectPage(
      () => /[1-9]/.test(document.querySelector('[data-testid="book-last"]')?.textContent ?? ''),
      null,
      'the last price is shown',
      () => document.querySelector('[data-testid="book-last"]')?.textContent ?? '(missing)',
    );
    const last = numberIn(await page.locator('[data-testid="book-last"]').innerText());
    limitPrice = (Math.floor(last * 0.8 * 100) / 100).toFixed(2);
    await pick('kind-limit');
    await fillField('trade-price', limitPrice);
    await fillField('trade-amount', '0.001');
    const expectedTotal = Number(limitPrice) * 0.001;
    await expectPage(
      (want) => {
        const m = /[\d,]+(\.\d+)?/.exec(document.querySelector('[data-testid="trade-total"]')?.textContent ?? '');
        return m !== null && Math.abs(Number(m[0].replace(/,/g, '')) - want) < 0.01;
      },
      expectedTotal,
      `the estimated total is price × amount (${expectedTotal})`,
      () => document.querySelector('[data-testid="trade-total"]')?.textContent ?? '(missing)',
    );
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(zhTrade.orderPlaced);

    // The price is shown with separators ("52,578.32").
    const shownPrice = Number(limitPrice).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const card = page.locator('[data-testid="open-orders"] [data-testid="order-card"][data-status="0"]', { hasText: shownPrice }).first();
    await card.waitFor();
    await shot('market-trade');

    await card.locator('[data-testid="order-cancel"]').click();
    await expectToast(zhTrade.cancelled);
    await page.waitForFunction(
      (price) =>
        ![...document.querySelectorAll('[data-testid="open-orders"] [data-testid="order-card"]')].some((c) =>
          (c.textContent ?? '').replace(/,/g, '').includes(price),
        ),
      limitPrice,
    );
  });

  await step('the error that stops an order stays at the field and is said again on tap', async () => {
    await sideAvailable('buy');
    await pick('kind-limit');
    await fillField('trade-price', limitPrice);
    await fillField('trade-amount', '1000');
    const amountError = page.locator('.decimal-field', { has: page.locator('input[data-testid="trade-amount"]') }).locator('.decimal-error');
    await amountError.filter({ hasText: zhTrade.errInsufficient }).waitFor();
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(zhTrade.errInsufficient);
    await amountError.filter({ hasText: zhTrade.errInsufficient }).waitFor();
    // A market buy below the least one lot costs is refused before it is sent.
    await pick('kind-market');
    await fillField('trade-amount', '0.01');
    const belowMinimum = zhTrade.errMinTotal.split('{{')[0].trim();
    await amountError.filter({ hasText: belowMinimum }).waitFor();
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(belowMinimum);
    await shot('market-trade-min-total');
  });

  await step('a market buy of 100 USDT fills and the BTC available goes up', async () => {
    await sideAvailable('buy');
    await pick('kind-market');
    await fillField('trade-amount', '100');
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(zhTrade.orderFilled);
    const after = await sideAvailable('sell', btcBefore);
    check(after > btcBefore, `BTC available went up (${btcBefore} → ${after})`);
    await pick('side-buy');
  });

  await step('all orders show the filled market buy and the cancelled limit buy', async () => {
    await page.locator('[data-testid="all-orders"]').click();
    await waitForRoute('/pages/transaction/currency_order');
    await expectPage(
      () => document.querySelector('[data-testid="order-card"]')?.getAttribute('data-status') === '1',
      null,
      'the newest order is filled',
      () => document.querySelector('[data-testid="order-card"]')?.getAttribute('data-status') ?? '(no order)',
    );
    const first = page.locator('[data-testid="order-card"]').first();
    check((await first.innerText()).includes(zhTrade.status.filled), 'it says filled');
    const cancelled = page.locator('[data-testid="order-card"][data-status="2"]').first();
    await cancelled.waitFor();
    check((await cancelled.innerText()).replace(/,/g, '').includes(limitPrice), 'the cancelled limit order is listed');
    await shot('market-orders');
  });

  await step('latest trades opens with the trades made before the page was opened', async () => {
    const opened = Date.now();
    await page.goto(app(ROUTES.detail));
    await page.reload();
    await page.locator('.adm-tabs-tab', { hasText: zhTrade.latestTrades }).click();
    await expectPage(
      (before) => [...document.querySelectorAll('[data-testid="trade-row"]')].some((r) => Number(r.getAttribute('data-time')) < before),
      opened,
      'a trade from before the page opened is listed',
      () => `${document.querySelectorAll('[data-testid="trade-row"]').length} rows`,
    );
    await shot('market-latest-trades');
  });

  await step('the star adds the market to favourites', async () => {
    await page.goto(app(ROUTES.detail));
    const star = page.locator('[data-testid="fav-toggle"][data-ready="true"]');
    await star.waitFor();
    if ((await star.getAttribute('aria-pressed')) !== 'true') {
      await star.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="fav-toggle"][data-ready="true"]')?.getAttribute('aria-pressed') === 'true');
    }
    await page.goto(app(`${ROUTES.market}?tab=favourite`));
    await page.locator(`[data-testid="market-row"][data-symbol="${SYMBOL}"]`).waitFor();
  });

  await step('the same screens in English fit the phone screen', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(app(ROUTES.market));
    await page.reload();
    await page.locator('[data-testid="market-row"]').first().waitFor();
    await page.getByText('Last price').first().waitFor();
    await shot('market-list-en');
    await page.goto(app(ROUTES.search));
    await page.locator('[data-testid="hot-row"]').first().waitFor();
    await shot('market-search-en');
    await page.goto(app(ROUTES.detail));
    await page.locator('[data-testid="book-bid"]').first().waitFor();
    await shot('market-detail-en');
    await page.goto(app(ROUTES.trade));
    await page.locator('[data-testid="book-bid"]').first().waitFor();
    // Input is cut to the lot's decimals; what is left is checked before any call.
    await fillField('trade-amount', '0.00001', '0.0000');
    await page.locator('[data-testid="trade-submit"]').click();
    // At the field (the tap says it again in a toast, hence the field's own locator).
    await page.locator('.decimal-error', { hasText: 'The amount must be greater than 0' }).waitFor();
    await shot('market-trade-en');
    await page.goto(app(ROUTES.orders));
    await page.locator('[data-testid="order-card"]').first().waitFor();
    await shot('market-orders-en');
  });

  await step('the trade page in French: the price field reads like the book, 44 px levels, plain digits while typing', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'fra'));
    await page.goto(app(ROUTES.trade));
    await page.reload();
    await page.locator('[data-testid="book-ask"]').first().waitFor();
    await pick('kind-limit');
    // Not being typed in, the price reads at the tick with French marks, as the book's levels do.
    const french = /^\d{1,3}(\u202f\d{3})*,\d{2}$/;
    await expectPage(
      (re) => new RegExp(re).test(document.querySelector('input[data-testid="trade-price"]')?.value ?? ''),
      french.source,
      'the price field reads "66 864,05"',
      () => document.querySelector('input[data-testid="trade-price"]')?.value ?? '(missing)',
    );
    const level = (await page.locator('[data-testid="book-ask"] .book-price').first().innerText()).trim();
    check(french.test(level), `a level of the book reads the French way (got ${JSON.stringify(level)})`);
    const heights = await page.locator('button[data-testid="book-ask"], button[data-testid="book-bid"]').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    check(heights.length > 0 && heights.every((h) => h >= 44), `each level is a 44 px target (got ${JSON.stringify(heights)})`);
    // Typing: the plain digits, replaced as a whole.
    await fillField('trade-price', '50000.5');
    await page.locator('input[data-testid="trade-amount"]').focus();
    await expectPage(
      () => document.querySelector('input[data-testid="trade-price"]')?.value === '50\u202f000,50',
      null,
      'the typed price reads "50 000,50" once left',
      () => document.querySelector('input[data-testid="trade-price"]')?.value ?? '(missing)',
    );
    await shot('market-trade-fra');
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  });
}, { admin: false, failureShot: () => 'market-failure' });
