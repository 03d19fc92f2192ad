// End-to-end flow of the realtime link going away and coming back, in a real
// browser against the real server (prices tick every second).
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] [LIVE_OFFLINE_S=30] node e2e/live.mjs
//
// A visitor's market list while the socket cannot reach the server: the
// indicator says "reconnecting", the prices turn grey, and both clear when
// the socket gets through again. Then a user with a resting limit buy on the
// spot trade screen loses the network (Playwright's offline) for
// LIVE_OFFLINE_S seconds: the indicator says offline, the book and balances
// turn grey, a buy is refused with a note and the form keeps its amount, the
// open order stays listed. Meanwhile the order is cancelled from another
// session (the API) and an admin approves a deposit of 250 USDT. Back online,
// prices move again within 1 s, the order is gone and the available USDT
// (the release and the deposit) equals the server's within 2 s, without a
// reload; "back online" shows, then goes. Every indicator state is shot at
// 390×844 and what it adds (the indicator, the greyed figures, the note) is
// checked by axe (WCAG 2.1 A/AA); what the rest of the screen has is printed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { approve, call, coinId, fundedUser, requestDeposit } from './lib/api.mjs';
import { axeViolations } from './lib/axe.mjs';
import { ARTIFACTS, app, check, run, step } from './lib/harness.mjs';
import { locale, login, settle } from './lib/funds.mjs';
import { cut, figures, indicator, marketOf, restingBuy, socketGate, units } from './lib/live.mjs';
import { expectPage } from './lib/page.mjs';

const SYMBOL = 'BTC/USDT';
const TRADE = `/pages/transaction/currency?symbol=${encodeURIComponent(SYMBOL)}`;
const MARKET = '/pages/market/market';
/** How long the page stays offline: past the socket's 5 s back-off cap, so the return is the browser's doing. */
const OFFLINE_MS = Number(process.env.LIVE_OFFLINE_S || 30) * 1000;
const zh = locale('zh');

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What the link's state puts on a screen: the indicator, the figures it greys, the offline note. */
const LIVE_PARTS = ['[data-testid="conn-status-region"]', '[data-live]', '[data-testid="offline-note"]'];

/**
 * axe's WCAG 2.1 A/AA violations within the parts the link's state shows (one
 * line each); the whole screen's are printed besides, as found.
 */
