// End-to-end flow of a session ended from another device, and of the server
// killed with SIGKILL and restarted, with the spot trade screen open, on a
// server of the flow's own (lib/own-server.mjs: the shared one must not die):
//
//   BOURSE_BIN=…/bourse [ARTIFACTS_DIR=…] node e2e/live-restart.mjs
//
// Device A (Chinese, 390×844) has the spot trade screen open; device B of the
// same user logs out every other device from the security settings. A is on
// the login page saying its session ended within 2 s, its token gone, and
// from then on its socket carries nothing private: an order B places is not
// among the frames A receives. A logs in again and is back on the trade page.
// Then A's page loads again with its socket held away from the server (its
// first connect comes after the restart), B cancels A's resting buy and
// places another, and the server is killed with SIGKILL at once and
// started again: within 3 s of it listening, A's prices move again, the
// cancelled order is gone, the new one listed and the available USDT is the
// server's, without a reload. The ledger audit passes on what the run wrote.
import { join } from 'node:path';
import { ownServer } from './lib/own-server.mjs';

const server = await ownServer();
const { call, fundedUser } = await import('./lib/api.mjs');
const { ARTIFACTS, app, check, routeOf, run, step } = await import('./lib/harness.mjs');
const { confirmDialog, locale, login, settle } = await import('./lib/funds.mjs');
const { cut, indicator, marketOf, restingBuy, socketGate, units } = await import('./lib/live.mjs');
const { expectPage } = await import('./lib/page.mjs');

const SYMBOL = 'BTC/USDT';
const TRADE_ROUTE = '/pages/transaction/currency';
const TRADE = `${TRADE_ROUTE}?symbol=${encodeURIComponent(SYMBOL)}`;
const zh = locale('zh');
const zhSetting = locale('zh', 'setting');
/** Socket.io frames of events only a signed-in user's room hears. */
const PRIVATE_FRAME = /^42\["(order|balance|deal|fund|deposit|withdrawal|message)"/;

/** Every socket.io event frame `page` receives, with when (ms since the epoch). */
function recordFrames(page) {
  const frames = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('42[')) frames.push({ at: Date.now(), payload });
    }),
  );
  return frames;
}

/** The available USDT on the trade screen reads the server's `amount` (cut to two places as shown). */
async function availableReads(page, amount) {
  const want = cut(units(amount), 2);
  await expectPage(
    page,
    (w) => (document.querySelector('[data-testid="trade-available"]')?.textContent ?? '').replace(/[,\s]|USDT/g, '') === w,
    want,
    `the available USDT reads the server's ${amount}`,
    () => document.querySelector('[data-testid="trade-available"]')?.textContent,
  );
}

const usdtOf = async (token, market) => (await call(token, '/api/wallet/detail', { params: { currency: market.legal_id, type: 2 } })).available;

