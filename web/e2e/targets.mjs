// Touch targets of the main screens in a real browser against the real server.
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=…] [TARGET_LANGS=zh,en] node e2e/targets.mjs
//
// A finger needs about 44 × 44 CSS px (Apple HIG, WCAG 2.5.5): the demo user
// logs in, gets an open contract position (so its TP/SL and Close buttons show)
// and then every main screen — home, market list, market detail, spot trade,
// contract, options, assets, settings, the deposit coin picker, and copy
// trading's list, a lead trader's page, the follow form and the apply form,
// lock-up mining's Lock tab, product list, product page, orders and the Assets
// mining tab, the token sales' list, a sale's page and the subscriptions, and
// the financial hub, dual investment's list, a product's page, the orders and
// the help, and the NFT market (artworks, artists, blind boxes), an auction's
// page and its bid page, a fixed-price artwork (a video) and its purchase
// page, an artist, a blind-box series, the user's NFTs and messages, an
// owned artwork and its resale form — is opened at 390 × 844 in each language and EVERY visible
// clickable element on it is measured. Clickable means: a button, link, checkbox, radio or an element
// with a button-like role, or any element the app styles with
// `cursor: pointer` (how an element with only an onClick handler shows
// itself). The run fails naming each element (test id, label, text or class),
// its screen and its size when its box is under 44 × 44, or when the box is
// not all hit area (a neighbour painted over part of it takes the tap).
// Every other page the app registers (each '/pages/…' path of its route
// files) is measured too, once nothing on it is loading: a new page is
// measured without being listed here, and a page left out is in NOT_MEASURED
// with its reason. Languages:
// zh and en by default (TARGET_LANGS=zh,en,th to add more). Screenshots of
// each screen go to ARTIFACTS_DIR. Each screen, as measured, is then checked
// by axe-core against WCAG 2.1 A and AA (contrast, names of controls and
// fields, ARIA as allowed; lib/axe.mjs), each violation named with its
// elements. Exits non-zero on any failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, ARTIFACTS, BASE, run, step } from './lib/harness.mjs';
import { axeViolations } from './lib/axe.mjs';
import { settle } from './lib/page.mjs';

const LANGS = (process.env.TARGET_LANGS || 'zh,en').split(',');
const MIN = 44;
const SYMBOL = 'BTC/USDT';

const sym = encodeURIComponent(SYMBOL);
/** [name, route, what shows once the screen is there (all of them must)]. */
const SCREENS = [
  ['home', '/pages/index/index', ['[data-testid="home"]', '[data-testid="total-assets"]']],
  ['market', '/pages/market/market', ['[data-testid="market-row"]']],
  ['market-detail', `/pages/transaction/index2?symbol=${sym}`, ['[data-testid="period-tabs"]', '[data-testid="book-bid"]']],
  ['spot-trade', `/pages/transaction/currency?symbol=${sym}`, ['[data-testid="trade-submit"]', '[data-testid="book-ask"]']],
  ['contract', '/pages/transaction/contract', ['[data-testid="ct-submit"]', '[data-testid="ct-position"]']],
  ['options', `/pages/transaction/index?symbol=${sym}`, ['[data-testid="ct-option-form"]']],
  ['assets', '/pages/fund/assets', ['[data-testid="assets-list"]']],
  ['settings', '/pages/setting/setting', ['[data-testid="to-real"]']],
  ['deposit-picker', '/pages/fund/receive', ['[data-testid="coin-picker"] [data-testid^="pick-"]']],
  ['copytrade', '/pages/copytrade/copy', ['[data-testid="cp-trader"]']],
  ['copytrade-lead', '/pages/copytrade/my?tab=lead', ['[data-testid="cp-apply-form"]']],
  ['lock', '/pages/lockming/welcome', ['[data-testid="lm-platform"]', '[data-testid="lm-mine"] .lm-card-head']],
  ['lock-list', '/pages/lockming/lockming?category=lock', ['[data-testid="lm-product"]']],
  ['lock-buy', '/pages/lockming/buy?id=1', ['[data-testid="lm-buy-form"]', '[data-testid="lm-balance"]']],
  ['lock-orders', '/pages/lockming/order', ['[data-testid="lm-current-list"], .ui-empty']],
  ['assets-mining', '/pages/fund/assets?tab=mining', ['[data-testid="mining-tab"]', '.paged-list']],
  ['ieo', '/pages/ieo/ieo', ['[data-testid="ieo-project"] [data-testid="ieo-countdown"]']],
  ['ieo-orders', '/pages/ieo/order', ['[data-testid="ieo-order-list"], .ui-empty']],
  ['financial', '/pages/financial/index', ['[data-testid="dual-hub-ieo"]', '[data-testid="dual-hub-best"]']],
  ['invest', '/pages/invest/invest', ['[data-testid="dual-product"]']],
  ['invest-mine', '/pages/invest/mine', ['[data-testid="dual-order-list"], .ui-empty']],
  ['invest-help', '/pages/invest/help', ['[data-testid="dual-payoff-chart"] svg']],
  ['nft', '/pages/nft/nft', ['[data-testid="nft-artwork"]']],
  ['nft-artists', '/pages/nft/nft?tab=artists', ['[data-testid="nft-artist"]']],
  ['nft-boxes', '/pages/nft/nft?tab=boxes', ['[data-testid="nft-series-card"]']],
  ['nft-artist', '/pages/nft/artistDetail?id=1', ['[data-testid="nft-artist-page"] [data-testid="nft-artwork"]']],
  ['nft-series', '/pages/nft/box?id=1', ['[data-testid="nft-fairness"]', '[data-testid="nft-buy-box"]']],
  ['nft-mine', '/pages/nft/mine', ['[data-testid="nft-my-items"], .ui-empty']],
  ['nft-messages', '/pages/nft/mine?tab=messages', ['[data-testid="nft-messages"], .ui-empty']],
];

