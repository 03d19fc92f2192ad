// The user's funds in a real browser against the real server (fresh database
// with the demo data): Assets, deposit, transfer, convert, records, Home's
// totals in the fiat chosen, and the coin choice of a page opened without a
// coin or with one that does not exist.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/funds-assets.mjs
//
// The demo user (funded with 10000 USDT and 1 BTC on spot; other scripts may
// have used it since, so the checks count from its ledger) deposits 100 USDT
// with a voucher, which the admin approves (through the API here: the review
// desk itself is funds-desk.mjs) while Assets is open, sees the 100 USDT
// credited there within 2 s without a reload, moves 50 USDT to
// futures and converts USDT to BTC. Screenshots of every screen go to
// ARTIFACTS_DIR, then these screens are checked for overflow in all nine
// languages. Exits non-zero on any failure.
import { approve, apiAs, apiPostAs, available, coinId, ledgerOf } from './lib/api.mjs';
import {
  DEMO,
  addDec,
  assetsTab,
  closePopNotice,
  confirmDialog,
  expectAmount,
  expectToast,
  fill,
  languageSteps,
  login,
  openAssetsTab,
  plain,
  setLang,
  shot,
  shown,
  snapshot,
  strings,
  textOf,
  waitForRoute,
  zh,
} from './lib/funds.mjs';
import { app, check, routeOf, run, step } from './lib/harness.mjs';
import { watchLive } from './lib/live.mjs';
import { voucherPng } from './lib/png.mjs';

/** The pages about one coin, what shows each has loaded for a coin, and the query it keeps. */
const COIN_PAGES = [
  ['receive', '/pages/fund/receive', '[data-testid="receive-networks"]', ''],
  ['withdraw', '/pages/fund/withdraw', '[data-testid="withdraw-destination"]', ''],
  // The account asked for is kept: the futures account here.
  ['records', '/pages/fund/assets_record', '[data-testid="coin-detail"]', 'type=3'],
];