async function liveViolations(page, name, parts = LIVE_PARTS) {
  const all = await axeViolations(page);
  if (all.length) console.log(`     axe on the whole ${name} screen (not this flow's parts): ${all.join(' || ')}`);
  await page.evaluate(`${AXE}\n;0`);
  return page.evaluate(async (parts) => {
    const present = parts.filter((s) => document.querySelector(s));
    const result = await window.axe.run(
      { include: present.map((s) => [s]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    );
    return result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | ')}`);
  }, parts);
}

/** A screenshot of the state at rest, no layout shift from the indicator, and axe's verdict on it. */
async function shootAndCheck(page, name) {
  await settle(page);
  await page.screenshot({ path: join(ARTIFACTS, `live-${name}.png`) });
  const region = await page.locator('[data-testid="conn-status-region"]').evaluate((el) => getComputedStyle(el).position);
  check(region === 'fixed', `the indicator floats over the screen (position ${region}), moving nothing`);
  const violations = await liveViolations(page, name);
  check(violations.length === 0, `no WCAG 2.1 A/AA violation in the indicator, greyed figures and note on ${name} (axe): ${violations.join(' || ')}`);
}

await run('live', async (open) => {
  // ---- a visitor, the server out of reach of the socket ----
  const visitor = await open('visitor');
  // Every socket of the page goes through the gate: passed on to the server, or refused.
  const gate = await socketGate(visitor.context());

  await step('a visitor sees live prices, then "reconnecting" and grey prices while the server is out of reach', async () => {
    await visitor.goto(app(MARKET));
    await visitor.locator('[data-testid="market-row"]').nth(2).waitFor();
    await indicator(visitor, null);
    await figures(visitor, '[data-testid="market-price"]', false);
    await gate.refuse();
    await indicator(visitor, 'reconnecting');
    await figures(visitor, '[data-testid="market-price"]', true);
    const said = await visitor.locator('[data-testid="conn-status"]').innerText();
    check(said.trim() === zh.conn.reconnecting, `the indicator reads "${zh.conn.reconnecting}" (got "${said}")`);
    const live = await visitor.locator('[data-testid="conn-status-region"]').evaluate((el) => [el.getAttribute('role'), el.getAttribute('aria-live')]);
    check(live[0] === 'status' && live[1] === 'polite', `the indicator is a polite status region (got ${live})`);
    await shootAndCheck(visitor, 'reconnecting');
  });

  await step('the socket gets through again by itself: "back online", live prices, then the indicator goes', async () => {
    gate.allow();
    await indicator(visitor, 'back');
    await figures(visitor, '[data-testid="market-price"]', false);
    const before = await visitor.locator('[data-testid="market-price"]').allInnerTexts();
    await visitor.waitForFunction(
      (prev) => [...document.querySelectorAll('[data-testid="market-price"]')].some((p, i) => p.textContent !== prev[i]),
      before,
      { timeout: 10_000 },
    );
    await indicator(visitor, null);
  });
  await visitor.context().close();

  // ---- a user with a resting order, the network gone ----
  const page = await open('trader');
  const context = page.context();
  let user = null;
  let market = null;
  let order = null;

  await step('a funded user with a limit buy resting far under the market sees it on the trade screen', async () => {
    user = await fundedUser('live', 'USDT', '1000');
    market = await marketOf(SYMBOL);
    order = await restingBuy(user.token, market, 400);

    await login(page, user.email, user.password);
    await page.goto(app(TRADE));
    await page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).waitFor();
    const spot = await call(user.token, '/api/wallet/detail', { params: { currency: market.legal_id, type: 2 } });
    await expectPage(
      page,
      (want) => (document.querySelector('[data-testid="trade-available"]')?.textContent ?? '').replace(/[,\s]|USDT/g, '') === want,
      cut(units(spot.available), 2),
      `the available USDT reads the server's ${spot.available}`,
      () => document.querySelector('[data-testid="trade-available"]')?.textContent,
    );
    await page.locator('[data-testid="book-bid"]').first().waitFor();
    await indicator(page, null);
    // The login's toast has gone, so that any toast later is the screen's answer to a tap.
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
  });

  await step('offline: the indicator says so, the book and balances turn grey, the open order stays listed', async () => {
    await context.setOffline(true);
    await indicator(page, 'offline');
    await figures(page, '[data-testid="book-last"]', true);
    await figures(page, '[data-testid="trade-available"]', true);
    const said = await page.locator('[data-testid="conn-status"]').innerText();
    check(said.trim() === zh.conn.offline, `the indicator reads "${zh.conn.offline}" (got "${said}")`);
    await page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).waitFor();
    check((await page.locator('[data-testid="open-orders"] .state-block').count()) === 0, 'the open orders show no error block');
  });

  await step('a buy tapped while offline is not sent: a note says so, the amount stays, no toast', async () => {
    const amount = page.locator('input[data-testid="trade-amount"]');
    await amount.fill('0.001');
    await page.locator('[data-testid="trade-submit"]').click();
    const shownNote = page.locator('[data-testid="trade-form"] [data-testid="offline-note"]:not([hidden])');
    await shownNote.waitFor();
    const note = await shownNote.innerText();
    check(note.trim() === zh.conn.actionOffline, `the note reads "${zh.conn.actionOffline}" (got "${note}")`);
    // Out of focus the field reads like the figures beside it ("0.0010").
    check(Number(await amount.inputValue()) === 0.001, `the amount typed is kept (${await amount.inputValue()})`);
    const toasts = await page.locator('.adm-toast-main').allInnerTexts();
    check(toasts.length === 0, `no toast (saw ${JSON.stringify(toasts)})`);
    await page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).waitFor();
    await shootAndCheck(page, 'offline');
  });

  let serverAvailable = '';
  await step(`the order is cancelled from another session and a deposit approved while the page stays offline (${OFFLINE_MS / 1000} s)`, async () => {
    const offlineSince = Date.now();
    const cancelled = await call(user.token, '/api/coin/trade', { method: 'PUT', params: { id: order.id } });
    check(cancelled.status !== 0, `the order is cancelled on the server (status ${cancelled.status})`);
    await approve('deposits', await requestDeposit(user.token, await coinId('USDT'), '250'));
    serverAvailable = (await call(user.token, '/api/wallet/detail', { params: { currency: market.legal_id, type: 2 } })).available;
    // The page cannot know yet: it still shows the order and the old balance, greyed.
    await page.waitForTimeout(Math.max(0, OFFLINE_MS - (Date.now() - offlineSince)));
    await page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).waitFor();
    await indicator(page, 'offline');
  });

  await step('back online: prices move within 1 s, the order is gone and the available USDT is right within 2 s, no reload', async () => {
    // The page notes when the browser said online and when the book first changed after it.
    await page.evaluate(() => {
      const seen = { online: 0, moved: 0, order: 0, balance: 0, reloaded: false };
      window.__live = seen;
      window.addEventListener('beforeunload', () => (seen.reloaded = true));
      window.addEventListener('online', () => (seen.online = performance.now()), { once: true });
      const book = document.querySelector('[data-testid="order-book"]');
      new MutationObserver(() => {
        if (seen.online && !seen.moved) seen.moved = performance.now();
      }).observe(book, { subtree: true, childList: true, characterData: true });
    });
    const want = cut(units(serverAvailable), 2);
    await context.setOffline(false);
    await expectPage(
      page,
      ([id, available]) => {
        const seen = window.__live;
        if (!seen.online) return false;
        const now = performance.now();
        if (!seen.order && !document.querySelector(`[data-testid="order-card"][data-order-id="${id}"]`)) seen.order = now;
        const shown = (document.querySelector('[data-testid="trade-available"]')?.textContent ?? '').replace(/[,\s]|USDT/g, '');
        if (!seen.balance && shown === available) seen.balance = now;
        return Boolean(seen.moved && seen.order && seen.balance);
      },
      [order.id, want],
      `prices move, the cancelled order goes and the available USDT reads ${want}`,
      () => ({ ...window.__live, available: document.querySelector('[data-testid="trade-available"]')?.textContent }),
    );
    const seen = await page.evaluate(() => window.__live);
    const after = (t) => Math.round(t - seen.online);
    console.log(`     after online: prices moved ${after(seen.moved)} ms, order gone ${after(seen.order)} ms, balance right ${after(seen.balance)} ms`);
    check(!seen.reloaded, 'the page was not reloaded');
    check(after(seen.moved) <= 1000, `prices moved within 1 s of online (${after(seen.moved)} ms)`);
    check(after(seen.order) <= 2000, `the cancelled order went within 2 s (${after(seen.order)} ms)`);
    check(after(seen.balance) <= 2000, `the available USDT was right within 2 s (${after(seen.balance)} ms)`);
    check((await page.locator('[data-testid="offline-note"]:not([hidden])').count()) === 0, 'the offline note went with the connection back');
  });

  await step('"back online" shows with live colours, then the indicator goes', async () => {
    await indicator(page, 'back');
    await figures(page, '[data-testid="trade-available"]', false);
    const said = await page.locator('[data-testid="conn-status"]').innerText();
    check(said.trim() === zh.conn.back, `the indicator reads "${zh.conn.back}" (got "${said}")`);
    await page.screenshot({ path: join(ARTIFACTS, 'live-back.png') });
    // Back live, the figures wear their own colours again: only the indicator is this flow's.
    const violations = await liveViolations(page, 'back', ['[data-testid="conn-status-region"]']);
    check(violations.length === 0, `no WCAG 2.1 A/AA violation in the indicator on back (axe): ${violations.join(' || ')}`);
    await indicator(page, null);
    check(Number(await page.locator('input[data-testid="trade-amount"]').inputValue()) === 0.001, 'the amount typed offline is still there');
  });
});
