// End-to-end flow of the contract and seconds-option screens in a real browser
// against the real server (prices tick every second).
//
//   BOURSE_URL=http://127.0.0.1:PORT [ARTIFACTS_DIR=../artifacts/screenshots] node e2e/contract.mjs
//
// Logs in as the demo user, funds the lever and options accounts by transfer,
// opens, protects and closes a long, sees the options chart open on the minutes
// of index the server recorded (not a few seconds of line), buys an option of
// the shortest configured duration (`make test-e2e` configures a short one) and
// checks its payout and the balance against the recorded prices and the
// configured ratio and fee.
// Screenshots (zh and en) are written to ARTIFACTS_DIR.
import { app, check, noPageErrors, run, step } from './lib/harness.mjs';
import { apiAs } from './lib/api.mjs';
import { DEMO, confirmDialog as confirmOn, locale, login, setLang as setLangOn, shot as shotOf, waitForRoute as routeIs } from './lib/funds.mjs';
import { expectPage as expectOn } from './lib/page.mjs';

const zh = locale('zh', 'contract').contract;

let page;
const expectPage = (fn, arg, message, show) => expectOn(page, fn, arg, message, show);
const tid = (id) => page.locator(`[data-testid="${id}"]`);
const shot = (name, options) => shotOf(page, name, { prefix: '', ...options });
const waitForRoute = (route) => routeIs(page, route);
/** Confirms the open confirmation dialog (antd-mobile Dialog.confirm) and waits for it to go. */
const confirmDialog = () => confirmOn(page, { untilClosed: true });
const setLang = (lang) => setLangOn(page, lang);

