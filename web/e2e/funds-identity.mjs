// What a withdrawal needs, in a real browser against the real server (fresh
// database with the demo data): identity verification, a bound phone, the
// payment password, a saved wallet address, bank cards; then a withdrawal.
//
//   BOURSE_URL=http://127.0.0.1:PORT ADMIN_EMAIL=… ADMIN_PASSWORD=… [ARTIFACTS_DIR=…] node e2e/funds-identity.mjs
//
// The demo user (not yet verified: no other script verifies it) is sent to the
// verification-required page when withdrawing, binds a phone, submits level 1
// and is verified once the admin approves (through the API here: the review
// desk itself is funds-desk.mjs), sets the payment password, saves an address,
// withdraws to it and cancels, saves both bank cards. Screenshots of every
// screen go to ARTIFACTS_DIR, then these screens are checked for overflow in
// all nine languages. Exits non-zero on any failure.
import { adminCall, apiAs, approve, readCode } from './lib/api.mjs';
import {
  DEMO,
  confirmDialog,
  expectToast,
  fill,
  languageSteps,
  login,
  shot,
  snapshot,
  waitForRoute,
  zh,
} from './lib/funds.mjs';
import { app, check, run, step } from './lib/harness.mjs';
import { photoPng } from './lib/png.mjs';

const mobile = `139${Math.floor(10000000 + Math.random() * 89999999)}`;

