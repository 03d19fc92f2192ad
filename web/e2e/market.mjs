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
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
const ARTIFACTS = resolve(process.env.ARTIFACTS_DIR || join(here, '..', '..', 'artifacts', 'screenshots'));
const STEP_TIMEOUT = 15_000;
const SYMBOL = 'BTC/USDT';

if (!BASE) {
  console.error('Set BOURSE_URL to the running server, e.g. BOURSE_URL=http://127.0.0.1:8080');
  process.exit(2);
}
mkdirSync(ARTIFACTS, { recursive: true });

const locale = (feature, lang) =>
  JSON.parse(readFileSync(join(here, '..', 'src', 'features', feature, 'locales', `${lang}.json`), 'utf8'));
const zhTrade = locale('transaction', 'zh').trade;

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
const sym = encodeURIComponent(SYMBOL);
const ROUTES = {
  market: '/pages/market/market',
  search: '/pages/market/search',
  detail: `/pages/transaction/index2?symbol=${sym}`,
  trade: `/pages/transaction/currency?symbol=${sym}`,
  orders: `/pages/transaction/currency_order?symbol=${sym}`,
};

async function waitForRoute(route) {
  await page.waitForFunction((r) => location.hash.replace(/^#/, '').split('?')[0] === r, route, { timeout: STEP_TIMEOUT });
}

async function shot(name, { keepToast = false } = {}) {
  if (!keepToast) await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  check(!overflow, `no horizontal overflow on ${name}`);
}

/** Waits for a toast saying `text`; on a time-out, reports what the toast said instead. */
async function expectToast(text) {
  try {
    await page.locator('.adm-toast-main', { hasText: text }).waitFor({ state: 'visible' });
  } catch {
    const shown = await page.locator('.adm-toast-main').allInnerTexts().catch(() => []);
    throw new Error(`expected the toast "${text}", saw ${JSON.stringify(shown)}`);
  }
}

async function rowPrices() {
  return page.locator('[data-testid="market-price"]').allInnerTexts();
}

/** A decimal shown with separators ("1,234.5 USDT") as a number, for comparisons in the test only. */
function numberIn(text) {
  const m = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  return m ? Number(m[0].replace(/,/g, '')) : NaN;
}

async function available() {
  const el = page.locator('[data-testid="trade-available"]');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
  return numberIn(await el.innerText());
}

async function closePopNotice() {
  const pop = page.locator('[data-testid="pop-notice"]');
  if (await pop.isVisible().catch(() => false)) {
    await page.locator('.adm-modal-footer .adm-button').first().click();
  }
}

try {
  await step('visitor sees the market list with prices that change live', async () => {
    await page.goto(app(ROUTES.market));
    await page.locator('[data-testid="market-row"]').nth(2).waitFor();
    const before = await rowPrices();
    check(before.length >= 3, `at least 3 coin rows (got ${before.length})`);
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
    await page.locator('[data-testid="market-row"][data-symbol="ETH/USDT"]').waitFor();
    check((await page.locator('[data-testid="market-row"]').count()) === 1, 'only ETH/USDT matches "eth"');
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
    // Switching the period loads another history.
    await page.locator('[data-testid="period-tabs"] [data-period="1min"]').click();
    await page.waitForTimeout(600);
    await shot('market-detail');
  });

  await step('a visitor on the trade page sees the book and logs in from there', async () => {
    await page.locator('[data-testid="detail-buy"]').click();
    await waitForRoute('/pages/transaction/currency');
    await page.locator('[data-testid="book-ask"]').first().waitFor();
    await page.locator('[data-testid="trade-login"]').click();
    await waitForRoute('/pages/common/login');
    await page.locator('[data-testid="login-account"] input').fill('demo@bourse.local');
    await page.locator('[data-testid="login-password"] input').fill('Demo123456');
    await page.locator('[data-testid="login-submit"]').click();
    await waitForRoute('/pages/transaction/currency');
    await page.locator('[data-testid="trade-submit"]').waitFor();
    await closePopNotice();
  });

  let btcBefore = 0;
  let limitPrice = '';
  await step('a limit buy 20 % under the market rests in open orders and is cancelled', async () => {
    await page.locator('[data-testid="side-sell"]').click();
    btcBefore = await available();
    await page.locator('[data-testid="side-buy"]').click();
    const usdt = await available();
    check(usdt > 200, `enough USDT to trade (got ${usdt})`);

    const last = numberIn(await page.locator('[data-testid="book-last"]').innerText());
    check(last > 0, 'the last price is shown');
    limitPrice = (Math.floor(last * 0.8 * 100) / 100).toFixed(2);
    await page.locator('[data-testid="kind-limit"]').click();
    await page.locator('input[data-testid="trade-price"]').fill(limitPrice);
    await page.locator('input[data-testid="trade-amount"]').fill('0.001');
    const total = numberIn(await page.locator('[data-testid="trade-total"]').innerText());
    check(Math.abs(total - Number(limitPrice) * 0.001) < 0.01, `estimated total ${total} = price × amount`);
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(zhTrade.orderPlaced);

    // The price is shown with separators ("52,578.32").
    const shownPrice = Number(limitPrice).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const card = page.locator('[data-testid="open-orders"] [data-testid="order-card"]', { hasText: shownPrice }).first();
    await card.waitFor();
    check((await card.getAttribute('data-status')) === '0', `an open order at ${shownPrice}`);
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

  await step('a market buy of 100 USDT fills and the BTC available goes up', async () => {
    await page.locator('[data-testid="kind-market"]').click();
    await page.locator('input[data-testid="trade-amount"]').fill('100');
    await page.locator('[data-testid="trade-submit"]').click();
    await expectToast(zhTrade.orderFilled);
    await page.locator('[data-testid="side-sell"]').click();
    await page.waitForFunction(
      (before) => {
        const m = /[\d,]+(\.\d+)?/.exec(document.querySelector('[data-testid="trade-available"]')?.textContent ?? '');
        return m && Number(m[0].replace(/,/g, '')) > before;
      },
      btcBefore,
    );
    const after = await available();
    check(after > btcBefore, `BTC available went up (${btcBefore} → ${after})`);
    await page.locator('[data-testid="side-buy"]').click();
  });

  await step('all orders show the filled market buy and the cancelled limit buy', async () => {
    await page.locator('[data-testid="all-orders"]').click();
    await waitForRoute('/pages/transaction/currency_order');
    const first = page.locator('[data-testid="order-card"]').first();
    await first.waitFor();
    check((await first.getAttribute('data-status')) === '1', 'the newest order is filled');
    check((await first.innerText()).includes(zhTrade.status.filled), 'it says filled');
    const cancelled = page.locator('[data-testid="order-card"][data-status="2"]').first();
    await cancelled.waitFor();
    check((await cancelled.innerText()).replace(/,/g, '').includes(limitPrice), 'the cancelled limit order is listed');
    await shot('market-orders');
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
    await page.locator('input[data-testid="trade-amount"]').fill('0.00001');
    check((await page.locator('input[data-testid="trade-amount"]').inputValue()) === '0.0000', 'amount cut to 4 decimals');
    await page.locator('[data-testid="trade-submit"]').click();
    await page.getByText('The amount must be greater than 0').waitFor();
    await shot('market-trade-en');
    await page.goto(app(ROUTES.orders));
    await page.locator('[data-testid="order-card"]').first().waitFor();
    await shot('market-orders-en');
  });

  check(pageErrors.length === 0, `no uncaught page errors (${pageErrors.join('; ')})`);
} catch (e) {
  await page.screenshot({ path: join(ARTIFACTS, 'market-failure.png') }).catch(() => undefined);
  if (!failed) {
    failed += 1;
    console.error(`FAIL ${e.message}`);
  }
} finally {
  await browser.close();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