/** Scrolls the first element of a test id to the middle of the screen. */
async function centre(id) {
  await tid(id).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

async function textOf(id) {
  return (await tid(id).first().innerText()).trim();
}

/** Reads a number off a displayed decimal (for the test's own price maths only). */
const num = (s) => Number(String(s).replace(/[^0-9.+-]/g, ''));

/** A GET of the API with the page's token. */
const api = (path, { params = {} } = {}) => apiAs(page, path, params);

/** Decimal strings as integer units of 10^-8 (how the server stores amounts), and back. */
const SCALE = 10n ** 8n;
function units(text) {
  const [i, f = ''] = String(text).replace('-', '').split('.');
  const v = BigInt(i) * SCALE + BigInt(f.padEnd(8, '0').slice(0, 8));
  return String(text).startsWith('-') ? -v : v;
}
function decimal(u) {
  const neg = u < 0n;
  const a = neg ? -u : u;
  const frac = (a % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${a / SCALE}${frac ? `.${frac}` : ''}`;
}
/** A decimal cut (not rounded) to 2 places with thousands separators, as the app shows USDT ("1,490.25"). */
const cut2 = (u) => {
  const neg = u < 0n;
  const a = neg ? -u : u;
  const cents = a / 10n ** 6n;
  const int = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg && cents > 0n ? '-' : ''}${int}.${(cents % 100n).toString().padStart(2, '0')}`;
};

/** The number an element shows, once it shows one (a balance reads "--" while it loads). */
async function numberOf(id) {
  await page.waitForFunction(
    (sel) => /^[-+]?\d/.test(document.querySelector(sel)?.textContent?.trim() ?? ''),
    `[data-testid="${id}"]`,
  );
  return num(await textOf(id));
}

await run('contract', async (open) => {
  page = await open('main');

  await step('visitor sees contract prices and a login button', async () => {
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-live-price').waitFor();
    await tid('ct-login').waitFor();
    check((await numberOf('ct-live-price')) > 0, 'a live price is shown');
    await shot('contract-visitor');
  });

  await step('log in as the demo user and come back to the contract tab', async () => {
    await tid('ct-login').click();
    await login(page, DEMO.email, DEMO.password, { open: false, to: '/pages/transaction/contract' });
    await tid('ct-submit').waitFor();
  });

  await step('the live price ticks', async () => {
    const first = await textOf('ct-live-price');
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="ct-live-price"]')?.textContent?.trim() !== f,
      first,
      { timeout: 10_000 },
    );
  });

  await step('transfer 1000 USDT to the lever account', async () => {
    const before = await numberOf('ct-balance');
    await tid('ct-transfer').click();
    await page.locator('[data-testid="ct-transfer-amount"] input').fill('1000');
    await tid('ct-transfer-submit').click();
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="ct-balance"]')?.textContent?.replace(/,/g, '')) >= b + 1000 - 1e-9,
      before,
    );
  });

  await step('the form shows notional, margin and fee for 1 lot at 10x', async () => {
    await tid('ct-long').click();
    await page.locator('[data-testid="ct-long"].on').waitFor();
    await page.locator('[data-testid="ct-multiple"] .adm-selector-item', { hasText: /^10×$/ }).click();
    await page.locator('[data-testid="ct-multiple"] .adm-selector-item-active', { hasText: /^10×$/ }).waitFor();
    // One reading of the three figures (they follow the live price together).
    const figures = () => {
      const n = (id) => Number((document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[^0-9.+-]/g, '') || NaN);
      return { notional: n('ct-notional'), margin: n('ct-margin'), fee: n('ct-fee') };
    };
    await expectPage(
      () => {
        const n = (id) => Number((document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[^0-9.+-]/g, '') || NaN);
        const [notional, margin, fee] = [n('ct-notional'), n('ct-margin'), n('ct-fee')];
        return notional > 0 && Math.abs(margin - notional / 10) < 0.01 * notional && fee > 0 && fee < margin;
      },
      null,
      'notional shown, margin ≈ notional / 10 at 10×, a fee below the margin',
      figures,
    );
    await shot('contract-form');
  });

  await step('the lot field steps by one and keeps typed lots inside the range', async () => {
    const lots = page.locator('[data-testid="ct-lots"] input');
    const buttons = page.locator('[data-testid="ct-lots"] button');
    const start = Number(await lots.inputValue());
    await buttons.last().click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="ct-lots"] input')?.value === String(n), start + 1);
    await buttons.first().click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="ct-lots"] input')?.value === String(n), start);
    check(await buttons.first().isDisabled(), 'minus is off at the smallest lot');
    await lots.fill('999999999');
    await lots.blur();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="ct-lots"] input')?.value) < 999999999);
    check(await buttons.last().isDisabled(), 'a typed lot past the largest settles at the largest, and plus is off');
    await lots.fill(String(start));
    await lots.blur();
    await page.waitForFunction((n) => document.querySelector('[data-testid="ct-lots"] input')?.value === String(n), start);
  });

  await step('open a market long and see it in positions', async () => {
    await tid('ct-submit').click();
    await tid('ct-confirm').waitFor();
    await shot('contract-confirm');
    await confirmDialog();
    await tid('ct-position').first().waitFor();
  });

  await step('the position profit changes live', async () => {
    const first = await textOf('ct-position-profit');
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="ct-position-profit"]')?.textContent?.trim() !== f,
      first,
      { timeout: 12_000 },
    );
    const risk = await textOf('ct-position-risk');
    check(/%$/.test(risk), `risk rate shown as a percentage (${risk})`);
    // A fresh position near 100 % reads as safe (the rising colour), and the
    // label explains how the rate is computed.
    const colour = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="ct-position-risk"]')).color);
    const up = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--bourse-up)';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    check(colour === up, `a fresh position's risk rate is shown as safe (${colour} vs ${up})`);
    await tid('ct-risk-explain').first().click();
    await page.locator('[data-testid="ct-risk-help"]', { hasText: zh.helpPage.risk.formula }).waitFor();
    await shot('contract-risk-help');
    await page.locator('.adm-dialog-button').last().click();
    await page.locator('[data-testid="ct-risk-help"]').waitFor({ state: 'detached' });
  });

  await step('set take-profit and stop-loss on the position', async () => {
    await tid('ct-edit-tpsl').first().click();
    await tid('ct-stops-dialog').waitFor();
    const price = num(await textOf('ct-live-price'));
    const tp = (price * 1.2).toFixed(2);
    const sl = (price * 0.95).toFixed(2);
    await page.locator('[data-testid="ct-stops-tp"] input').fill(tp);
    await page.locator('[data-testid="ct-stops-sl"] input').fill(sl);
    await tid('ct-stops-save').click();
    await tid('ct-stops-dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="ct-position-tpsl"]')?.textContent ?? '';
      return !text.includes('--');
    });
    await centre('ct-position');
    await shot('contract-positions');
  });

  await step('close the position and find it in history', async () => {
    await tid('ct-close').first().click();
    await confirmDialog();
    await tid('ct-position').first().waitFor({ state: 'detached' });
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-history').first().waitFor();
    await expectPage(
      (want) => document.querySelector('[data-testid="ct-history-reason"]')?.textContent?.trim() === want,
      zh.reason.user,
      `the newest closed position was closed by the user ("${zh.reason.user}")`,
      () => document.querySelector('[data-testid="ct-history-reason"]')?.textContent ?? '(missing)',
    );
    await centre('ct-history');
    await shot('contract-history');
  });

  await step('the full history page lists the closed order', async () => {
    await tid('ct-all-history').click();
    await waitForRoute('/pages/transaction/contract_order');
    await tid('ct-history').first().waitFor();
    await shot('contract-order');
  });

  await step('the help page explains the formulas', async () => {
    await page.goto(app('/pages/transaction/contract_help'));
    await tid('ct-help-page').waitFor();
    const text = await textOf('ct-help-page');
    check(text.includes(zh.helpPage.risk.title), 'the risk rate is explained');
    await shot('contract-help');
  });

  await step('the options chart opens on the last minutes of the index, not an empty frame', async () => {
    // The server records the index from its start; the contract steps above took
    // their time, and a young server is given up to a minute to hold half of one.
    const recorded = () => api('/currency/index_history', { params: { symbol: 'BTC/USDT', seconds: 120 } });
    const spanOf = (h) => Math.floor(h.time / 1000) - Math.floor(h.data[0].time / 1000);
    let path = await recorded();
    for (let i = 0; i < 60 && spanOf(path) < 30; i += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      path = await recorded();
    }
    check(spanOf(path) >= 30, `the server holds half a minute of the index (got ${spanOf(path)} s)`);
    const known = Math.floor(path.data[0].time / 1000);
    // What the chart keeps (120 s) of what the server holds, less a few seconds of slack.
    const want = Math.min(spanOf(path), 119) - 5;
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-chart').waitFor();
    // Live ticks alone add one second a second: within five seconds of the frame
    // appearing, a line this long can only be the recorded path.
    const drawn = () => {
      const el = document.querySelector('[data-testid="ct-chart"]');
      return { from: Number(el?.getAttribute('data-from') || NaN), to: Number(el?.getAttribute('data-to') || NaN) };
    };
    try {
      await page.waitForFunction(
        (w) => {
          const el = document.querySelector('[data-testid="ct-chart"]');
          const from = Number(el?.getAttribute('data-from') || NaN);
          const to = Number(el?.getAttribute('data-to') || NaN);
          return to - from >= w;
        },
        want,
        { timeout: 5000 },
      );
    } catch {
      throw new Error(`assertion failed: the chart opens on ${want} s of line or more (got ${JSON.stringify(await page.evaluate(drawn))})`);
    }
    const line = await page.evaluate(drawn);
    check(line.from >= known, `nothing is drawn before the first price the server knows (${line.from} ≥ ${known})`);
    await shot('options-opened');
  });

  await step('open the options page and fund the options account', async () => {
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    const before = await numberOf('ct-option-balance');
    await tid('ct-option-transfer').click();
    await page.locator('[data-testid="ct-transfer-amount"] input').fill('500');
    await tid('ct-transfer-submit').click();
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="ct-option-balance"]')?.textContent?.replace(/,/g, '')) >= b + 500 - 1e-9,
      before,
    );
    await tid('ct-chart').waitFor({ timeout: 10_000 });
    await shot('options');
  });

  // The option the test buys: the shortest configured duration at its smallest stake.
  let option = null;
  await step('buy a rise option of the shortest duration and see the countdown', async () => {
    const durations = await api('/microtrade/seconds');
    const term = durations.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const stake = term.min_amount;
    const balanceBefore = units((await api('/microtrade/payable_currencies'))[0].available);
    check(balanceBefore >= units(stake) * 2n, `the options account holds enough for a ${stake} stake (${decimal(balanceBefore)})`);

    await tid(`ct-duration-${term.seconds}`).click();
    await page.locator(`[data-testid="ct-duration-${term.seconds}"].on`).waitFor();
    await tid('ct-rise').click();
    await page.locator('[data-testid="ct-rise"].on').waitFor();
    const amount = page.locator('[data-testid="ct-option-amount"] input');
    await amount.fill(stake);
    await expectPage(
      (want) => document.querySelector('[data-testid="ct-option-amount"] input')?.value === want,
      stake,
      `the stake field holds ${stake}`,
      () => document.querySelector('[data-testid="ct-option-amount"] input')?.value,
    );
    await tid('ct-option-submit').click();
    const confirm = tid('ct-option-confirm');
    await confirm.waitFor();
    const terms = await confirm.innerText();
    check(terms.includes(`${term.seconds}`) && terms.includes(stake), `the confirmation names ${term.seconds} s and ${stake} (got ${JSON.stringify(terms)})`);
    const submitted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/microtrade/submit');
    await confirmDialog();
    const answer = await (await submitted).json();
    check(answer.type === 'ok', `the option was bought (got ${JSON.stringify(answer)})`);
    option = { id: answer.message.id, term, stake, balanceBefore };

    const card = page.locator(`[data-testid="ct-option-holding"][data-id="${option.id}"]`);
    const countdown = card.locator('[data-testid="ct-countdown"]');
    await countdown.waitFor();
    const first = (await countdown.innerText()).trim();
    const left = /^(\d\d):(\d\d)$/.exec(first);
    check(left && Number(left[1]) * 60 + Number(left[2]) <= term.seconds, `a countdown within ${term.seconds} s (got "${first}")`);
    await expectPage(
      ([id, f]) => document.querySelector(`[data-testid="ct-option-holding"][data-id="${id}"] [data-testid="ct-countdown"]`)?.textContent?.trim() !== f,
      [option.id, first],
      'the countdown runs',
    );
    await centre('ct-option-holding');
    await shot('options-countdown');
  });

  await step('the chart shows the entry line with its countdown, the expiry marker and a price axis', async () => {
    const { id } = option;
    const r = await api('/microtrade/get_result', { params: { id } });
    const markets = (await api('/currency/quotation_new')).flatMap((g) => g.quotation);
    const tick = markets.find((m) => m.symbol === 'BTC/USDT')?.tick ?? '0.01';
    const places = (tick.split('.')[1] ?? '').replace(/0+$/, '').length;
    await centre('ct-chart');
    // The legend under the chart names the option: its side, entry price (the market's
    // decimals, grouped) and a running countdown; its line is inside the plotted area.
    const entry = page.locator(`[data-testid="ct-chart-entry"][data-id="${id}"]`);
    await entry.waitFor();
    const text = (await entry.innerText()).replace(/\s+/g, ' ');
    const price = Number(r.open_price).toFixed(places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    check(text.includes(zh.rise) && text.includes(price) && /\d\d:\d\d/.test(text), `the entry reads rise, ${price} and a countdown (got "${text}")`);
    await expectPage(
      (i) => {
        const y = Number(document.querySelector(`[data-testid="ct-chart-entry"][data-id="${i}"]`)?.getAttribute('data-y'));
        const h = document.querySelector('[data-testid="ct-chart"]')?.getBoundingClientRect().height ?? 0;
        return Number.isFinite(y) && y > 0 && y < h;
      },
      id,
      'the entry line is drawn inside the chart',
      (i) => document.querySelector(`[data-testid="ct-chart-entry"][data-id="${i}"]`)?.getAttribute('data-y'),
    );
    const first = text.match(/\d\d:\d\d/)[0];
    await expectPage(
      ([i, f]) => !(document.querySelector(`[data-testid="ct-chart-entry"][data-id="${i}"]`)?.textContent ?? '').includes(f),
      [id, first],
      'the entry countdown runs',
    );
    // The expiry marker stands at the nearest open option's expiry, with its countdown.
    const marker = tid('ct-chart-expiry');
    await marker.waitFor();
    check((await marker.getAttribute('data-open')) === 'true', 'the expiry marker belongs to the open option');
    const label = (await marker.innerText()).trim();
    check(label.includes(zh.chartExpiry) && /\d\d:\d\d/.test(label), `the marker reads "${zh.chartExpiry}" and a countdown (got "${label}")`);
    // The price axis: lightweight-charts draws it on canvas at the chart's right edge;
    // its labels are pixels a person sees there.
    const axis = await page.evaluate(() => {
      const chart = document.querySelector('[data-testid="ct-chart"]').getBoundingClientRect();
      let inked = 0;
      let width = 0;
      for (const canvas of document.querySelectorAll('[data-testid="ct-chart"] canvas')) {
        const box = canvas.getBoundingClientRect();
        if (box.left < chart.right - 120 || box.height < 100) continue;
        width = Math.max(width, box.width);
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 3; i < data.length; i += 4) if (data[i] > 128) inked += 1;
      }
      return { inked, width };
    });
    check(axis.width >= 40 && axis.inked > 500, `a price axis with labels at the right edge (got ${JSON.stringify(axis)})`);
    await shot('options-chart');
  });

  await step('the option settles: outcome, payout and balance follow the recorded prices', async () => {
    const { id, term, stake, balanceBefore } = option;
    const result = tid('ct-result');
    await result.waitFor({ timeout: term.seconds * 1000 + 20_000 });
    const shown = await result.getAttribute('data-outcome');
    const r = await api('/microtrade/get_result', { params: { id } });
    check(r.status === 1 && r.end_price !== null, `the server has the option settled (got ${JSON.stringify(r)})`);
    check(r.complete_time >= r.expires_at && r.expires_at - r.opened_at === term.seconds * 1000, `settled at expiry, ${term.seconds} s after opening`);
    check(r.type === 1 && r.seconds === term.seconds && units(r.number) === units(stake), `a rise of ${term.seconds} s for ${stake} (got ${JSON.stringify(r)})`);

    // The rule: a rise wins above the opening price, ties at it, loses below.
    const [open, close] = [units(r.open_price), units(r.end_price)];
    const outcome = close > open ? 'win' : close < open ? 'lose' : 'tie';
    check(r.outcome === { win: 1, lose: 2, tie: 3 }[outcome], `outcome ${outcome} for ${r.open_price} → ${r.end_price} (server says ${r.outcome})`);
    check(shown === outcome, `the dialog says ${outcome} (got ${shown})`);

    // The payout: a win returns the stake plus stake × profit ratio (cut to the
    // unit), a tie the stake, a loss nothing; the fee was taken on opening.
    const ppm = (rate) => units(rate) / 100n;
    const stakeUnits = units(stake);
    const fee = (stakeUnits * ppm(term.fee_rate) + 999_999n) / 1_000_000n;
    const payout = { win: stakeUnits + (stakeUnits * ppm(term.profit_ratio)) / 1_000_000n, tie: stakeUnits, lose: 0n }[outcome];
    check(units(r.fee) === fee, `fee = ${stake} × ${term.fee_rate} = ${decimal(fee)} (got ${r.fee})`);
    check(units(r.payout) === payout, `payout for a ${outcome} at ratio ${term.profit_ratio} = ${decimal(payout)} (got ${r.payout})`);
    check(units(r.fact_profits) === payout - stakeUnits, `profit = payout − stake (got ${r.fact_profits})`);
    const dialog = await result.innerText();
    check(dialog.includes(cut2(payout)), `the dialog shows the payout ${cut2(payout)} (got ${JSON.stringify(dialog)})`);

    // The options account: before − stake − fee + payout, on the server and on screen.
    const expected = balanceBefore - stakeUnits - fee + payout;
    const after = units((await api('/microtrade/payable_currencies'))[0].available);
    check(after === expected, `options balance ${decimal(balanceBefore)} − ${stake} − ${decimal(fee)} + ${decimal(payout)} = ${decimal(expected)} (got ${decimal(after)})`);
    await shot('options-result');
    await tid('ct-result-ok').click();
    await result.waitFor({ state: 'detached' });
    await expectPage(
      (want) => document.querySelector('[data-testid="ct-option-balance"]')?.textContent?.trim() === want,
      cut2(expected),
      `the page shows the options balance ${cut2(expected)}`,
      () => document.querySelector('[data-testid="ct-option-balance"]')?.textContent,
    );
  });

  await step('the settled option is in the history list', async () => {
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-option-history').first().waitFor();
    await centre('ct-option-history');
    await shot('options-history');
    await tid('ct-all-options').click();
    await waitForRoute('/pages/transaction/seconds_order');
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: zh.history }).click();
    await tid('ct-option-history').first().waitFor();
    await shot('seconds-order');
  });

  await step('the screens fit 390 px in English', async () => {
    await setLang('en');
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-submit').waitFor();
    await shot('contract-form-en');
    await page.locator('.ct-tabs-wrap .adm-tabs-tab', { hasText: 'History' }).click();
    await tid('ct-history').first().waitFor();
    await centre('ct-history');
    await shot('contract-history-en');
    await page.goto(app('/pages/transaction/contract_help'));
    await tid('ct-help-page').waitFor();
    await shot('contract-help-en');
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    await shot('options-en');
  });

  await step('the screens fit 390 px in French (long labels)', async () => {
    await setLang('fra');
    await page.goto(app('/pages/transaction/contract'));
    await tid('ct-submit').waitFor();
    await page.locator('.ct-tabs-wrap .adm-tabs-tab').nth(2).click();
    await tid('ct-history').first().waitFor();
    await centre('ct-history');
    await shot('contract-history-fra');
    await page.goto(app('/pages/transaction/index?symbol=BTC/USDT'));
    await tid('ct-option-form').waitFor();
    // The payout ratios read the French way: "80 %", a no-break space before the sign.
    const durations = await api('/microtrade/seconds');
    for (const d of durations) {
      const want = `${Math.round(Number(d.profit_ratio) * 100)}\u00a0%`;
      const got = (await page.locator(`[data-testid="ct-duration-${d.seconds}"] span`).textContent()).trim();
      check(got === want, `the ${d.seconds} s ratio reads ${JSON.stringify(want)} (got ${JSON.stringify(got)})`);
    }
    await shot('options-fra');
    await setLang('zh');
  });

  await step('no uncaught page errors', noPageErrors);
}, { admin: false, failureShot: () => 'contract-failure' });