await run('funds-identity', async (open) => {
  const user = await open('user');

  await step('a withdrawal without verification lands on the verification-required page', async () => {
    await login(user, DEMO.email, DEMO.password);
    await user.goto(app('/pages/fund/assets'));
    await user.locator('[data-testid="assets-withdraw"]').click();
    await waitForRoute(user, '/pages/fund/select');
    await user.locator('[data-testid="select-USDT"]').click();
    await waitForRoute(user, '/pages/fund/withdraw');
    await user.locator('[data-testid="withdraw-verify-banner"]').waitFor();
    await fill(user, 'withdraw-amount', '5');
    await user.locator('[data-testid="withdraw-submit"]').click();
    await user.getByText(zh.fund.validation.amountMin.replace('{{min}}', '10')).waitFor();
    await fill(user, 'withdraw-amount', '20');
    await user.waitForFunction(() => (document.querySelector('[data-testid="withdraw-receive"]')?.textContent || '').startsWith('19'));
    await fill(user, 'withdraw-pay-password', '123456');
    await shot(user, 'withdraw-unverified', { fullPage: true });
    await user.locator('[data-testid="withdraw-submit"]').click();
    await waitForRoute(user, '/pages/setting/real_mark');
    await user.locator('[data-testid="real-mark"] .funds-status').waitFor();
    await shot(user, 'real-mark');
  });

  await step('verification needs the phone: bind it, then submit level 1', async () => {
    await user.locator('[data-testid="real-mark-go"]').click();
    await waitForRoute(user, '/pages/setting/real');
    await user.locator('[data-testid="real-level-1"]').waitFor();
    if (!(await apiAs(user, '/real/state')).mobile_bound) {
      await user.locator('[data-testid="real-bindings"]').waitFor();
      await shot(user, 'real-unbound');
      await user.locator('[data-testid="real-bind-phone"]').click();
      await waitForRoute(user, '/pages/setting/bindPhone');
      await fill(user, 'bind-mobile', mobile);
      const sentAt = Date.now() - 1000;
      await user.locator('[data-testid="send-code"]').click();
      await expectToast(user, zh.auth.codeSent);
      await fill(user, 'bind-code', await readCode(mobile, sentAt));
      await user.locator('[data-testid="bind-submit"]').click();
      await waitForRoute(user, '/pages/setting/real');
      await user.locator('[data-testid="real-level-1"]').waitFor();
    }
    await user.locator('[data-testid="real-bindings"]').waitFor({ state: 'detached' });
    await shot(user, 'real-ready');
    await user.locator('[data-testid="real-start-1"]').click();
    await user.locator('[data-testid="real-submit"]').waitFor();
    await user.locator('[data-testid="real-submit"]').click();
    await user.getByText(zh.identity.validation.nameRequired).waitFor();
    await user.getByText(zh.identity.validation.frontRequired).waitFor();
    await shot(user, 'real-form-validation', { fullPage: true });
    await user.locator('[data-testid="real-idtype-passport"]').click();
    await fill(user, 'real-name', 'Demo Trader');
    await fill(user, 'real-card-id', 'E12345678');
    await user.locator('[data-testid="real-front-file"]').setInputFiles(photoPng);
    await user.locator('[data-testid="real-back-file"]').setInputFiles(photoPng);
    await user.waitForFunction(() => document.querySelectorAll('.funds-upload.has-value img').length === 2);
    await shot(user, 'real-form', { fullPage: true });
    await user.locator('[data-testid="real-submit"]').click();
    await user.waitForFunction(() => document.querySelector('[data-testid="real-level-1"]')?.getAttribute('data-state') === '1');
    await shot(user, 'real-verifying');
  });

  await step('once the admin approves the verification, the user is verified', async () => {
    const real = await apiAs(user, '/real/state');
    check(real.level1.state === 1, 'level 1 is verifying');
    const me = await apiAs(user, '/user/info');
    const queue = await adminCall('/verifications', { state: 1, limit: 100 }, 'GET');
    const request = queue.data.find((v) => v.user_id === me.id && v.level === 1);
    check(request, `the admin's queue holds the demo user's level-1 request (${JSON.stringify(queue.data.map((v) => v.user_id))})`);
    await approve('verifications', request.id);
    await user.reload();
    await user.waitForFunction(() => document.querySelector('[data-testid="real-level-1"]')?.getAttribute('data-state') === '2');
    await shot(user, 'real-verified');
  });

  await step('set the payment password and save a withdrawal address', async () => {
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-destination"] button').first().waitFor();
    if (!(await apiAs(user, '/user/info')).has_pay_password) {
      await user.locator('[data-testid="withdraw-set-pay"]').click();
      await waitForRoute(user, '/pages/setting/payPassword');
      const sentAt = Date.now() - 1000;
      await user.locator('[data-testid="send-code"]').click();
      await expectToast(user, zh.auth.codeSent);
      await fill(user, 'password-code', await readCode(DEMO.email, sentAt));
      await fill(user, 'password-new', '246810');
      await fill(user, 'password-confirm', '246810');
      await user.locator('[data-testid="password-submit"]').click();
      await waitForRoute(user, '/pages/fund/withdraw');
    }
    await user.locator('[data-testid="withdraw-no-address"] button, [data-testid="withdraw-destination"] .funds-link-button').first().click();
    await waitForRoute(user, '/pages/setting/addWallet');
    await user.locator('[data-testid="addwallet-submit"]').click();
    await user.getByText(zh.identity.validation.qrRequired).waitFor();
    await shot(user, 'wallet-add-validation', { fullPage: true });
    await fill(user, 'addwallet-name', 'Cold wallet');
    await fill(user, 'addwallet-address', 'TQ9fW3mYbourseE2eWithdrawAddr01');
    await user.locator('[data-testid="addwallet-qr-file"]').setInputFiles(photoPng);
    await user.waitForFunction(() => Boolean(document.querySelector('[data-testid="addwallet-qr"] img')));
    await shot(user, 'wallet-add', { fullPage: true });
    await user.locator('[data-testid="addwallet-submit"]').click();
    await waitForRoute(user, '/pages/fund/withdraw');
  });

  await step('withdraw 20 USDT to the saved address, then cancel it', async () => {
    await user.locator('[data-testid^="withdraw-address-"]').first().waitFor();
    await fill(user, 'withdraw-amount', '20');
    await fill(user, 'withdraw-pay-password', '246810');
    await user
      .waitForFunction(() => /^19(\.0+)?USDT$/.test((document.querySelector('[data-testid="withdraw-receive"]')?.textContent ?? '').replace(/[,\s]/g, '')))
      .catch(async () => {
        throw new Error(`assertion failed: receive = 20 − 1 = 19 USDT (got ${await user.locator('[data-testid="withdraw-receive"]').innerText()})`);
      });
    await shot(user, 'withdraw', { fullPage: true });
    await user.locator('[data-testid="withdraw-submit"]').click();
    await waitForRoute(user, '/pages/fund/withdraw_record');
    const item = user.locator('[data-testid="withdraw-item"]').first();
    await item.waitFor();
    check((await item.getAttribute('data-state')) === '0', 'the withdrawal waits for review');
    await shot(user, 'withdraw-records');
    await item.locator('[data-testid="withdraw-cancel"]').click();
    await confirmDialog(user);
    await user.waitForFunction(() => document.querySelector('[data-testid="withdraw-item"]')?.getAttribute('data-state') === '3');
    await shot(user, 'withdraw-cancelled');
  });

  await step('the bank card tab asks for a card; save both cards', async () => {
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-type-1"]').click();
    await user.locator('[data-testid="withdraw-no-card"]').waitFor();
    await shot(user, 'withdraw-bank-missing');
    const values = {
      real_name: 'Demo Trader',
      bank_account: '6222020200112233445',
      bank_name: 'Bourse Bank',
      bank_network: 'Central branch',
      bank_dizhi: 'Shanghai',
      alipay_account: '021000021',
      swift_code: 'BOURCNSH',
      wechat_nickname: 'BOURCNSHXXX',
      phone: '+86 138 0013 8000',
      wechat_account: '1 Century Avenue, Shanghai',
    };
    for (const route of ['/pages/setting/bank', '/pages/setting/bank_international']) {
      await user.goto(app(route));
      await user.locator('[data-testid="bank-none"]').waitFor();
      await user.locator('[data-testid="bank-submit"]').click();
      await user.getByText(zh.identity.validation.fieldRequired).first().waitFor();
      for (const [name, value] of Object.entries(values)) await fill(user, `bank-${name}`, value);
      // The form checks a field when it loses focus: leave the last one as a
      // person would, and see every message from the empty submit go.
      await user.locator('[data-testid="bank-wechat_account"] input').blur();
      await user.locator('.adm-form-item-feedback-error').first().waitFor({ state: 'detached' });
      await user.locator('[data-testid="bank-submit"]').click();
      await user.locator('[data-testid="bank-saved"]').waitFor().catch(async (e) => {
        const fields = await user.locator('.adm-form-item-feedback-error').allInnerTexts();
        const toasts = await user.locator('.adm-toast-main').allInnerTexts();
        throw new Error(`the card was not saved: field errors ${JSON.stringify(fields)}, toasts ${JSON.stringify(toasts)} (${e.message.split('\n')[0]})`);
      });
      await shot(user, route.endsWith('international') ? 'bank-international' : 'bank', { fullPage: true });
    }
    await user.goto(app('/pages/fund/withdraw?currency=3'));
    await user.locator('[data-testid="withdraw-type-2"]').click();
    await user.locator('[data-testid="withdraw-card"]').waitFor();
    await shot(user, 'withdraw-international');
  });

  await step('saved addresses are listed in Settings', async () => {
    await user.goto(app('/pages/setting/setting'));
    await user.locator('[data-testid="to-wallet"]').click();
    await waitForRoute(user, '/pages/setting/wallet');
    await user.locator('[data-testid="wallet-item"]').first().waitFor();
    await shot(user, 'wallet');
  });

  await languageSteps(
    user,
    [
      ['withdraw', '/pages/fund/withdraw?currency=3', '[data-testid^="withdraw-address-"]'],
      ['withdraw-records', '/pages/fund/withdraw_record', '[data-testid="withdraw-item"]'],
      ['real', '/pages/setting/real', '[data-testid="real-level-2"]'],
      ['real-level2-form', '/pages/setting/real?form=2', '[data-testid="real-submit"]'],
      ['real-mark', '/pages/setting/real_mark', '[data-testid="real-mark"]'],
      ['wallet', '/pages/setting/wallet', '[data-testid="wallet-item"]'],
      ['bank', '/pages/setting/bank', '[data-testid="bank-saved"]'],
      ['setting', '/pages/setting/setting', '[data-testid="to-real"]'],
    ],
    [
      ['/pages/fund/withdraw?currency=3', '[data-testid^="withdraw-address-"]'],
      ['/pages/setting/real', '[data-testid="real-level-2"]'],
      ['/pages/setting/real_mark', '[data-testid="real-mark"]'],
      ['/pages/setting/bank_international', '[data-testid="bank-saved"]'],
    ],
    async (lang) => {
      await user.goto(app('/pages/fund/withdraw?currency=3'));
      await user.locator('[data-testid^="withdraw-address-"]').first().waitFor();
      await snapshot(user, `lang-${lang}-withdraw`);
    },
  );
});
