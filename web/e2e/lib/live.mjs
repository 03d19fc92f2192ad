// A page's live connection as the browser sees it, for flows that check what
// an open screen shows when the server decides something (an admin's review)
// or when the link goes and comes back (live.mjs, live-restart.mjs).
import { call } from './api.mjs';
import { check } from './harness.mjs';
import { expectPage } from './page.mjs';

/** The secondary grey live figures take while the link is down (--bourse-text-2). */
const STALE_GREY = 'rgb(146, 154, 165)';


/**
 * Starts watching `page`'s websockets (call it before the page opens any).
 * `connected({ since })` resolves once the newest socket opened at or after
 * `since` (ms; a socket of a document since reloaded is not always seen to
 * close) and still open has received a server event (tickers reach every
 * socket each second): the server holds the screen's session, and with it the
 * signed-in user's private room.
 */
export function watchLive(page) {
  const sockets = [];
  page.on('websocket', (ws) => {
    const socket = { at: Date.now(), heard: false, closed: false };
    sockets.push(socket);
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('42[')) socket.heard = true;
    });
    ws.on('close', () => {
      socket.closed = true;
    });
  });
  return {
    async connected({ since = 0, timeout = 10_000 } = {}) {
      const until = Date.now() + timeout;
      while (Date.now() < until) {
        const open = sockets.filter((s) => s.at >= since && !s.closed);
        if (open.at(-1)?.heard) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the screen had no live connection within ${timeout} ms`);
    },
  };
}

/** Decimal strings as integer units of 10^-8, for exact comparisons of amounts. */
export const SCALE = 10n ** 8n;
export function units(text) {
  const [i, f = ''] = String(text).replace(/[^0-9.]/g, '').split('.');
  return BigInt(i || '0') * SCALE + BigInt(f.padEnd(8, '0').slice(0, 8));
}
/** An amount cut (not rounded) to `places` decimals, as the app shows it, without separators. */
export function cut(u, places) {
  const step = 10n ** BigInt(8 - places);
  const v = (u / step) * step;
  const frac = (v % SCALE).toString().padStart(8, '0').slice(0, places);
  return places ? `${v / SCALE}.${frac}` : `${v / SCALE}`;
}
export const decimalsOf = (tick) => (String(tick).split('.')[1] ?? '').replace(/0+$/, '').length;

/** The indicator's state (`offline`, `reconnecting`, `back`) shows, or (null) none does. */
export async function indicator(page, state) {
  await expectPage(
    page,
    (want) => (document.querySelector('[data-testid="conn-status"]')?.getAttribute('data-state') ?? null) === want,
    state,
    state ? `the connection indicator says ${state}` : 'the connection indicator is gone',
    () => document.querySelector('[data-testid="conn-status"]')?.textContent ?? '(none)',
  );
}

/** Whether the figures under `selector` read in the stale grey (or, `stale` false, not). */
export async function figures(page, selector, stale) {
  await expectPage(
    page,
    ([s, grey, want]) => {
      const el = document.querySelector(s);
      return el !== null && document.documentElement.classList.contains('conn-stale') === want && (getComputedStyle(el).color === grey) === want;
    },
    [selector, STALE_GREY, stale],
    `${selector} reads ${stale ? 'grey (not live)' : 'in its live colour'}`,
    ([s]) => ({ colour: getComputedStyle(document.querySelector(s) ?? document.body).color, root: document.documentElement.className }),
  );
}

/**
 * A limit buy of `market` resting at half its last price, for about `usdt`
 * USDT, placed with `token`; answers the order.
 */
export async function restingBuy(token, market, usdt) {
  const tick = decimalsOf(market.tick);
  const lot = decimalsOf(market.lot);
  const priceUnits = (units(market.now_price) / 2n / 10n ** BigInt(8 - tick)) * 10n ** BigInt(8 - tick);
  const amountUnits = ((BigInt(usdt) * SCALE * SCALE) / priceUnits / 10n ** BigInt(8 - lot)) * 10n ** BigInt(8 - lot);
  const order = await call(token, '/api/coin/trade', {
    params: { match_id: market.match_id, type: 1, amount: cut(amountUnits, lot), target_price: cut(priceUnits, tick) },
  });
  check(order.status === 0, `the limit buy rests (status ${order.status})`);
  return order;
}

/** The market row of `symbol` from the quotation list. */
export async function marketOf(symbol) {
  const groups = await call(null, '/api/currency/quotation_new', { method: 'GET' });
  const market = groups.flatMap((g) => g.quotation).find((r) => r.symbol === symbol);
  check(market, `${symbol} is listed`);
  return market;
}

/**
 * Routes every socket.io websocket of `context` through the test: passed on
 * to the server, or, after `refuse()`, closed at once, those open included
 * (the server out of the page's reach while HTTP still works); `allow()`
 * lets the next tries through.
 */
export async function socketGate(context) {
  let refusing = false;
  const routed = new Set();
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (refusing) {
      ws.close({ code: 1011, reason: 'server away' });
      return;
    }
    ws.connectToServer();
    routed.add(ws);
    ws.onClose(() => routed.delete(ws));
  });
  return {
    async refuse() {
      refusing = true;
      for (const ws of [...routed]) await ws.close({ code: 1011, reason: 'server away' });
    },
    allow() {
      refusing = false;
    },
  };
}
