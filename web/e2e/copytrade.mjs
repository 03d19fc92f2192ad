// End-to-end flow of copy trading in a real browser against the real server.
// The server's default configuration runs three demo lead traders (bots that
// open and close real contract positions at random times); the trader this
// flow follows is its own instead, scripted through the API, so that it does
// only what the flow tells it to.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/copytrade.mjs
//
// Set-up, through the API: a new user, verified by the admin, with 1000 USDT
// on the contract account, applies to lead under a name of the run's own
// ("E2E Scripted …") and the admin approves it. The demo user signs in,
// opens the trader list from Home (the demo traders with their figures),
// finds the scripted trader there by its id and opens its page (figures,
// charts, copy quality), moves USDT from spot to the contract account when it
// holds too little, fills the follow form (its own checks first, then
// multiple 1, max margin 500, the agreement) and opens the follow's copies
// page, empty. The leader opens a contract position: its copy appears on that
// page live (no reload) within seconds, at the leader's price, with the
// position's margin, and the user keeps it as their own. The leader opens a
// second position: My copy trading counts its copy open, live, and the user
// unfollows keeping it (the dialog asks about that one open copy); the ended
// follow is in the history with its reason, both copies still open as the
// user's own. Applying to lead is refused until the demo user is verified (it
// is not yet when this script runs in the suite: funds-identity.mjs comes
// later). The admin's review desk lists the approved lead traders, the
// scripted one among them. At the end the kept copies and the leader's
// positions are closed and the leader retires. Along the way: the list and
// the trader's page show the same figures of the same computation ("as of"
// its time); an open copy shows its margin, the mark price and its
// unrealised profit, which move live; the agreement link stays in its
// checkbox's sentence; and the pages about one trader opened without one (or
// with one who does not lead) say "not found" and lead back to the list.
// Screens in Chinese, English and French (copytrade-<screen>-<lang>.png in
// ARTIFACTS_DIR), each checked for horizontal overflow at 390 × 844.
import { ADMIN_EMAIL, ADMIN_PASSWORD, app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { adminCall, apiAs, apiPostAs, approve, available, call, fundedUser, requestVerification } from './lib/api.mjs';
import { DEMO, confirmDialog, expectToast, fill, locale, login, setLang, shot as shotOf, waitForRoute } from './lib/funds.mjs';
import { watchLive } from './lib/live.mjs';
import { expectPage } from './lib/page.mjs';
import { readFileSync } from 'node:fs';

/** The server's own messages (src/i18n/messages.json), to know its refusals as the user reads them. */
const SERVER = JSON.parse(readFileSync(new URL('../../src/i18n/messages.json', import.meta.url), 'utf8'));

const L = {
  zh: locale('zh', 'copytrade').copytrade,
  en: locale('en', 'copytrade').copytrade,
  fra: locale('fra', 'copytrade').copytrade,
};
const FUND_ZH = locale('zh', 'fund').fund;

const ROUTES = {
  list: '/pages/copytrade/copy',
  trader: '/pages/copytrade/trader',
  follow: '/pages/follow/follow',
  my: '/pages/copytrade/my',
  receipts: '/pages/copytrade/receipts',
  transfer: '/pages/fund/fundTransfer',
};
/**
 * How long a copy may take to show once the leader's open answered: copies
 * are made in the leader's fill, and the page refetches on the socket's
 * copy_opened, so this is seconds of slack, not a wait for anything random.
 */
const COPIED_MS = 15_000;
const MARGIN = '500';
/** What the scripted leader holds on its contract account (the minimum to lead is 100 USDT). */
const LEADER_FUNDS = '1000';

let page;
const tid = (id) => page.locator(`[data-testid="${id}"]`);
/** A screenshot copytrade-<name>.png of the screen at rest, checked for overflow; `full` for the whole page. */
const shot = (name, full = false) => shotOf(page, `copytrade-${name}`, { prefix: '', fullPage: full });

/** Waits for the list, detail, form, follows or copies to show their content (not a skeleton). */
async function ready(selector) {
  await page.locator(selector).first().waitFor();
}

/**
 * A lead trader of the run's own: a new user, verified (a level-1 request the
 * admin approves), funded, with LEADER_FUNDS USDT moved to the contract
 * account, applies to lead and is approved by the admin. Answers the user
 * ({ id, token, name, … }).
 */
async function scriptedLeader() {
  const user = await fundedUser('lead', 'USDT', LEADER_FUNDS);
  await approve('verifications', await requestVerification(user));
  await call(user.token, '/api/wallet/change', { params: { currency_id: 3, number: LEADER_FUNDS, from_field: 2, to_field: 3 } });
  // 2 to 20 characters: distinctive, and the run's own.
  const name = `E2E Scripted ${Date.now().toString(36).slice(-4)}`;
  const applied = await call(user.token, '/api/follow/apply', {
    params: { name, intro: 'Opens BTC positions only when the end-to-end flow says so.', share_rate: '0.1', max_followers: 10 },
  });
  check(applied.status === 0, `the application is pending review (got ${JSON.stringify(applied)})`);
  await adminCall('/copy/approve', { trader_id: user.id });
  const listed = await call(null, '/api/follow/index', { method: 'GET', params: { limit: 50 } });
  check(listed.data.some((t) => t.trader_id === user.id && t.name === name), `${name} is listed once approved`);
  return { ...user, name };
}

/** The scripted leader opens one lot of BTC/USDT long at 10×, at the market; answers its position. */
async function leaderOpens(leader) {
  const lead = await call(leader.token, '/api/lever/submit', { params: { match_id: 1, type: 1, status: 1, share: 1, multiple: 10 } });
  check(lead.status === 1, `the leader's position is open (got ${JSON.stringify(lead)})`);
  return lead;
}

/** The figures a trader's card or page shows, and the time of their computation. */
async function figuresIn(root, prefix) {
  const text = async (id) => (await root.locator(`[data-testid="${prefix}${id}"]`).innerText()).trim();
  return { ret: await text('return'), profit: await text('profit'), open: await text('open') };
}

/**
 * The list and the trader's page show one computation. One read of each, no
 * second try: a trader's figures are recomputed when its contract account
 * moves (its actor looks every 3 s), when the UTC day turns, and on an hourly
 * timer that starts with its approval (src/copy/mod.rs `review`,
 * actors/src/copy/actor.rs), not on any shorter timer; so within this run the
 * scripted trader's change only when it opens, which it does only when told
 * (the one exception, 00:00 UTC, turns the day and charges overnight fees).
 * Once the card shows `open` open positions (the computation after the
 * leader's last open has landed), the card is read, the page opened, and
 * both carry the same time and figures; the page says "as of" that time.
 */
async function listAndPageAgree(lang, traderId, open) {
  await page.goto(app(ROUTES.list));
  const card = page.locator(`[data-testid="cp-trader"][data-id="${traderId}"]`);
  await card.waitFor();
  const cardOf = (i) => `[data-testid="cp-trader"][data-id="${i}"]`;
  await expectPage(
    page,
    ([sel, n]) => {
      const c = document.querySelector(sel);
      return Number(c?.getAttribute('data-computed-at')) > 0 && c?.querySelector('[data-testid="cp-open"]')?.textContent?.trim() === String(n);
    },
    [cardOf(traderId), open],
    `the card shows the figures computed with ${open} open position(s)`,
    ([sel]) => `${document.querySelector(sel)?.getAttribute('data-computed-at')}: ${document.querySelector(`${sel} [data-testid="cp-open"]`)?.textContent}`,
  );
  // Money is shown at the coin's places once the coin list is there (before, at up to 8).
  await expectPage(
    page,
    (sel) => /^[^\d]*[\d\s,.\u202f\u00a0]*?[.,]\d{2}$/.test(document.querySelector(`${sel} [data-testid="cp-profit"]`)?.textContent?.trim() ?? ''),
    cardOf(traderId),
    'the card shows its profit at the coin\'s places',
    (sel) => document.querySelector(`${sel} [data-testid="cp-profit"]`)?.textContent,
  );
  const listed = { at: await card.getAttribute('data-computed-at'), ...(await figuresIn(card, 'cp-')) };
  await card.click();
  await waitForRoute(page, ROUTES.trader);
  await ready('[data-testid="cp-quality"]');
  const asOf = tid('cp-detail-computed');
  const shown = { at: await asOf.getAttribute('data-computed-at'), ...(await figuresIn(page, 'cp-detail-')) };
  check(JSON.stringify(listed) === JSON.stringify(shown), `the list and the page show the same figures of one computation (${JSON.stringify(listed)} / ${JSON.stringify(shown)})`);
  const said = (await asOf.innerText()).trim();
  const prefix = L[lang].computedAt.split('{{')[0].trim();
  check(said.includes(prefix) && /\d\d:\d\d/.test(said), `the page says when ("${said}")`);
  return listed;
}

/** The pages about one trader, opened without one or with one who does not lead: "not found", and back to the list. */
async function notFoundPages(lang) {
  for (const route of [ROUTES.trader, '/pages/follow/trader', ROUTES.follow, `${ROUTES.trader}?trader_id=987654321`]) {
    await page.goto(app(route));
    await page.waitForFunction((r) => location.hash === `#${r}`, route, { timeout: 5000 }).catch(async () => {
      throw new Error(`the address stayed ${await page.evaluate(() => location.hash)} after going to ${route}`);
    });
    await tid('cp-not-found').waitFor({ timeout: 5000 }).catch(async () => {
      throw new Error(`${await page.evaluate(() => location.hash)} shows no "not found"`);
    });
    const said = (await tid('cp-not-found').innerText()).trim();
    check(said.includes(L[lang].notFound) && !said.includes(L[lang].empty), `${route} says "${L[lang].notFound}" (got "${said}")`);
  }
  await shot(`not-found-${lang}`);
  await tid('cp-back-to-list').click();
  await waitForRoute(page, ROUTES.list);
  await ready('[data-testid="cp-trader"]');
}

/** The texts of an open copy's margin, mark and unrealised profit. */
async function liveFigures(id) {
  const card = page.locator(`[data-testid="cp-receipt"][data-id="${id}"]`);
  const text = async (t) => (await card.locator(`[data-testid="${t}"]`).innerText()).trim();
  return { margin: await text('cp-receipt-margin'), mark: await text('cp-receipt-mark'), unrealised: await text('cp-receipt-unrealised') };
}

/** An open copy shows margin, mark and unrealised profit as figures, and the mark and profit move without a reload. */
async function receiptIsLive(id) {
  const first = await liveFigures(id);
  for (const [k, v] of Object.entries(first)) check(/^[+-]?[\d\s,.\u202f\u00a0]*\d$/.test(v), `the copy's ${k} reads as a figure (got "${v}")`);
  await expectPage(
    page,
    ([i, before]) => {
      const card = document.querySelector(`[data-testid="cp-receipt"][data-id="${i}"]`);
      const now = (t) => card?.querySelector(`[data-testid="${t}"]`)?.textContent?.trim();
      return now('cp-receipt-mark') !== before.mark || now('cp-receipt-unrealised') !== before.unrealised;
    },
    [id, first],
    'the mark and unrealised profit move live',
  );
  return first;
}

/** The agreement link sits in its checkbox's sentence: right of the box, within the checkbox's own area. */
async function agreementInItsSentence() {
  const box = await page.locator('[data-testid="cp-agree"] .adm-checkbox-icon').boundingBox();
  const label = await tid('cp-agree').boundingBox();
  const link = await tid('cp-agreement-link').boundingBox();
  check(box && label && link, 'the agreement checkbox and link are shown');
  const inside = link.x >= box.x + box.width && link.x + link.width <= label.x + label.width + 0.5 && link.y >= label.y - 0.5 && link.y + link.height <= label.y + label.height + 0.5;
  check(inside, `the link wraps with its checkbox (box ${JSON.stringify(box)}, label ${JSON.stringify(label)}, link ${JSON.stringify(link)})`);
}

/** The trader list, from Home's quick entry as a person opens it. */
async function openListFromHome() {
  await page.goto(app('/pages/index/index'));
  await tid('quick-grid').waitFor();
  await page.locator('[data-key="copytrade"]').click();
  await waitForRoute(page, ROUTES.list);
  await ready('[data-testid="cp-trader"]');
}

/** The demo user's open contract positions, as the server has them. */
async function holding() {
  return (await apiPostAs(page, '/lever/my_trade', { status: 1, page: 1, limit: 100 })).data;
}

await run('copytrade', async (open) => {
  page = await open('main');
  const live = watchLive(page);
  /** The scripted lead trader (a user of the run's own), the trader the user follows, and the follow. */
  let leader = null;
  let trader = null;
  let followId = null;
  /** The leader's two positions and their copies: the first kept as the user's own, the second kept on unfollowing. */
  let firstLead = null;
  let secondLead = null;
  let heldId = null;
  let secondCopyId = null;

  await step('a lead trader of the run\'s own is verified, funded and approved (through the API)', async () => {
    leader = await scriptedLeader();
    console.log(`     ${leader.name} (#${leader.id})`);
  });

  await step('the demo user signs in', async () => {
    await login(page, DEMO.email, DEMO.password);
  });

  await step('the trader list shows the demo lead traders with their figures', async () => {
    await openListFromHome();
    const cards = page.locator('[data-testid="cp-trader"]');
    await expectPage(page, () => document.querySelectorAll('[data-testid="cp-trader"]').length >= 4, null, 'the three demo lead traders and the scripted one are listed', () =>
      document.querySelectorAll('[data-testid="cp-trader"]').length,
    );
    const first = cards.first();
    const ret = (await first.locator('[data-testid="cp-return"]').innerText()).trim();
    check(/^[+-]?\d+\.\d\d%$|^--$/.test(ret), `a 30-day return reads as a percentage (got "${ret}")`);
    const followers = (await first.locator('[data-testid="cp-followers"]').innerText()).trim();
    check(/^\d+\/\d+$/.test(followers), `followers read as count/cap (got "${followers}")`);
    const computed = (await tid('cp-computed').innerText()).trim();
    check(computed.startsWith(L.zh.computedAt.split('{{')[0]) || computed === L.zh.notComputed, `the figures' time is shown (got "${computed}")`);
    await shot('list-zh');
  });

  await step('sorting and the "has room" filter keep the list', async () => {
    await tid('cp-sort-followers').click();
    await page.waitForFunction(() => location.hash.includes('sort=followers'));
    await ready('[data-testid="cp-trader"]');
    await tid('cp-room').click();
    await page.waitForFunction(() => location.hash.includes('room=1'));
    await ready('[data-testid="cp-trader"], .state-block');
    await tid('cp-sort-return').click();
    await page.waitForFunction(() => !location.hash.includes('sort='));
    await ready('[data-testid="cp-trader"]');
  });

  await step('the scripted trader\'s page shows figures, charts, copy quality and a Follow button', async () => {
    // Found by its id: the list may still reorder (a refetch after the sort,
    // the demo traders' figures recomputed).
    const card = page.locator(`[data-testid="cp-trader"][data-id="${leader.id}"]`);
    await card.waitFor();
    const name = (await card.locator('[data-testid="cp-trader-name"]').innerText()).trim();
    check(name === leader.name, `the card names ${leader.name} (got "${name}")`);
    trader = { id: leader.id, name };
    await card.click();
    await waitForRoute(page, ROUTES.trader);
    await ready('[data-testid="cp-quality"]');
    check((await tid('cp-detail-name').innerText()).trim() === name, `the page is ${name}'s`);
    // The price difference is zero by construction and shown as "0", not a dash.
    const diff = (await tid('cp-price-diff').innerText()).trim();
    check(diff === '0', `the max price difference reads 0 (got "${diff}")`);
    for (const p of ['cp-p50', 'cp-p99']) {
      const v = (await tid(p).innerText()).trim();
      check(/^\d+ ms$|^--$/.test(v), `${p} reads in ms or as not measured yet (got "${v}")`);
    }
    await tid('cp-curve').waitFor();
    await page.locator('[data-testid="cp-curve"] svg').first().waitFor();
    await tid('cp-follow').waitFor();
    await shot('detail-zh');
  });

  await step('the list and the trader\'s page show the same figures, as of the same time', async () => {
    const shown = await listAndPageAgree('zh', trader.id, 0);
    console.log(`     ${trader.name}: ${JSON.stringify(shown)}`);
  });

  await step('a page about no trader says "not found" and leads back to the list', async () => {
    await notFoundPages('zh');
    await page.goto(app(`${ROUTES.trader}?trader_id=${trader.id}`));
    await ready('[data-testid="cp-quality"]');
  });

  await step('the follow form links the Chinese agreement', async () => {
    await tid('cp-follow').click();
    await waitForRoute(page, ROUTES.follow);
    await ready('[data-testid="cp-follow-form"]');
    await agreementInItsSentence();
    await tid('cp-agreement-link').click();
    await waitForRoute(page, '/pages/follow/agreement_zh');
    await ready('[data-testid="cp-agreement"]');
    check((await tid('cp-agreement').innerText()).includes('跟单交易协议'), 'the agreement is in Chinese');
    await shot('agreement-zh');
    await page.goBack();
    await waitForRoute(page, ROUTES.follow);
    await ready('[data-testid="cp-follow-form"]');
  });

  await step('the contract account holds enough margin (moved from spot if need be)', async () => {
    const lever = Number(await available(page, 3, 'USDT'));
    if (lever >= 600) return;
    await tid('cp-transfer').click();
    await waitForRoute(page, ROUTES.transfer);
    await fill(page, 'transfer-amount', '1000');
    await tid('transfer-submit').click();
    await expectToast(page, FUND_ZH.transfer.done);
    await page.goBack();
    await waitForRoute(page, ROUTES.follow);
    await ready('[data-testid="cp-follow-form"]');
    await expectPage(
      page,
      () => /[1-9]/.test(document.querySelector('[data-testid="cp-lever-balance"]')?.textContent ?? ''),
      null,
      'the form shows the contract balance',
    );
    const after = Number(await available(page, 3, 'USDT'));
    check(after >= lever + 1000 - 1e-9, `1000 USDT reached the contract account (${lever} → ${after})`);
    console.log(`     moved 1000 USDT to the contract account (${lever} → ${after})`);
  });

  await step('the form says what is missing before sending', async () => {
    await page.locator('[data-testid="cp-max-margin"] input').fill('');
    await tid('cp-follow-submit').click();
    await page.locator('.ui-error', { hasText: L.zh.errors.marginRequired }).waitFor();
    await page.locator('.ui-error', { hasText: L.zh.errors.agreeRequired }).waitFor();
    await page.locator('[data-testid="cp-amount"] input').fill('20');
    await tid('cp-follow-submit').click();
    await page.locator('.ui-error', { hasText: L.zh.errors.multipleRange.split('{{')[0] }).waitFor();
  });

  await step('follow with multiple 1, max margin 500 and the agreement', async () => {
    await tid('cp-mode-1').click();
    await page.locator('[data-testid="cp-amount"] input').fill('1');
    await page.locator('[data-testid="cp-max-margin"] input').fill(MARGIN);
    await tid('cp-agree').click();
    await page.locator('[data-testid="cp-agree"].adm-checkbox-checked').waitFor();
    await expectPage(page, () => document.querySelectorAll('.ui-error').length === 0, null, 'no error is left on the form');
    await shot('follow-zh', true);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/follow/follow');
    await tid('cp-follow-submit').click();
    const body = await (await answered).json();
    check(body.type === 'ok', `the follow started (got ${JSON.stringify(body)})`);
    followId = body.message.id;
    check(body.message.trader_id === trader.id && body.message.mode === 1 && body.message.max_margin === MARGIN, 'the follow holds the terms sent');
    await waitForRoute(page, ROUTES.my);
    await page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"]`).waitFor();
  });

  await step('the follow is listed in My copy trading', async () => {
    const card = page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"]`);
    check((await card.locator('[data-testid="cp-follow-trader"]').innerText()).trim() === trader.name, `the follow names ${trader.name}`);
    await shot('my-zh');
  });

  await step('the leader opens a position: its copy appears live on the copies page', async () => {
    await page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"] [data-testid="cp-follow-receipts"]`).click();
    await waitForRoute(page, ROUTES.receipts);
    // Nothing copied yet: the page says copies appear once the trader opens.
    await page.locator('.state-block', { hasText: L.zh.receipts.empty }).waitFor();
    // The page is not reloaded: the copy arrives by the socket's copy_opened,
    // so the socket is up (it heard the server) before the leader opens.
    await live.connected();
    firstLead = await leaderOpens(leader);
    const card = page.locator('[data-testid="cp-receipt"][data-state="open"]');
    await card.waitFor({ timeout: COPIED_MS });
    check((await page.locator('[data-testid="cp-receipt"]').count()) === 1, 'one copy is shown');
    const id = Number(await card.getAttribute('data-id'));
    const rows = await card.locator('.cp-vs-row').allInnerTexts();
    check(rows.length >= 3, `the copy is shown beside the leader's position (got ${JSON.stringify(rows)})`);
    // The copy is of that position, at its price: multiple 1 copies its one lot.
    const held = (await holding()).find((o) => o.id === id);
    check(held, `the copy shown (#${id}) is an open position of the user's`);
    check(held.copy_of === firstLead.id && held.follow_id === followId && held.self_held === 0, `it copies the leader's #${firstLead.id} for this follow (got ${JSON.stringify(held)})`);
    check(held.price === firstLead.price && held.multiple === firstLead.multiple && Number(held.lots) === 1, `at the leader's price and leverage, one lot (${JSON.stringify(held)} / ${JSON.stringify(firstLead)})`);
    const figures = await receiptIsLive(id);
    // The margin is the position's, as the contract screens show it:
    // at the coin's display places, cut (not rounded) as every figure is.
    const shown = figures.margin.replace(/[^\d.]/g, '');
    const places = (shown.split('.')[1] ?? '').length;
    const [int, frac = ''] = String(held.caution_money).split('.');
    const cut = places ? `${int}.${frac.padEnd(places, '0').slice(0, places)}` : int;
    check(shown === cut, `the margin is the position's (${figures.margin} / ${held.caution_money})`);
    heldId = id;
    await shot('receipts-zh');
  });

  await step('keep the copied position as my own', async () => {
    const card = page.locator(`[data-testid="cp-receipt"][data-id="${heldId}"]`);
    await card.locator('[data-testid="cp-self-hold"]').click();
    await tid('cp-self-hold-confirm').waitFor();
    await confirmDialog(page, { untilClosed: true });
    await page.locator(`[data-testid="cp-receipt"][data-id="${heldId}"][data-state="selfHeld"]`).waitFor();
    const state = (await card.locator('[data-testid="cp-receipt-state"]').innerText()).trim();
    check(state === L.zh.receipts.state.selfHeld, `the copy reads "${L.zh.receipts.state.selfHeld}" (got "${state}")`);
    // Still open: its margin, mark and unrealised profit, and no second offer to keep it.
    await card.locator('[data-testid="cp-receipt-unrealised"]').waitFor();
    check((await card.locator('[data-testid="cp-self-hold"]').count()) === 0, 'a copy held as one\'s own is not offered again');
    const receipts = await apiAs(page, '/follow/receipts', { follow_id: followId, limit: 50 });
    const row = receipts.data.find((r) => r.id === heldId);
    check(row?.self_held === 1 && row?.status === 1, `the server has the copy open and held as the user's own (got ${JSON.stringify(row)})`);
  });

  await step('the screens in English', async () => {
    await setLang(page, 'en');
    await page.goto(app(ROUTES.list));
    await ready('[data-testid="cp-trader"]');
    check((await page.locator('.page-heading h1').innerText()).trim() === L.en.title, 'the list is in English');
    await shot('list-en');
    await page.goto(app(`${ROUTES.trader}?trader_id=${trader.id}`));
    await ready('[data-testid="cp-quality"]');
    // The user follows this trader: Edit and Unfollow instead of Follow.
    await tid('cp-unfollow').waitFor();
    await tid('cp-edit').waitFor();
    await shot('detail-en');
    // The form of a trader not followed yet (a demo one), with its agreement in English.
    const other = (await apiAs(page, '/follow/index', { limit: 10 })).data.find((t) => t.trader_id !== trader.id);
    await page.goto(app(`${ROUTES.follow}?trader_id=${other.trader_id}`));
    await ready('[data-testid="cp-follow-form"]');
    await shot('follow-en', true);
    await tid('cp-agreement-link').click();
    await waitForRoute(page, '/pages/follow/agreement_en');
    await ready('[data-testid="cp-agreement"]');
    check((await tid('cp-agreement').innerText()).includes('Copy Trading Agreement'), 'the agreement is in English');
    await shot('agreement-en');
    // The kept copy: open, held as the user's own, its unrealised profit named.
    await page.goto(app(`${ROUTES.receipts}?follow_id=${followId}`));
    const kept = page.locator(`[data-testid="cp-receipt"][data-id="${heldId}"][data-state="selfHeld"]`);
    await kept.waitFor();
    await kept.locator('[data-testid="cp-receipt-state"]', { hasText: L.en.receipts.state.selfHeld }).waitFor();
    await kept.locator('[data-testid="cp-receipt-unrealised"]').waitFor();
    check((await kept.innerText()).includes(L.en.receipts.unrealised), `the open copy names its "${L.en.receipts.unrealised}"`);
    await shot('receipts-en');
    await notFoundPages('en');
    await listAndPageAgree('en', trader.id, 1);
  });

  await step('the leader opens a second position: My copy trading counts its copy open, live', async () => {
    await page.goto(app(ROUTES.my));
    const card = page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"]`);
    await card.waitFor();
    const openCopies = (sel) => document.querySelector(`${sel} [data-testid="cp-follow-open"]`)?.textContent?.trim();
    const cardSel = `[data-testid="cp-follow-current"][data-id="${followId}"]`;
    // The copy held as the user's own no longer counts as the follow's.
    await expectPage(page, (sel) => document.querySelector(`${sel} [data-testid="cp-follow-open"]`)?.textContent?.trim() === '0', cardSel, 'the follow counts no open copy', openCopies);
    // The same document as the copies page (only the address's hash changed): its socket, heard from.
    await live.connected();
    secondLead = await leaderOpens(leader);
    await page.waitForFunction((sel) => document.querySelector(`${sel} [data-testid="cp-follow-open"]`)?.textContent?.trim() === '1', cardSel, { timeout: COPIED_MS }).catch(async () => {
      throw new Error(`assertion failed: the follow counts the new copy open without a reload (got ${JSON.stringify(await page.evaluate(openCopies, cardSel))})`);
    });
    const copy = (await holding()).find((o) => o.copy_of === secondLead.id);
    check(copy && copy.follow_id === followId && copy.self_held === 0, `the second position is copied for this follow (got ${JSON.stringify(copy)})`);
    secondCopyId = copy.id;
    await shot('my-en');
  });

  await step('unfollow keeping the copies: the follow moves to the history with its reason', async () => {
    await page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"] [data-testid="cp-follow-unfollow"]`).click();
    await tid('cp-unfollow-dialog').waitFor();
    const asked = (await tid('cp-unfollow-dialog').innerText()).trim();
    const one = L.en.unfollowText_one.replace('{{count}}', '1');
    check(asked === one, `the dialog asks about its one open copy, in the singular (got "${asked}")`);
    // The follow has an open copy: the dialog asks what becomes of it.
    await page.locator('.adm-dialog-button', { hasText: L.en.unfollowClose }).waitFor();
    await page.locator('.adm-dialog-button', { hasText: L.en.unfollowKeep }).click();
    await tid('cp-unfollow-dialog').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="cp-follow-current"][data-id="${followId}"]`).waitFor({ state: 'detached' });
    await tid('cp-my-tab-history').click();
    const ended = page.locator(`[data-testid="cp-follow-ended"][data-id="${followId}"]`);
    await ended.waitFor();
    const reason = (await ended.locator('[data-testid="cp-follow-reason"]').innerText()).trim();
    check(reason === L.en.endReason.cancel_keep, `the end reason reads "${L.en.endReason.cancel_keep}" (got "${reason}")`);
    await shot('history-en');
    // Both copies are still open, the user's own, following no one.
    const open = await holding();
    for (const id of [heldId, secondCopyId]) {
      const row = open.find((o) => o.id === id);
      check(row && row.self_held === 1, `copy #${id} is still open and the user's own (got ${JSON.stringify(row)})`);
    }
  });

  await step('the screens in French', async () => {
    await setLang(page, 'fra');
    await listAndPageAgree('fra', trader.id, 2);
    await shot('detail-fra');
    await page.goto(app(`${ROUTES.receipts}?follow_id=${followId}`));
    const kept = page.locator(`[data-testid="cp-receipt"][data-id="${heldId}"][data-state="selfHeld"]`);
    await kept.waitFor();
    await page.locator(`[data-testid="cp-receipt"][data-id="${secondCopyId}"][data-state="selfHeld"]`).waitFor();
    // Still open (held as the user's own): its figures in French, live.
    await kept.locator('[data-testid="cp-receipt-margin"]').waitFor();
    check((await kept.innerText()).includes(L.fra.receipts.margin), `the copy names its "${L.fra.receipts.margin}"`);
    await receiptIsLive(heldId);
    await shot('receipts-fra');
    await notFoundPages('fra');
    await setLang(page, 'en');
    await page.goto(app(ROUTES.my));
    await tid('cp-my-tab-lead').waitFor();
  });

  await step('the Lead tab offers the application form with its checks', async () => {
    await tid('cp-my-tab-lead').click();
    await ready('[data-testid="cp-lead"]');
    await tid('cp-apply-form').waitFor();
    await tid('cp-apply-submit').click();
    await page.locator('.ui-error', { hasText: L.en.errors.nameLength.split('{{')[0].trim() }).waitFor();
    await shot('lead-en');
  });

  await step('applying to lead before verification: refused in English, and on to verification', async () => {
    await page.locator('[data-testid="cp-apply-name"] input').fill('E2E Lead');
    await page.locator('[data-testid="cp-apply-intro"] textarea').fill('Trades BTC trends with small positions.');
    await expectPage(page, () => document.querySelectorAll('.ui-error').length === 0, null, 'the form has nothing left to say');
    // The demo user as seeded: funds-identity.mjs, which verifies it, runs after this script.
    const real = await apiAs(page, '/real/state');
    check(real.level1?.state !== 2, `the demo user is not verified yet (got ${JSON.stringify(real)})`);
    await tid('cp-apply-submit').click();
    // The server answers 998 in English and the app goes to verification.
    await expectToast(page, SERVER.err_verify_first.en);
    await waitForRoute(page, '/pages/setting/real_mark');
    await setLang(page, 'zh');
  });

  await step('the admin\'s review desk lists the approved lead traders, the scripted one among them', async () => {
    const admin = await open('admin');
    await login(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(app('/pages/admin/index?tab=traders'));
    await admin.locator('[data-testid="admin-leads"]').waitFor();
    await admin.locator('[data-testid="admin-lead-filter-approved"]').click();
    await admin.locator('[data-testid="admin-lead"][data-state="1"]').first().waitFor();
    const names = await admin.locator('[data-testid="admin-lead"] .funds-item-head strong').allInnerTexts();
    check(names.includes(trader.name) && names.length >= 4, `the approved list names ${trader.name} beside the demo traders (got ${JSON.stringify(names)})`);
    await shotOf(admin, 'copytrade-admin-zh', { prefix: '' });
  });

  await step('close what the run opened: the kept copies, the leader\'s positions; the leader retires', async () => {
    for (const id of [heldId, secondCopyId]) await apiPostAs(page, '/lever/close', { id });
    for (const lead of [firstLead, secondLead]) await call(leader.token, '/api/lever/close', { params: { id: lead.id } });
    const left = (await holding()).filter((o) => [heldId, secondCopyId].includes(o.id));
    check(left.length === 0, `the demo user holds none of this run's copies (got ${JSON.stringify(left)})`);
    const retired = await call(leader.token, '/api/follow/traderStatus', { params: { action: 'retire' } });
    check(retired.status === 4, `the scripted leader retired (got ${JSON.stringify(retired)})`);
  });

  await step('no uncaught page errors', noPageErrors);
});