await run('live-restart', async (open) => {
  const a = await open('device-a');
  const b = await open('device-b');
  const frames = recordFrames(a);
  let user = null;
  /** A token of the user's for the API calls: the set-up's, then B's once the others are ended. */
  let token = null;
  let market = null;
  let resting = null;

  await step('device A of a funded user has the spot trade screen open, with a resting buy listed', async () => {
    user = await fundedUser('restart', 'USDT', '1000');
    market = await marketOf(SYMBOL);
    token = user.token;
    resting = await restingBuy(token, market, 300);
    await login(a, user.email, user.password);
    await a.goto(app(TRADE));
    await a.locator(`[data-testid="order-card"][data-order-id="${resting.id}"]`).waitFor();
    await availableReads(a, await usdtOf(token, market));
    await indicator(a, null);
  });

  let endedAt = 0;
  await step('device B logs out every other device: A is told its session ended within 2 s, its token gone', async () => {
    await login(b, user.email, user.password);
    await b.goto(app('/pages/setting/security'));
    // A, B and the session the set-up logged in with (its token ends too).
    await b.locator('[data-testid="device"]').nth(2).waitFor();
    const others = (await b.locator('[data-testid="device"]').count()) - 1;
    await b.locator('[data-testid="devices-log-out-others"]').click();
    await b.locator('[data-testid="devices-confirm"]').waitFor();
    endedAt = Date.now();
    await confirmDialog(b);
    await a.locator('[data-testid="session-ended"]').waitFor();
    const took = Date.now() - endedAt;
    console.log(`     A showed the ended session ${took} ms after B confirmed`);
    check(took <= 2000, `A is told within 2 s (${took} ms)`);
    check(routeOf(a) === '/pages/common/login', `A is on the login page (${routeOf(a)})`);
    const said = (await a.locator('[data-testid="session-ended"]').innerText()).trim();
    check(said === zh.auth.sessionEnded, `A reads "${zh.auth.sessionEnded}" (got "${said}")`);
    check((await a.evaluate(() => localStorage.getItem('token'))) === null, 'the stored token is gone from A');
    await expectPage(b, () => document.querySelectorAll('[data-testid="device"]').length === 1, null, 'B lists only itself', () =>
      document.querySelectorAll('[data-testid="device"]').length,
    );
    await b.locator('.adm-toast-main', { hasText: zhSetting.devices.ended_other.replace('{{count}}', String(others)) }).waitFor();
    await settle(a);
    await a.screenshot({ path: join(ARTIFACTS, 'live-session-ended.png') });
  });

  await step('nothing private reaches A afterwards: an order B places is not in A’s frames', async () => {
    // B's is the one session left.
    token = await b.evaluate(() => localStorage.getItem('token'));
    const placed = await restingBuy(token, market, 50);
    // B's own page hears its order; give A's socket as long.
    await b.waitForTimeout(1500);
    const after = frames.filter((f) => f.at > endedAt + 1000);
    check(after.length > 0, 'A still hears the public feed');
    const leaked = after.filter((f) => PRIVATE_FRAME.test(f.payload) || f.payload.includes(`"id":${placed.id}`));
    check(leaked.length === 0, `no private frame reached A (got ${leaked.map((f) => f.payload.slice(0, 80)).join(' | ')})`);
    resting = { ...resting, second: placed };
  });

  await step('A logs in again from the ended page and is back on the trade screen with both orders', async () => {
    await login(a, user.email, user.password, { open: false, to: TRADE_ROUTE });
    await a.locator(`[data-testid="order-card"][data-order-id="${resting.second.id}"]`).waitFor();
    await a.locator(`[data-testid="order-card"][data-order-id="${resting.id}"]`).waitFor();
    await availableReads(a, await usdtOf(token, market));
    await indicator(a, null);
  });

  // A's sockets go through the gate: to the server, or held away from it.
  const gate = await socketGate(a.context());

  let listening = 0;
  let serverUsdt = '';
  let placedLast = null;
  await step('with A’s socket held away, its buy is cancelled and another placed; the server is killed (-9) and restarted', async () => {
    // The page loads again with its socket held away from the start: its
    // first connect comes only after the restart, and must catch up all the
    // same (the HTTP snapshot it drew predates the cancel).
    await gate.refuse();
    await a.reload();
    await a.locator(`[data-testid="order-card"][data-order-id="${resting.id}"]`).waitFor();
    await indicator(a, 'reconnecting');
    const cancelled = await call(token, '/api/coin/trade', { method: 'PUT', params: { id: resting.id } });
    check(cancelled.status !== 0, `the first buy is cancelled (status ${cancelled.status})`);
    placedLast = await restingBuy(token, market, 120);
    // Acknowledged, then killed at once: nothing flushed on the way out.
    await server.kill9();
    gate.allow();
    listening = await server.restart();
    serverUsdt = await usdtOf(token, market);
  });

  await step('within 3 s of the restart: prices move, the cancelled buy is gone, the new one listed, the available USDT right, no reload', async () => {
    await a.evaluate(() => {
      const seen = { moved: 0, reloaded: false };
      window.__restart = seen;
      window.addEventListener('beforeunload', () => (seen.reloaded = true));
      const book = document.querySelector('[data-testid="order-book"]');
      const start = book?.textContent;
      new MutationObserver(() => {
        if (!seen.moved && book.textContent !== start) seen.moved = Date.now();
      }).observe(book, { subtree: true, childList: true, characterData: true });
    });
    const want = cut(units(serverUsdt), 2);
    await expectPage(
      a,
      ([gone, listed, usdt]) => {
        const seen = window.__restart;
        const has = (id) => document.querySelector(`[data-testid="order-card"][data-order-id="${id}"]`) !== null;
        const shown = (document.querySelector('[data-testid="trade-available"]')?.textContent ?? '').replace(/[,\s]|USDT/g, '');
        if (!seen.right && !has(gone) && has(listed) && shown === usdt) seen.right = Date.now();
        return Boolean(seen.moved && seen.right);
      },
      [resting.id, placedLast.id, want],
      `prices move, buy ${resting.id} goes, buy ${placedLast.id} shows and the available USDT reads ${want}`,
      ([gone, listed]) => ({
        ...window.__restart,
        available: document.querySelector('[data-testid="trade-available"]')?.textContent,
        orders: [...document.querySelectorAll('[data-testid="order-card"]')].map((e) => e.getAttribute('data-order-id')),
        gone,
        listed,
      }),
    );
    const seen = await a.evaluate(() => window.__restart);
    console.log(`     after the restart: prices moved ${seen.moved - listening} ms, every private figure right ${seen.right - listening} ms`);
    check(!seen.reloaded, 'the page was not reloaded');
    check(Math.max(seen.moved, seen.right) - listening <= 3000, `right within 3 s of the restart (${Math.max(seen.moved, seen.right) - listening} ms)`);
    await indicator(a, null);
    await a.screenshot({ path: join(ARTIFACTS, 'live-restarted.png') });
  });

  await step('the ledger balances after the kill and the restart', async () => {
    await a.context().close();
    await b.context().close();
    const audit = await server.stopAndAudit();
    check(/audit passed/.test(audit), `bourse audit passes (${audit.trim().split('\n').at(-1)})`);
  });
});
