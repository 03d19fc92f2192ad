/**
 * The API as the scripts use it besides the screens: to learn what the UI
 * just did (the id of a request, a balance, the ledger), to read the codes of
 * the dev outbox, and to set up what a script needs but does not test there
 * (a user of its own, a request for the admin to review, the admin's decision
 * on a request another script's screens wait for).
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE, check } from './harness.mjs';
import { photoPng, voucherPng } from './png.mjs';

/** A call of `${BASE}${path}` with a token; answers the message of an ok answer. */
export async function call(token, path, { method = 'POST', params = {} } = {}) {
  const query = new URLSearchParams(params).toString();
  const res = await fetch(`${BASE}${path}${method === 'GET' && query ? `?${query}` : ''}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : query,
  });
  const body = await res.json();
  check(body.type === 'ok', `${method} ${path} answers ok (got ${JSON.stringify(body)})`);
  return body.message;
}

const tokenOf = (page) => page.evaluate(() => localStorage.getItem('token'));

/** A GET of the API with the token of the user logged in on `page` (to learn the id of what the UI just created). */
export async function apiAs(page, path, params = {}) {
  return call(await tokenOf(page), `/api${path}`, { method: 'GET', params });
}

/** A POST of the API with the token of the user logged in on `page`. */
export async function apiPostAs(page, path, params = {}) {
  return call(await tokenOf(page), `/api${path}`, { params });
}

/** The code the server sent to `address` at or after `notBefore` (ms); call it once the app said the code was sent. */
export async function readCode(address, notBefore) {
  const res = await fetch(`${BASE}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const body = await res.json();
  const newest = Array.isArray(body.message) ? body.message[0] : null;
  if (newest?.code && Number(newest.sent_at) >= notBefore) return String(newest.code);
  throw new Error(`no code sent to ${address} since ${notBefore} in the dev outbox (${JSON.stringify(body.message)})`);
}

/** Every ledger record of the user's account `account` (newest first). */
export async function ledgerOf(page, account) {
  const rows = [];
  for (let p = 1; ; p += 1) {
    const got = await apiPostAs(page, '/wallet/legal_log', { account, page: p, limit: 100 });
    rows.push(...got.data);
    if (p >= got.pages) return rows;
  }
}

/** Available amount of a coin in an account, as the server has it. */
export async function available(page, account, coin) {
  const list = await apiPostAs(page, '/wallet/list');
  const row = list.accounts.find((a) => a.account === account)?.balances.find((b) => b.name === coin);
  return row ? row.available : '0';
}

/** The id of a coin of the coin list, by name. */
export async function coinId(name) {
  const coins = await call(null, '/api/currency/user_currency_list', { method: 'GET' });
  const coin = coins.find((c) => c.name === name);
  check(coin, `the coin list holds ${name}`);
  return coin.id;
}

// ---- set-up ----

export async function loginToken(account, password) {
  return call(null, '/api/user/login', { params: { user_string: account, password } });
}

let adminToken = null;

/** A call of the admin API (`/admin/api…`) as the admin of the run. */
export async function adminCall(path, params = {}, method = 'POST') {
  adminToken ??= await loginToken(ADMIN_EMAIL, ADMIN_PASSWORD);
  return call(adminToken, `/admin/api${path}`, { method, params });
}

/** Approves a request of a review queue (deposits, withdrawals, verifications) as the admin. */
export async function approve(kind, id) {
  await adminCall(`/${kind}/approve`, { id });
}

/** The server sends one code per address per codes.resend_seconds (60 by default; `make test-e2e` shortens it). */
export const RESEND_MS = Number(process.env.BOURSE__CODES__RESEND_SECONDS || 60) * 1000;
const lastCode = new Map();

/** Asks for a code to `address` (waiting out the server's resend gap for it) and answers the code sent. */
async function codeFor(address, path, params) {
  const gap = (lastCode.get(address) ?? 0) + RESEND_MS + 100 - Date.now();
  if (gap > 0) await new Promise((r) => setTimeout(r, gap));
  const sentAt = Date.now() - 1000;
  await call(params.token ?? null, `/api${path}`, { params: params.form });
  lastCode.set(address, Date.now());
  return readCode(address, sentAt);
}

/** Uploads an image as the user of `token`; answers its address. */
export async function upload(token, png) {
  const form = new FormData();
  form.append('file', new Blob([png.buffer], { type: png.mimeType }), png.name);
  const res = await fetch(`${BASE}/api/upload`, { method: 'POST', headers: { Authorization: token }, body: form });
  const body = await res.json();
  check(body.type === 'ok', `the upload of ${png.name} answers ok (got ${JSON.stringify(body)})`);
  return body.message;
}

/**
 * A new user of its own (e-mail registered with the code of the outbox, a
 * mobile number bound): { id, email, password, mobile, token }.
 */
export async function newUser(tag) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${tag}${id}@example.com`;
  const password = `E2e-${Math.random().toString(36).slice(2, 10)}`;
  const mobile = `7701${Math.floor(100000 + Math.random() * 899999)}`;
  const code = await codeFor(email, '/sms_mail', { form: { email } });
  await call(null, '/api/user/register', { params: { type: 'email', user_string: email, password, re_password: password, code } });
  const token = await loginToken(email, password);
  const sms = await codeFor(mobile, '/sms_send', { token, form: { area_code: '44', mobile } });
  await call(token, '/api/safe/mobile', { params: { area_code: '44', mobile, code: sms } });
  const me = await call(token, '/api/user/info', { method: 'GET' });
  return { id: me.id, email, password, mobile, token };
}

/**
 * A new user (see `newUser`) holding `amount` of `coin` in their spot
 * account: a deposit request the admin approves.
 */
export async function fundedUser(tag, coin, amount) {
  const user = await newUser(tag);
  await approve('deposits', await requestDeposit(user.token, await coinId(coin), amount));
  return user;
}

/** A deposit request of `amount` of coin `currency` with a voucher; answers its id. */
export async function requestDeposit(token, currency, amount) {
  const voucher = await upload(token, voucherPng);
  return (await call(token, '/api/wallet/charge_req', { params: { currency, amount, voucher } })).id;
}

/** A level-1 verification request with a passport; answers its id as the admin's queue lists it. */
export async function requestVerification(user) {
  const [front, back] = [await upload(user.token, photoPng), await upload(user.token, photoPng)];
  await call(user.token, '/api/user/real', {
    params: { real_type: 1, id_type: 'passport', name: 'Desk Tester', card_id: 'E87654321', front_pic: front, reverse_pic: back },
  });
  const queue = await adminCall('/verifications', { state: 1, limit: 100 }, 'GET');
  const mine = queue.data.find((v) => v.user_id === user.id);
  check(mine, `the new verification is in the admin's queue (${JSON.stringify(queue.data.slice(0, 3))})`);
  return mine.id;
}

/**
 * A withdrawal of `amount` USDT to a saved address, by a verified user (who
 * gets a payment password and the address first); answers its id.
 */
export async function requestWithdrawal(user, amount) {
  const payPassword = '135790';
  const code = await codeFor(user.email, '/sms_mail', { token: user.token, form: { email: user.email } });
  await call(user.token, '/api/safe/update_password', { params: { type: 'pay', password: payPassword, re_password: payPassword, code } });
  const address = `TQ9fW3mYbourseE2eDesk${Date.now().toString(36)}`;
  const qrcode = await upload(user.token, photoPng);
  await call(user.token, '/api/user/wallet/save', { params: { currency: 3, name: 'Desk wallet', address, qrcode } });
  return (await call(user.token, '/api/wallet/out', { params: { currency: 3, number: amount, type: 0, address, pay_password: payPassword } })).id;
}