/** What axe leaves out, each with its reason: nothing now. */
const AXE_EXCLUDE = [];

/** Pages not measured, each with its reason. */
const NOT_MEASURED = {
  '/pages/admin/index': "the staff desk (the demo user is no admin; its own flows check it)",
  '/pages/follow/index': 'the copy-trading list under its old address: the same page as /pages/copytrade/copy',
  '/pages/follow/trader': "a lead trader's page under its old address: the same page as /pages/copytrade/trader",
};

/** Every page the app registers: the '/pages/…' paths of its route files (lib/constants.ts, shared/ * /routes.ts, features/ * /paths.ts). */
function appRoutes() {
  const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const files = [join(src, 'lib', 'constants.ts')];
  for (const dir of readdirSync(join(src, 'shared'))) files.push(join(src, 'shared', dir, 'routes.ts'));
  for (const dir of readdirSync(join(src, 'features'))) files.push(join(src, 'features', dir, 'paths.ts'));
  const routes = new Set();
  for (const file of files.filter((f) => existsSync(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/'(\/pages\/[A-Za-z0-9_/]+)'/g)) routes.add(m[1]);
  }
  return [...routes].sort();
}

/** Any other page is ready once it is painted and nothing on it is loading. */
const SETTLED = ['.page-body, [data-testid="home"]'];