await run('funds-assets', async (open) => {
  const user = await open('user');
  const live = watchLive(user);
  /** Balances when the run started (other scripts may have used the demo user before). */
  const start = { usdt: '0', btc: '0', futures: '0' };

  /**
   * Opens each page about one coin from Assets (so that back shows where the
   * choice went) with `currency` (a query, possibly empty), expects the coin
   * choice (with the not-found line when `notFound`) and no error, takes a
   * screenshot, picks USDT, and sees its page replace the choice.
   */
  async function chooseOn(currency, notFound, shotPrefix, search = false) {
    const usdt = await coinId('USDT');
    for (const [name, route, landed, keep] of COIN_PAGES) {
      const query = [currency, keep].filter(Boolean).join('&');
      await assetsTab(user, 'crypto');
      await user.goto(app(`${route}${query ? `?${query}` : ''}`));
      const picker = user.locator('[data-testid="coin-picker"]');
      await picker.locator('[data-testid="pick-USDT"]').waitFor();
      const line = user.locator('[data-testid="coin-not-found"]');
      if (notFound) await line.filter({ hasText: zh.fund.picker.notFound }).waitFor();
      else check((await line.count()) === 0, `${route} without a coin does not say a coin was not found`);
      check((await user.getByText(zh.common.loadFailed).count()) === 0, `${route}?${query} does not say it failed to load`);
      check((await user.getByText(zh.fund.coinUnavailable).count()) === 0, `${route}?${query} does not say the coin is not available`);
      await shot(user, `${shotPrefix}${name}`);
      if (search && name === 'receive') {
        // Searchable: a name narrows the list, a name of nothing says so.
        await picker.locator('input').fill('btc');
        await user.waitForFunction(() => [...document.querySelectorAll('[data-testid^="pick-"]:not([data-testid="pick-list"])')].map((b) => b.dataset.testid).join() === 'pick-BTC');
        await picker.locator('input').fill('zzz');
        await picker.getByText(zh.fund.select.none).waitFor();
        await picker.locator('input').fill('');
      }
      await picker.locator('[data-testid="pick-USDT"]').click();
      await user.waitForFunction(
        ([r, id]) => {
          const [path, q = ''] = location.hash.replace(/^#/, '').split('?');
          return path === r && new URLSearchParams(q).get('currency') === String(id);
        },
        [route, usdt],
      );
      await user.locator(landed).waitFor();
      if (name === 'records') {
        const detail = await user.locator(landed).innerText();
        check(detail.includes('USDT') && detail.includes(zh.fund.accounts.lever), `USDT of the futures account is shown (got "${detail}")`);
      }
      // The picked page replaced the choice: back goes to Assets, not to the list again.
      await user.goBack();
      await waitForRoute(user, '/pages/fund/assets');
    }
  }

  await step('the demo user holds its funding of 10000 USDT and 1 BTC plus what its ledger records since; Assets shows it', async () => {
    await login(user, DEMO.email, DEMO.password);
    start.usdt = await available(user, 2, 'USDT');
    start.btc = await available(user, 2, 'BTC');
    start.futures = await available(user, 3, 'USDT');
    const spot = await ledgerOf(user, 2);
    const funding = spot.filter((r) => r.reason === 'demo_funding').map((r) => `${addDec(r.amount, '0')} ${r.currency}`);
    check(funding.sort().join(', ') === '1 BTC, 10000 USDT', `the demo user was funded with 10000 USDT and 1 BTC on spot (got ${funding.join(', ')})`);
    for (const [coin, held] of [
      ['USDT', start.usdt],
      ['BTC', start.btc],
    ]) {
      const records = spot.filter((r) => r.currency === coin && r.bucket === 'available');
      const sum = records.reduce((acc, r) => addDec(acc, r.amount), '0');
      check(sum === addDec(held, '0'), `${coin} available ${held} = funding + the ${records.length - 1} records since (sum ${sum})`);
    }
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(start.usdt, 'USDT'), 'USDT available');
    await expectAmount(user, '[data-testid="asset-BTC-available"]', shown(start.btc, 'BTC'), 'BTC available');
    const total = await textOf(user, '[data-testid="assets-total"]');
    check(/\d/.test(total), `a fiat total is shown (got "${total}")`);
    await user.locator('[data-testid="asset-split"]').waitFor();
    await shot(user, 'assets-crypto');
    await shot(user, 'assets-crypto-full', { fullPage: true });
  });

  await step('every Assets tab opens, and hide-small filters the list', async () => {
    for (const tab of ['fiat', 'futures', 'options', 'stock', 'launchpad', 'dual', 'nft']) {
      await openAssetsTab(user, tab);
      await shot(user, `assets-${tab}`);
    }
    await openAssetsTab(user, 'crypto');
    await user.locator('[data-testid="asset-USDT"]').waitFor();
    const before = await user.locator('[data-testid="assets-list"] li').count();
    await user.locator('[data-testid="assets-hide-small"]').click();
    await user.waitForFunction((n) => document.querySelectorAll('[data-testid="assets-list"] li').length < n, before);
    const names = await user.locator('[data-testid="assets-list"] .funds-coin-name').allInnerTexts();
    const values = (await user.locator('[data-testid="assets-list"] .funds-coin-value').allInnerTexts()).map((v) => Number(plain(v).replace(/[^\d.]/g, '')));
    check(names.includes('USDT') && names.includes('BTC'), `hide small keeps USDT and BTC (got ${names})`);
    check(values.every((v) => v >= 1), `only balances worth 1 USDT or more remain (got ${values})`);
    const stored = await user.evaluate(() => localStorage.getItem('fundHideSmall'));
    check(stored === '1', 'the hide-small choice is stored on the device');
    await shot(user, 'assets-hide-small');
    await user.locator('[data-testid="assets-hide-small"]').click();
    await user.waitForFunction((n) => document.querySelectorAll('[data-testid="assets-list"] li').length === n, before);
  });

  let depositId = 0;
  await step('deposit 100 USDT on TRC20 with a payment voucher', async () => {
    await user.locator('[data-testid="assets-deposit"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.locator('[data-testid="select-USDT"]').waitFor();
    await shot(user, 'deposit-select');
    await user.locator('[data-testid="select-USDT"]').click();
    await waitForRoute(user, '/pages/fund/receive');
    await user.locator('[data-testid="network-TRC20"]').click();
    await user.waitForFunction(() => (document.querySelector('[data-testid="receive-address"]')?.textContent || '').startsWith('T'));
    await user.locator('[data-testid="funds-qr"] img').waitFor();
    // No address is configured in the demo: the derived one says it is a demo.
    await user.getByText(zh.fund.receive.demoAddress).waitFor();
    await shot(user, 'deposit-address');
    // Validation first: no amount, then no voucher.
    await user.locator('[data-testid="receive-submit"]').click();
    await user.getByText(zh.fund.validation.amountRequired).waitFor();
    await fill(user, 'receive-amount', '100.1234567');
    await user.locator('[data-testid="receive-submit"]').click();
    await user.getByText(zh.fund.validation.amountDecimals.replace('{{decimals}}', '6')).waitFor();
    await user.getByText(zh.fund.receive.voucherRequired).waitFor();
    await shot(user, 'deposit-validation');
    await fill(user, 'receive-amount', '100');
    await user.locator('[data-testid="receive-voucher-file"]').setInputFiles(voucherPng);
    await user.waitForFunction(() =>
      (document.querySelector('[data-testid="receive-voucher"] img')?.getAttribute('src') || '').startsWith('/uploads/'),
    );
    await shot(user, 'deposit-form', { fullPage: true });
    await user.locator('[data-testid="receive-submit"]').click();
    await waitForRoute(user, '/pages/fund/receive_record');
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '0', 'the deposit waits for review');
    check((await item.innerText()).includes(zh.fund.state.review), 'the record says under review');
    await shot(user, 'deposit-records');
    const log = await apiAs(user, '/recharge/log');
    depositId = log.data[0].id;
    check(log.data[0].amount === '100', `the request is for 100 (got ${log.data[0].amount})`);
  });

  await step('with Assets open, the admin approves it: within 2 s, without a reload, Assets shows the 100 USDT credited', async () => {
    await assetsTab(user, 'crypto');
    // The app started on Assets (as a person coming back to it would): the
    // only live connection is the one this screen opens, none left by another.
    const since = Date.now();
    await user.reload();
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(start.usdt, 'USDT'), 'USDT available before the review');
    await live.connected({ since });
    // Gone after a reload: the figure must change on the page as it is.
    await user.evaluate(() => {
      window.__assetsStayed = true;
    });
    await approve('deposits', depositId);
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.usdt, '100'), 'USDT'), 'USDT available (+100) within 2 s', {
      timeout: 2000,
    });
    check(await user.evaluate(() => window.__assetsStayed === true), 'Assets was not reloaded');
    check(routeOf(user) === '/pages/fund/assets', `Assets stayed open (at ${routeOf(user)})`);
    await shot(user, 'assets-after-deposit');
  });

  await step('the deposit records show it completed', async () => {
    await user.goto(app('/pages/fund/receive_record'));
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '1', 'the deposit is completed');
  });

  await step('transfer 50 USDT from spot to futures', async () => {
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-transfer"]').click();
    await waitForRoute(user, '/pages/fund/fundTransfer');
    const from = await textOf(user, '[data-testid="transfer-from-value"]');
    const to = await textOf(user, '[data-testid="transfer-to-value"]');
    check(from === zh.fund.accounts.change && to === zh.fund.accounts.lever, `spot → futures by default (got ${from} → ${to})`);
    await user.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="transfer-available"]')?.textContent || ''));
    // Too much is refused before the server is asked.
    await fill(user, 'transfer-amount', '999999');
    await user.locator('[data-testid="transfer-submit"]').click();
    await user.getByText(zh.fund.validation.amountMax.replace('{{max}}', addDec(start.usdt, '100'))).waitFor();
    await fill(user, 'transfer-amount', '50');
    await shot(user, 'transfer');
    await user.locator('[data-testid="transfer-submit"]').click();
    await expectToast(user, zh.fund.transfer.done);
    await user.locator('[data-testid="transfer-history"]').click();
    await waitForRoute(user, '/pages/fund/transfer_history');
    await user.locator('[data-testid="transfer-item"]').first().waitFor();
    await shot(user, 'transfer-history');
  });

  await step('the futures tab shows the 50 USDT more', async () => {
    await assetsTab(user, 'futures');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.futures, '50'), 'USDT'), 'futures USDT (+50)');
    await shot(user, 'assets-futures-after');
  });

  await step('convert 100 USDT to BTC with a live quote', async () => {
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-convert"]').click();
    await waitForRoute(user, '/pages/fund/transfer');
    check((await textOf(user, '[data-testid="convert-from-value"]')) === 'USDT', 'from USDT');
    check((await textOf(user, '[data-testid="convert-to-value"]')) === 'BTC', 'to BTC');
    await fill(user, 'convert-amount', '100');
    await user.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="convert-receive"]')?.textContent || ''));
    await shot(user, 'convert');
    await user.locator('[data-testid="convert-submit"]').click();
    await user.locator('[data-testid="convert-confirm"]').waitFor();
    await shot(user, 'convert-confirm');
    await confirmDialog(user);
    const [head, tail] = zh.fund.convert.done.split('{{amount}}');
    const text = await expectToast(user, new RegExp(`^${head}[\\d,.]+${tail.replace('{{coin}}', 'BTC')}$`));
    const received = plain(text.slice(head.length, text.length - tail.replace('{{coin}}', 'BTC').length));
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown(addDec(start.usdt, '50', -1), 'USDT'), 'USDT (+100 − 50 − 100)');
    const btc = await available(user, 2, 'BTC');
    check(shown(addDec(btc, start.btc, -1), 'BTC') === received, `BTC grew by the ${received} the toast announced (from ${start.btc} to ${btc})`);
    check(addDec(btc, start.btc, -1).startsWith('0.00') && /[1-9]/.test(received), 'some BTC was received, about 100 USDT worth');
  });

  await step('with a dual investment too, the lines of Assets add up to its total and every account holding money has its line', async () => {
    // The purchase itself is invest.mjs's: here it only puts money in one more account.
    const products = await apiAs(user, '/dual/index', { currency: 'BTC', kind: 'call' });
    check(products.length > 0, 'a BTC dual product is on sale');
    const order = await apiPostAs(user, '/dual/buyDual', { id: products[0].id, num: 1 });
    // Assets was open already: a reload asks the wallet again, as a person pulling to refresh would.
    await assetsTab(user, 'crypto');
    await user.reload();
    await user.locator('[data-testid="assets-total-usdt"]').waitFor();
    await user.locator('[data-testid="split-dual"]').waitFor();
    const total = await user.locator('[data-testid="assets-total-usdt"]').getAttribute('data-value');
    const lines = await user.locator('[data-testid^="split-"]').evaluateAll((els) =>
      els.map((el) => ({ key: el.dataset.testid.slice('split-'.length), value: el.dataset.value, share: el.dataset.share, text: el.innerText })),
    );
    const sum = lines.reduce((acc, l) => addDec(acc, l.value), '0');
    check(sum === addDec(total, '0'), `the lines add up to the total (${lines.map((l) => `${l.key} ${l.value}`).join(' + ')} = ${sum}, total ${total})`);
    const shownTotal = plain(await textOf(user, '[data-testid="assets-total-usdt"]')).replace('USDT', '');
    check(shownTotal === shown(sum, 'USDT'), `the total shown is the lines' sum (${shownTotal} vs ${sum})`);
    const shares = lines.reduce((acc, l) => addDec(acc, l.share), '0');
    check(shares === '100', `the shares add up to 100% (got ${lines.map((l) => l.share).join(' + ')} = ${shares})`);
    for (const l of lines) {
      const printed = l.share === '0.00' ? '<0.01%' : `${l.share}%`;
      check(l.text.replace(/\s/g, '').includes(printed), `the ${l.key} line shows its share ${printed} (got "${l.text}")`);
    }
    // Every account the server says holds money is a line (spot is two: crypto and stock).
    const TAB = { 1: ['fiat'], 2: ['crypto', 'stock'], 3: ['futures'], 4: ['options'], 6: ['mining'], 12: ['launchpad'], 13: ['dual'], 8: ['nft'] };
    const wallet = await apiPostAs(user, '/wallet/list');
    for (const a of wallet.accounts.filter((x) => /[1-9]/.test(x.total_usdt))) {
      const keys = TAB[a.account] ?? [a.name];
      check(keys.some((k) => lines.some((l) => l.key === k)), `account ${a.name} (${a.total_usdt} USDT) has its line (lines ${lines.map((l) => l.key)})`);
    }
    await shot(user, 'assets-split-dual');
    // The dual tab holds the order's BTC, and opens its records, labelled.
    await openAssetsTab(user, 'dual');
    await user.locator('[data-testid="asset-BTC"]').waitFor();
    await shot(user, 'assets-dual');
    await user.locator('[data-testid="asset-BTC"]').click();
    await waitForRoute(user, '/pages/fund/assets_record');
    const row = user.locator('[data-testid="ledger-row"][data-reason="dual_buy"]').first();
    await row.waitFor();
    const text = await row.innerText();
    check(text.includes(zh.fund.reason.dual_buy) && text.includes(zh.fund.accounts.dual), `the dual record reads "${zh.fund.reason.dual_buy}" in "${zh.fund.accounts.dual}" (got "${text}")`);
    check(!/dual_buy|\bdual\b/.test(text), `no server key shows (got "${text}")`);
    check(order.amount === '0.01', `the order holds 0.01 BTC (got ${order.amount})`);
    await shot(user, 'assets-record-dual');
    await assetsTab(user, 'crypto');
    await user.reload();
    await user.locator('[data-testid="asset-USDT"]').waitFor();
  });

  await step('records: one coin with its ledger, and all records', async () => {
    await user.locator('[data-testid="asset-USDT"]').click();
    await waitForRoute(user, '/pages/fund/assets_record');
    await user.locator('[data-testid="coin-detail"]').waitFor();
    await user.locator('[data-testid="ledger-row"][data-reason="conversion"]').first().waitFor();
    await user.locator('[data-testid="ledger-row"][data-reason="deposit"]').first().waitFor();
    const text = await user.locator('[data-testid="ledger-row"][data-reason="deposit"]').first().innerText();
    check(text.includes(zh.fund.reason.deposit), 'the reason is translated');
    await shot(user, 'assets-record');
    await user.goto(app('/pages/fund/assets_all_record'));
    await user.locator('[data-testid="ledger-row"]').first().waitFor();
    // Every row speaks Chinese: no reason or account reads as the server's key.
    await user.locator('[data-testid="ledger-row"][data-reason="dual_buy"]').first().waitFor();
    const rows = await user.locator('[data-testid="ledger-row"]').evaluateAll((els) => els.map((el) => el.innerText));
    const raw = rows.filter((r) => /[a-z]+_[a-z]+|\b(change|lever|micro|legal|dual|mining)\b/.test(r));
    check(raw.length === 0, `no record shows a server key (got ${JSON.stringify(raw)})`);
    await user.locator('[data-testid="records-tab-dual"]').click();
    await user.locator('.adm-tabs-tab-active [data-testid="records-tab-dual"]').waitFor();
    // The account's tab lists its records alone: the purchase, in the dual account.
    await user.waitForFunction((label) => {
      const rows = [...document.querySelectorAll('[data-testid="ledger-row"]')];
      return rows.length > 0 && rows.every((r) => r.dataset.reason === 'dual_buy' && r.innerText.includes(label));
    }, zh.fund.accounts.dual);
    await shot(user, 'assets-all-record');
  });

  await step('Home shows the total from the wallet and the funds entries work', async () => {
    await user.goto(app('/pages/index/index'));
    await closePopNotice(user);
    const total = await textOf(user, '[data-testid="total-assets"]');
    check(/[1-9]/.test(total), `Home total is not zero (got "${total}")`);
    await shot(user, 'home');
    await user.locator('[data-key="exchange"]').click();
    await waitForRoute(user, '/pages/fund/transfer');
    await user.goBack();
    await user.locator('[data-key="bills"]').click();
    await waitForRoute(user, '/pages/fund/assets_all_record');
    await user.goBack();
    await user.locator('[data-testid="home-deposit"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.goto(app('/pages/setting/setting'));
    await user.locator('[data-testid="to-real"]').waitFor();
    await shot(user, 'setting');
  });

  await step('the totals follow the fiat chosen in Settings (CNY)', async () => {
    await user.evaluate(() =>
      localStorage.setItem('fiat', JSON.stringify({ currency_code: 'CNY', symbol: '¥', rate: '7.12', saveTime: Date.now() })),
    );
    await user.goto(app('/pages/fund/assets'));
    await user.reload();
    const usdt = plain(await textOf(user, '[data-testid="assets-total-usdt"]')).replace('USDT', '');
    const fiat = await textOf(user, '[data-testid="assets-total"]');
    check(fiat.includes('¥') && fiat.includes('CNY'), `the fiat total is in CNY (got "${fiat}")`);
    const value = Number(plain(fiat).replace(/[^\d.]/g, ''));
    const rate = (await apiAs(user, '/wallet/getRateCurrency')).find((r) => r.currency_code === 'CNY').rate;
    check(Math.abs(value - Number(usdt) * Number(rate)) < Number(usdt) * Number(rate) * 0.01, `CNY total ≈ USDT total × ${rate} (${value} vs ${usdt})`);
    await shot(user, 'assets-cny');
    await user.goto(app('/pages/index/index'));
    await closePopNotice(user);
    const home = await textOf(user, '[data-testid="total-assets"]');
    check(home.includes('¥'), `Home shows the CNY total (got "${home}")`);
    await user.evaluate(() => localStorage.removeItem('fiat'));
  });

  await step('a funds page opened without its coin offers the coins, and the one picked replaces it', async () => {
    await chooseOn('', false, 'picker-', true);
  });

  await step('a funds page opened with a coin that does not exist says so and offers the coins, and the one picked replaces it', async () => {
    await chooseOn('currency=999', true, 'picker-not-found-');
    // The line in other scripts: its own words, within the width of a phone.
    for (const lang of ['en', 'th', 'zh']) {
      await setLang(user, lang);
      await user.goto(app('/pages/fund/receive?currency=999'));
      await user.locator('[data-testid="coin-picker"] [data-testid="pick-USDT"]').waitFor();
      await user.locator('[data-testid="coin-not-found"]').filter({ hasText: strings(lang).fund.picker.notFound }).waitFor();
      await shot(user, `picker-not-found-${lang}`);
    }
  });

  await languageSteps(
    user,
    [
      ['assets', '/pages/fund/assets', '[data-testid="assets-list"]'],
      ['deposit-select', '/pages/fund/select?action=recharge', '[data-testid="select-USDT"]'],
      ['deposit-address', '/pages/fund/receive?currency=3', '[data-testid="funds-qr"] img'],
      ['transfer', '/pages/fund/fundTransfer', '[data-testid="transfer-from-value"]'],
      ['convert', '/pages/fund/transfer', '[data-testid="convert-quote"]'],
      ['records', '/pages/fund/assets_all_record', '[data-testid="ledger-row"]'],
      ['deposit-records', '/pages/fund/receive_record', '[data-testid="deposit-item"]'],
    ],
    [
      ['/pages/fund/assets', '[data-testid="assets-list"]'],
      ['/pages/fund/fundTransfer', '[data-testid="transfer-from-value"]'],
      ['/pages/fund/transfer', '[data-testid="convert-quote"]'],
      ['/pages/fund/receive?currency=3', '[data-testid="funds-qr"] img'],
      ['/pages/fund/withdraw?currency=999', '[data-testid="coin-not-found"]'],
    ],
    async (lang) => {
      await user.goto(app('/pages/fund/assets'));
      await user.locator('[data-testid="assets-list"]').waitFor();
      const label = (await user.locator('[data-testid="assets-tab-futures"]').innerText()).trim();
      const want = strings(lang).fund.tabs.futures;
      check(label === want, `the Assets tabs speak ${lang} ("${want}", got "${label}")`);
      await snapshot(user, `lang-${lang}-assets`);
    },
  );
});
