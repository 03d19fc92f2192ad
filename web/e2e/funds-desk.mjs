// The admin's review desk and system screens in a real browser against the
// real server (fresh database with the demo data).
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/funds-desk.mjs
//
// A user of its own (registered, with a phone, through the API, so the demo
// user is left to the other scripts) asks for a 100 USDT deposit and level-1
// verification; the admin opens the desk from Settings and approves both (the
// user, in another browser context, sees them), rejects a second deposit with a
// reason the user then reads, and looks at the audit, the deposit addresses,
// the accounts, the actors' health and the withdrawal the user asked for.
// Screenshots of every screen go to ARTIFACTS_DIR, then the desk is checked
// for overflow in all nine languages. Exits non-zero on any failure.
import { apiAs, coinId, newUser, requestDeposit, requestVerification, requestWithdrawal } from './lib/api.mjs';
import { decided, review } from './lib/desk.mjs';
import {
  DEMO,
  LANGS,
  assetsTab,
  expectAmount,
  fill,
  login,
  noOverflow,
  plain,
  scrollListTo,
  setLang,
  shot,
  shown,
  waitForRoute,
  zh,
} from './lib/funds.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, app, check, run, step } from './lib/harness.mjs';
import { voucherPng } from './lib/png.mjs';

await run('funds-desk', async (open) => {
  const user = await open('user');
  const admin = await open('admin');
  let subject = null;
  let depositId = 0;
  let verificationId = 0;

  await step('a new user asks for a 100 USDT deposit and level-1 verification (set up through the API)', async () => {
    subject = await newUser('desk');
    depositId = await requestDeposit(subject.token, await coinId('USDT'), '100');
    verificationId = await requestVerification(subject);
    await login(user, subject.email, subject.password);
  });

  await step('the admin opens the review desk from Settings and approves the deposit', async () => {
    await login(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(app('/pages/setting/setting'));
    await admin.locator('[data-testid="to-admin"]').click();
    await waitForRoute(admin, '/pages/admin/index');
    await admin.locator(`[data-testid="admin-item-deposits"][data-id="${depositId}"] img`).waitFor();
    await shot(admin, 'admin-deposits');
    await review(admin, 'deposits', depositId, 'approve', undefined, ['100 USDT', subject.email]);
    await shot(admin, 'admin-deposit-approved');
  });

  await step('the user sees the 100 USDT credited and the deposit completed', async () => {
    await assetsTab(user, 'crypto');
    await expectAmount(user, '[data-testid="asset-USDT-available"]', shown('100', 'USDT'), 'USDT available');
    await user.goto(app('/pages/fund/receive_record'));
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '1', 'the deposit is completed');
  });

  await step('the admin approves the verification; the user is verified', async () => {
    await admin.goto(app('/pages/admin/index?tab=verifications'));
    const item = admin.locator(`[data-testid="admin-item-verifications"][data-id="${verificationId}"]`);
    await item.waitFor();
    await item.locator('.admin-picture img').first().waitFor();
    await shot(admin, 'admin-verifications');
    await review(admin, 'verifications', verificationId, 'approve', undefined, [subject.email]);
    await user.goto(app('/pages/setting/real'));
    await user.waitForFunction(() => document.querySelector('[data-testid="real-level-1"]')?.getAttribute('data-state') === '2');
  });

  await step('a deposit rejected with a reason shows the reason', async () => {
    await user.goto(app('/pages/fund/receive?currency=1'));
    await user.waitForFunction(() => (document.querySelector('[data-testid="receive-address"]')?.textContent || '').length > 10);
    await fill(user, 'receive-amount', '0.01');
    await user.locator('[data-testid="receive-voucher-file"]').setInputFiles(voucherPng);
    await user.waitForFunction(() => Boolean(document.querySelector('[data-testid="receive-voucher"] img')));
    await user.locator('[data-testid="receive-submit"]').click();
    await waitForRoute(user, '/pages/fund/receive_record');
    const log = await apiAs(user, '/recharge/log');
    const id = log.data[0].id;
    check(log.data[0].amount === '0.01', `the newest request is the 0.01 BTC one (got ${JSON.stringify(log.data[0])})`);
    await review(admin, 'deposits', id, 'reject', '');
    await shot(admin, 'admin-reject-reason-required', { keepToast: true });
    await admin.locator('[data-testid="admin-reject-dialog"] textarea').fill('Voucher does not match the amount');
    await admin.locator('.adm-dialog-button', { hasText: zh.admin.reject }).click();
    await decided(admin, 'deposits', id, 2);
    await user.reload();
    const item = user.locator('[data-testid="deposit-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '2', 'the deposit is rejected');
    check((await item.innerText()).includes('Voucher does not match the amount'), 'the reason is shown');
    await shot(user, 'deposit-rejected');
  });

  await step('the admin audit balances; addresses, accounts, health and withdrawals are listed', async () => {
    // The verified user asks to withdraw (set up through the API), for the withdrawals queue.
    const withdrawalId = await requestWithdrawal(subject, '20');
    await admin.goto(app('/pages/admin/index?tab=audit'));
    await expectAmount(admin, '[data-testid="admin-audit-verdict"]', plain(zh.admin.audit.ok), 'the audit verdict');
    await shot(admin, 'admin-audit');
    await admin.goto(app('/pages/admin/index?tab=addresses'));
    await admin.locator('[data-testid="admin-addresses"] .funds-item').first().waitFor();
    await admin.locator('[data-testid="admin-address-demo"]').first().waitFor();
    await shot(admin, 'admin-addresses');
    await admin.locator('[data-testid="admin-addresses"] .funds-item .icon-button').first().click();
    await admin.locator('[data-testid="admin-address-editor"]').waitFor();
    await shot(admin, 'admin-address-edit');
    // The accounts, newest first: the demo user and the admin were made before
    // the demo traders and the platform's accounts, so they are further down,
    // on a page the list loads as the admin scrolls.
    await admin.goto(app('/pages/admin/index?tab=users'));
    const userRow = (account) => admin.locator(`[data-testid="admin-user"][data-account="${account}"]`);
    await scrollListTo(admin, '[data-testid="admin-user"]', userRow(DEMO.email));
    await userRow(DEMO.email).locator('[data-testid="admin-user-demo"]').waitFor();
    await scrollListTo(admin, '[data-testid="admin-user"]', userRow(ADMIN_EMAIL));
    check((await userRow(ADMIN_EMAIL).locator('[data-testid="admin-user-demo"]').count()) === 0, 'the admin account carries no demo tag');
    await admin.locator('[data-testid="admin-user"]').first().scrollIntoViewIfNeeded();
    await shot(admin, 'admin-users');
    // System health lists every actor live: the markets, the hub and the demo
    // traders, each with its own checks named.
    await admin.goto(app('/pages/admin/index?tab=health'));
    const actor = (name) => admin.locator(`[data-testid="admin-actor"][data-name="${name}"]`);
    const traders = actor('demo-traders');
    await traders.locator('[data-testid="admin-actor-demo"]').waitFor();
    await actor('hub').waitFor();
    await actor('market:BTC/USDT').locator('[data-testid="admin-check"][data-name="open_orders"]').waitFor();
    // Contracts and options run on actors of their own, and nothing is failing.
    await actor('contracts:BTC/USDT').locator('[data-testid="admin-check"][data-name="mark"]').waitFor();
    await actor('options:BTC/USDT').waitFor();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="admin-actor"][data-level="fail"]').length === 0);
    const accounts = traders.locator('[data-testid="admin-check"][data-name="accounts"]');
    // The e2e server runs the default config: 4 demo traders.
    const label = zh.admin.health.checks.accounts;
    await accounts.filter({ hasText: label }).waitFor();
    check(plain(await accounts.innerText()) === `${label}4`, `the demo traders count 4 accounts (got "${await accounts.innerText()}")`);
    // Where the spot orders' time goes, stage by stage: the demo traders'
    // orders are timed as anyone's, so the table has figures.
    const stages = admin.locator('[data-testid="admin-order-stages"]');
    await stages.locator('[data-testid="admin-order-stage"][data-stage="total"]').waitFor();
    const order = await stages.locator('[data-testid="admin-order-stage"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stage')).join());
    check(order === 'queue,writer,match,write,commit,answer,total,batch', `the order path's stages in order (got ${order})`);
    const totalRow = plain(await stages.locator('[data-testid="admin-order-stage"][data-stage="total"]').innerText());
    check(totalRow.startsWith(plain(zh.admin.health.stages.names.total)) && /\d/.test(totalRow), `the total row is named and has figures (got "${totalRow}")`);
    await stages.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-order-stages');
    // Live: the market's handled count grows with its ticks, without a reload.
    const handled = async () => Number(plain(await actor('market:BTC/USDT').locator('.health-figure').nth(1).locator('strong').innerText()).replace(/,/g, ''));
    const first = await handled();
    await admin.waitForFunction(
      ([sel, n]) => Number((document.querySelector(sel)?.textContent ?? '').replace(/[^0-9]/g, '')) > n,
      ['[data-testid="admin-actor"][data-name="market:BTC/USDT"] .health-figure:nth-child(2) strong', first],
    );
    await traders.scrollIntoViewIfNeeded();
    await shot(admin, 'admin-health');
    await admin.goto(app('/pages/admin/index?tab=withdrawals'));
    await admin.locator('[data-testid="admin-filter-all"]').click();
    await admin.locator(`[data-testid="admin-item-withdrawals"][data-id="${withdrawalId}"]`).waitFor();
    await shot(admin, 'admin-withdrawals');
  });

  await step('English screens', async () => {
    await setLang(admin, 'en');
    for (const tab of ['deposits', 'verifications', 'audit', 'health']) {
      await admin.goto(app(`/pages/admin/index?tab=${tab}`));
      await admin.locator('[data-testid="admin-filter-all"], [data-testid="admin-audit"], [data-testid="admin-health"]').first().waitFor();
      if (tab === 'deposits' || tab === 'verifications') {
        await admin.locator('[data-testid="admin-filter-all"]').click();
        await admin.locator(`[data-testid="admin-item-${tab}"]`).first().waitFor();
      }
      await shot(admin, `en-admin-${tab}`);
    }
  });

  await step('no screen overflows in any of the nine languages', async () => {
    for (const lang of LANGS) {
      await setLang(admin, lang);
      await admin.goto(app('/pages/admin/index?tab=deposits'));
      await admin.locator('[data-testid="admin-filter-all"]').waitFor();
      await noOverflow(admin, `admin in ${lang}`);
      // System health: its checks' names and details are translated.
      await admin.goto(app('/pages/admin/index?tab=health'));
      await admin.locator('[data-testid="admin-actor"][data-name="hub"] [data-testid="admin-check"]').first().waitFor();
      if (lang === 'th') await shot(admin, 'th-admin-health');
      else await noOverflow(admin, `system health in ${lang}`);
    }
  });
});