/** Adds every registered page SCREENS does not measure yet (the path alone, no parameters). */
function addEveryPage() {
  const measured = new Set(SCREENS.map(([, route]) => route.split('?')[0]));
  for (const route of appRoutes()) {
    if (measured.has(route) || NOT_MEASURED[route]) continue;
    SCREENS.push([route.replace(/^\/pages\//, '').replace(/\//g, '-'), route, SETTLED]);
  }
}

/** The one page of this run (set when it starts). */
let page;

/** A POST of the API with the page's token. */
async function api(path, params = {}) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${BASE}/api${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const body = await res.json();
  if (body.type !== 'ok') throw new Error(`POST ${path} answers ok (got ${JSON.stringify(body)})`);
  return body.message;
}

/**
 * Home's pop-up notice shows once per notice (the dismissed id is kept on the
 * device) and would cover the screen: when the server has one in the app's
 * language that this device has not dismissed, wait for it and close it.
 */
async function closePopNotice() {
  const device = await page.evaluate(() => ({ lang: localStorage.getItem('lang') || 'zh', dismissed: localStorage.getItem('popDismissed') }));
  const notice = (await (await fetch(`${BASE}/api/news/index_pop?lang=${device.lang}`)).json()).message;
  if (!notice || String(notice.id) === device.dismissed) return;
  const pop = page.locator('[data-testid="pop-notice"]');
  await pop.waitFor({ state: 'visible' });
  await page.locator('.adm-modal-footer .adm-button').first().click();
  await pop.waitFor({ state: 'hidden' });
}

/**
 * Every visible clickable element of the page whose box is under `min` × `min`,
 * or whose box does not take the taps (something else lies on top), as
 * { what, size, covered? }. Runs in the page.
 */
function smallTargets(min) {
  // Elements that are clickable by what they are or by their role.
  const SELECTOR = [
    'button',
    'a[href]',
    'summary',
    'select',
    'input[type=checkbox]',
    'input[type=radio]',
    'input[type=button]',
    'input[type=submit]',
    '[onclick]',
    ...['button', 'tab', 'radio', 'checkbox', 'switch', 'option', 'menuitem', 'link'].map((r) => `[role=${r}]`),
  ].join(',');
  const targets = new Set();
  for (const el of document.querySelectorAll(SELECTOR)) {
    // A native checkbox or radio is hidden inside its label, which takes the tap.
    const label = el.matches('input') ? el.closest('label') : null;
    targets.add(label ?? el);
  }
  // An element with only an onClick handler shows itself by its pointer cursor;
  // its children inherit the cursor, so only the outermost one is the target.
  for (const el of document.body.querySelectorAll('*')) {
    if (getComputedStyle(el).cursor !== 'pointer') continue;
    const parent = el.parentElement;
    if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
    targets.add(el);
  }
  const describe = (el) => {
    const testid = el.getAttribute('data-testid') ?? el.querySelector('[data-testid]')?.getAttribute('data-testid');
    const label = el.getAttribute('aria-label');
    const text = (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 24);
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    return [el.tagName.toLowerCase() + (cls ? `.${cls}` : ''), testid && `testid=${testid}`, label && `label="${label}"`, text && `"${text}"`]
      .filter(Boolean)
      .join(' ');
  };
  const out = [];
  for (const el of targets) {
    // Not shown: no box, hidden, transparent, or inside something hidden.
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (el.closest('[aria-hidden="true"], [inert]')) continue;
    const size = `${Math.round(r.width)}×${Math.round(r.height)}`;
    if (r.width + 0.5 < min || r.height + 0.5 < min) {
      out.push({ what: describe(el), size });
      continue;
    }
    // The box must be the hit area too: a finger on the middle of the element
    // or 2 px inside the edges of its middle min × min square lands on it
    // (not on a neighbour painted over an overhanging box). Checked where it
    // shows: scrolled to the middle of its scroller and of the screen.
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const b = el.getBoundingClientRect();
    const [cx, cy, reach] = [b.left + b.width / 2, b.top + b.height / 2, min / 2 - 2];
    // A slide of a carousel out of sight (moved by a transform) cannot be scrolled to.
    if (cx < 0 || cx > innerWidth || cy < 0 || cy > innerHeight) continue;
    const points = [[cx, cy], [cx - reach, cy], [cx + reach, cy], [cx, cy - reach], [cx, cy + reach]];
    const stolen = points.map(([x, y]) => document.elementFromPoint(x, y)).find((hit) => hit && !el.contains(hit));
    if (stolen) out.push({ what: describe(el), size, covered: describe(stolen) });
  }
  return out;
}

/** The contract position this run opened, closed at the end. */
let positionId = null;

// Every screen is a step of its own that does not stop the others, so one run
// names every small target.
const keepGoing = { keepGoing: true };

await run(
  'targets',
  async (open) => {
    page = await open('user');
    await step('log in as the demo user and open a contract position', async () => {
      await page.goto(app('/pages/common/login'));
      await page.locator('[data-testid="login-account"] input').fill('demo@bourse.local');
      await page.locator('[data-testid="login-password"] input').fill('Demo123456');
      await page.locator('[data-testid="login-submit"]').click();
      await page.waitForFunction(() => location.hash.startsWith('#/pages/index/index'));
      // The position's own buttons (TP/SL, Close) are measured too: move a
      // little to the lever account and open one lot.
      const coins = (await (await fetch(`${BASE}/api/currency/user_currency_list`)).json()).message;
      const usdt = coins.find((c) => c.name === 'USDT');
      await api('/wallet/change', { currency: usdt.id, number: '100', from_field: 2, to_field: 3 });
      positionId = (await api('/lever/submit', { symbol: SYMBOL, type: 1, share: 1, multiple: 10, status: 1 })).id;
      // A token sale's page and a dual-investment product's page (their ids come from the lists).
      const projects = (await (await fetch(`${BASE}/api/project?page=1&limit=20`)).json()).message.data;
      const sale = projects.find((p) => p.status === 1) ?? projects[0];
      if (sale) SCREENS.push(['ieo-subscribe', `/pages/ieo/subscribe?id=${sale.id}`, ['[data-testid="ieo-form"]', '[data-testid="ieo-balance"]']]);
      const duals = (await (await fetch(`${BASE}/api/dual/index`)).json()).message;
      if (duals.length > 0) SCREENS.push(['invest-purchase', `/pages/invest/purchase?id=${duals[0].id}`, ['[data-testid="dual-form"]', '[data-testid="dual-balance"]']]);
      // An auction's page and its bid page, a fixed-price video and its purchase page (the ids
      // come from the market); an artwork the demo user owns (one bought now, the cheapest on
      // sale) with its page and resale form.
      const items = (await (await fetch(`${BASE}/api/bind_box/getBoxList?page=1&limit=100`)).json()).message.data;
      const auction = items.find((i) => i.mode === 'auction' && i.sale_status === 1);
      if (auction) {
        SCREENS.push(
          ['nft-auction', `/pages/nft/artworkDetail?id=${auction.id}`, ['[data-testid="nft-auction"] [data-testid="nft-countdown"]', '[data-testid="nft-bid-log"]']],
          ['nft-bid', `/pages/nft/purchase?id=${auction.id}`, ['[data-testid="nft-bid-form"] .adm-button']],
        );
      }
      const video = items.find((i) => i.type === 'video' && i.mode === 'normal' && i.sale_status === 1);
      if (video) {
        SCREENS.push(
          ['nft-video', `/pages/nft/artworkDetail_video?id=${video.id}`, ['[data-testid="nft-media"] video', '[data-testid="nft-buy"]']],
          ['nft-buy', `/pages/nft/purchase_one?id=${video.id}`, ['[data-testid="nft-buy-confirm"]', '[data-testid="nft-buy-balance"]']],
        );
      }
      const cheapest = items
        .filter((i) => i.mode === 'normal' && i.sale_status === 1 && i.owner !== 'me')
        .sort((a, b) => Number(a.price) - Number(b.price))[0];
      if (cheapest) {
        await api('/bind_box/buyNFT', { id: cheapest.id });
        SCREENS.push(
          ['nft-my-item', `/pages/nft/myNft?id=${cheapest.id}`, ['[data-testid="nft-my-nft"] [data-testid="nft-resell"]']],
          ['nft-resell', `/pages/nft/resell?id=${cheapest.id}`, ['[data-testid="nft-resell-form"]']],
        );
      }
      // A lead trader's page and follow form (the demo lead traders' ids come from the list).
      const traders = (await (await fetch(`${BASE}/api/follow/index`)).json()).message.data;
      if (traders.length > 0) {
        const id = traders[0].trader_id;
        SCREENS.push(
          ['copytrade-trader', `/pages/copytrade/trader?trader_id=${id}`, ['[data-testid="cp-follow-bar"]', '[data-testid="cp-quality"]']],
          ['copytrade-follow', `/pages/follow/follow?trader_id=${id}`, ['[data-testid="cp-follow-form"]']],
        );
      }
      addEveryPage();
    });

    for (const lang of LANGS) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      for (const [name, route, ready] of SCREENS) {
        /** What axe found on the screen as it showed (null until it showed). */
        let violations = null;
        await step(`${name} (${lang}): every clickable element is at least ${MIN}×${MIN}`, async () => {
          await page.goto(app(route));
          await page.reload();
          if (name === 'home') {
            await page.locator('[data-testid="home"]').waitFor();
            await closePopNotice();
          }
          for (const sel of ready) await page.locator(sel).first().waitFor();
          // Nothing still loading (a skeleton or a spinner would be measured instead of the page).
          await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 });
          // A passing toast would lie over the targets it covers.
          await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 4000 }).catch(() => undefined);
          await settle(page);
          await page.screenshot({ path: join(ARTIFACTS, `targets-${lang}-${name}.png`), fullPage: true });
          // Read before the measure, which scrolls each target into view.
          violations = await axeViolations(page, { exclude: AXE_EXCLUDE });
          const small = await page.evaluate(smallTargets, MIN);
          if (small.length > 0) {
            const line = (s) => `    ${s.size}  ${s.what}${s.covered ? `  — its box is covered by ${s.covered}` : ''}`;
            throw new Error(`${small.length} too small:\n${small.map(line).join('\n')}`);
          }
        }, keepGoing);
        await step(`${name} (${lang}): no WCAG 2.1 A/AA violation (axe)`, async () => {
          if (violations === null) throw new Error('the screen did not show');
          if (violations.length > 0) throw new Error(`${violations.length} rules broken:\n${violations.map((v) => `    ${v}`).join('\n')}`);
        }, keepGoing);
      }
    }
    await step('close the position this run opened', () => api('/lever/close', { id: positionId }));
  },
  { admin: false },
);
