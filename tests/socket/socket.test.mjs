// The realtime gateway against the real server (BOURSE_URL), through the
// official socket.io-client with the options the app uses.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { appSocketOptions } from './options.mjs';
import { ownServer } from './server.mjs';

const base = process.env.BOURSE_URL;
assert.ok(base, 'BOURSE_URL must point at a running server');

const sockets = [];
after(() => sockets.forEach((s) => s.close()));

function connect(token, url = base) {
  const s = io(url, appSocketOptions(token));
  sockets.push(s);
  return s;
}

function next(socket, event, ms, pred = () => true) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const on = (payload) => {
      if (!pred(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}

async function call(path, { method = 'POST', token, form, url = base } = {}) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await res.json();
  assert.equal(body.type, 'ok', `${path}: ${JSON.stringify(body)}`);
  return body.message;
}

/** A new registered user on the server at `url`: its e-mail and a token. */
async function newAccount(url = base) {
  const email = `sock${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  await call('/sms_mail', { form: { user_string: email }, url });
  const outbox = await (await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = outbox.message[0].code;
  await call('/user/register', { form: { user_string: email, code, password: 'Secret123', re_password: 'Secret123' }, url });
  const token = await call('/user/login', { form: { user_string: email, password: 'Secret123' }, url });
  return { email, token };
}

async function newUser() {
  return (await newAccount()).token;
}

test('a visitor connects without a token and receives tickers within 2 s', async () => {
  const s = connect();
  await next(s, 'connect', 5000);
  const t = await next(s, 'daymarket', 2500);
  assert.ok(t.symbol && typeof t.now_price === 'string', JSON.stringify(t));
});

test('depth and kline subscriptions deliver their channels', async () => {
  const s = connect();
  await next(s, 'connect', 5000);
  s.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  s.emit('subscribe', { channel: 'kline', symbol: 'BTC/USDT', period: '1min' });
  const d = await next(s, 'market_depth', 5000);
  assert.equal(d.symbol, 'BTC/USDT');
  assert.ok(d.bids.length > 0 && d.asks.length > 0);
  assert.ok(Number(d.bids[0][0]) < Number(d.asks[0][0]), 'uncrossed');
  const k = await next(s, 'kline', 5000);
  assert.equal(k.period, '1min');
  const d2 = await next(s, 'market_depth', 5000);
  assert.ok(d2.seq > d.seq, 'seq increases');
  s.emit('unsubscribe', { channel: 'depth', symbol: 'BTC/USDT' });
});

test("a fill reaches its owner's socket and nobody else's", async () => {
  const demo = await call('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' } });
  const other = await newUser();
  const mine = connect(demo);
  const theirs = connect(other);
  await Promise.all([next(mine, 'connect', 5000), next(theirs, 'connect', 5000)]);
  const me = await call('/user/info', { method: 'GET', token: demo });
  // The old habit of claiming a user id must not open someone else's room.
  theirs.emit('login', me.id);
  const leaked = [];
  for (const event of ['order', 'balance']) theirs.on(event, (payload) => leaked.push({ event, payload }));

  // Trades and depth share one sequence, in the order the market published them.
  let lastTrade = 0;
  mine.on('market_trade', (t) => { lastTrade = Math.max(lastTrade, t.seq); });
  mine.emit('subscribe', { channel: 'trade', symbol: 'BTC/USDT' });
  mine.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  theirs.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  // A depth event on each socket: their subscriptions (and the claim above, sent
  // before on the same connection) have reached the hub, and the provider quotes asks.
  await Promise.all([
    next(mine, 'market_depth', 5000, (d) => d.asks.length > 0),
    next(theirs, 'market_depth', 5000),
  ]);

  const filled = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no filled order event within 5000 ms')), 5000);
    mine.on('order', (o) => {
      if (o.status !== 1) return;
      clearTimeout(timer);
      resolve({ order: o, trade: lastTrade });
    });
  });
  const placed = await call('/coin/trade', { token: demo, form: { match_id: '1', type: '1', order_type: 'market', amount: '50' } });
  const { order, trade } = await filled;
  assert.equal(order.id, placed.id);
  assert.equal(order.user_id, me.id);
  assert.ok(trade > 0, 'the fill\'s trade reached the owner before the fill');
  // The fill's private events were published after its trade and before any
  // later depth: once the other socket has a depth with a higher sequence,
  // everything published for the fill has been delivered to it, or never will be.
  await next(theirs, 'market_depth', 5000, (d) => d.seq > trade);
  assert.deepEqual(leaked, [], 'another user saw the fill');
});

// A 1x1 PNG: photos and vouchers are checked by content.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

async function upload(token) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = await res.json();
  assert.equal(body.type, 'ok', `upload: ${JSON.stringify(body)}`);
  return body.message;
}

async function admin(path, form) {
  const token = await call('/user/login', {
    form: { user_string: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
  });
  const res = await fetch(`${base}/admin/api${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await res.json();
  assert.equal(body.type, 'ok', `${path}: ${JSON.stringify(body)}`);
  return body.message;
}

async function code(to) {
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
  return outbox.message[0].code;
}

/** A new user verified at level 1 with `usdt` on the contract account: a lead trader in waiting. */
async function verifiedLeader(usdt) {
  const token = await newUser();
  const mobile = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await call('/sms_send', { form: { area_code: '86', mobile } });
  await call('/safe/mobile', { token, form: { area_code: '86', mobile, code: await code(mobile) } });
  const [front, back] = [await upload(token), await upload(token)];
  await call('/user/real', {
    token,
    form: { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'P7654321', front_pic: front, reverse_pic: back },
  });
  const me = await call('/user/info', { method: 'GET', token });
  const queue = await admin('/verifications?state=1');
  const request = queue.data.find((r) => r.user_id === me.id);
  await admin('/verifications/approve', { id: String(request.id) });
  const voucher = await upload(token);
  const deposit = await call('/wallet/charge_req', { token, form: { currency: '3', amount: usdt, voucher } });
  await admin('/deposits/approve', { id: String(deposit.id) });
  await call('/wallet/change', { token, form: { currency_id: '3', number: usdt, from_field: '2', to_field: '3' } });
  return { token, id: me.id };
}

test("a leader's open and close reach the follower's socket as copy events", async () => {
  const leader = await verifiedLeader('500');
  await call('/follow/apply', {
    token: leader.token,
    form: { name: 'Socket Leader', intro: 'Opens and closes for the socket test.', share_rate: '0.1', max_followers: '10' },
  });
  await admin('/copy/approve', { trader_id: String(leader.id) });
  const demo = await call('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' } });
  await call('/wallet/change', { token: demo, form: { currency_id: '3', number: '300', from_field: '2', to_field: '3' } });
  const s = connect(demo);
  await next(s, 'connect', 5000);
  // The socket joins its user's room on connect; a round trip through the
  // hub (a subscription answered with depth) makes sure it has.
  s.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  await next(s, 'market_depth', 5000);
  // The trader list hears of the new follower (at most a second later).
  const counted = next(s, 'copy_traders', 5000, (p) => p.trader_id === leader.id && p.followers === 1);
  await call('/follow/follow', {
    token: demo,
    form: { trader_id: String(leader.id), mode: '1', amount: '1', max_margin: '300', agree: '1' },
  });
  await counted;
  const opened = next(s, 'copy_opened', 5000);
  const lead = await call('/lever/submit', {
    token: leader.token,
    form: { match_id: '1', type: '1', status: '1', share: '1', multiple: '10' },
  });
  const copy = await opened;
  assert.equal(copy.trader_id, leader.id);
  assert.equal(copy.lead_id, lead.id);
  const closed = next(s, 'copy_closed', 5000);
  await call('/lever/close', { token: leader.token, form: { id: String(lead.id) } });
  const gone = await closed;
  assert.deepEqual(gone.id, [copy.id]);
  assert.equal(gone.lead_id, lead.id);
  await call('/follow/cancel', { token: demo, form: { id: String((await call('/follow/my', { method: 'GET', token: demo })).data[0].id), close: '1' } });
});

test('earn products tell every socket when their figures move', async () => {
  const demo = await call('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' } });
  const s = connect();
  await next(s, 'connect', 5000);
  s.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  await next(s, 'market_depth', 5000);
  // A lock-up subscription: the product's locked total (at most a second later).
  const locked = next(s, 'lock_products', 5000, (p) => p.id === 1 && p.holders >= 1);
  const order = await call('/lh/deposit', { token: demo, form: { config_id: '1', amount: '100' } });
  await locked;
  await call('/lh/deposit/order/cancel', { token: demo, form: { id: String(order.id) } });
  // A token-sale subscription: the sale's subscribed total.
  const sale = next(s, 'ieo_project', 5000, (p) => p.id === 1 && p.subscribers >= 1);
  await call('/project/order', { token: demo, form: { project_id: '1', amount: '100' } });
  await sale;
  // A dual purchase: the product's shares left.
  const [product] = await call('/dual/index?currency=BTC&kind=put', { method: 'GET' });
  const sold = next(s, 'dual_products', 5000, (p) => p.id === product.id && p.shares_left === product.shares_left - 1);
  await call('/dual/buyDual', { token: demo, form: { id: String(product.id), num: '1' } });
  await sold;
});

test('an NFT auction tells its watchers every deposit and bid, and the bidder privately', async () => {
  const demo = await call('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' } });
  // The demo market's auction (it starts again whenever one is over).
  let auction = null;
  for (let i = 0; i < 50 && !auction; i++) {
    const list = await call('/bind_box/getBoxList?mode=auction', { method: 'GET' });
    auction = list.data[0] ?? null;
    if (!auction) await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(auction, 'the demo auction is live');
  const watcher = connect();
  const mine = connect(demo);
  await Promise.all([next(watcher, 'connect', 5000), next(mine, 'connect', 5000)]);
  watcher.emit('subscribe', { channel: 'nft', symbol: String(auction.listing_id) });
  // A round trip through the hub on each socket makes sure the subscription
  // (and the user's room) is in.
  watcher.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  mine.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  await Promise.all([next(watcher, 'market_depth', 5000), next(mine, 'market_depth', 5000)]);
  const joined = next(watcher, 'nft_bid', 5000, (p) => p.listing_id === auction.listing_id && p.joined >= 1);
  const paid = next(mine, 'balance', 5000, (p) => p.currencies.includes(auction.currency));
  await call('/bind_box/marginNFT', { token: demo, form: { id: String(auction.id) } });
  await Promise.all([joined, paid]);
  const detail = await call(`/bind_box/getBoxDetail?id=${auction.id}`, { method: 'GET', token: demo });
  const seen = next(watcher, 'nft_bid', 5000, (p) => p.listing_id === auction.listing_id && p.bids >= 1);
  await call('/bind_box/auctionNFT', { token: demo, form: { id: String(auction.id), price: detail.auction.min_bid } });
  const bid = await seen;
  assert.equal(bid.price, detail.auction.min_bid);
  assert.ok(bid.ends_at > Date.now());
  // Watchers learn the leader as the bid log shows bidders, never their id.
  const log = await call(`/bind_box/getBindBoxQuotationLog?id=${auction.id}`, { method: 'GET' });
  assert.equal(typeof bid.bidder, 'string');
  assert.ok(log.data.some((b) => b.bidder === bid.bidder && b.price === bid.price), JSON.stringify(log.data));
  assert.match(bid.bidder, /\*{3}/);
});

// Sessions end on the socket too, and private events are numbered per socket.

/** Every private event the server sends (each carries `seq`). */
const PRIVATE = new Set([
  'order', 'balance', 'lever_trade', 'lever_closed', 'closed_microorder', 'copy_opened', 'copy_closed',
  'copy_skipped', 'follow_ended', 'copy_trader_reviewed', 'nft_message', 'dual_order', 'ieo_order',
]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const demoLogin = (url = base) =>
  call('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' }, url });

/**
 * A connected socket that is in its user's room (a subscription has come back
 * through the hub); `s.heard` lists its private events from the start.
 */
async function joined(token, url = base) {
  const s = connect(token, url);
  s.heard = privateLog(s);
  await next(s, 'connect', 5000);
  s.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  await next(s, 'market_depth', 5000);
  return s;
}

/** The private events a socket hears from now on, in order. */
function privateLog(s) {
  const log = [];
  s.onAny((event, payload) => {
    if (PRIVATE.has(event)) log.push({ event, seq: payload?.seq });
  });
  return log;
}

/** The session_ended event and the disconnect that follows, each within `ms`, and what came after. */
function endOf(s, ms) {
  const after = [];
  let over = false;
  s.onAny((event) => {
    if (over) after.push(event);
  });
  const ended = next(s, 'session_ended', ms).then((e) => {
    over = true;
    return e;
  });
  return { ended, disconnected: next(s, 'disconnect', ms), after };
}

const marketBuy = (token, url = base, amount = '20') =>
  call('/coin/trade', { token, url, form: { match_id: '1', type: '1', order_type: 'market', amount } });

let slowLane = null;
let shortTokens = null;
after(() => {
  slowLane?.stop();
  shortTokens?.stop();
});

test('private events carry seq: 1 for the first on a connection, one more for each', async () => {
  const token = await demoLogin();
  const s = await joined(token);
  const log = s.heard;
  const filled = next(s, 'order', 5000, (o) => o.status === 1);
  await marketBuy(token);
  await filled;
  await sleep(200);
  const seqs = log.map((e) => e.seq);
  assert.ok(seqs.length >= 2, JSON.stringify(log));
  assert.deepEqual(seqs, seqs.map((_, i) => i + 1), JSON.stringify(log));
});

test('logging out of every other device ends their sockets within a second, and nothing private follows', async () => {
  const phone = await demoLogin();
  const laptop = await demoLogin();
  const s = await joined(phone);
  const log = s.heard;
  const end = endOf(s, 1000);
  const started = Date.now();
  await call('/safe/sessions/end_others', { token: laptop });
  assert.deepEqual(await end.ended, { reason: 'revoked' });
  assert.equal(await end.disconnected, 'io server disconnect');
  assert.ok(Date.now() - started < 1000, `ended after ${Date.now() - started} ms`);
  assert.equal(s.active, false, 'the client does not reconnect by itself');
  const before = log.length;

  // The laptop, still signed in, trades: its own socket hears the fill, the ended one nothing.
  const still = await joined(laptop);
  const filled = next(still, 'order', 5000, (o) => o.status === 1);
  await marketBuy(laptop);
  await filled;
  await sleep(300);
  assert.equal(log.length, before, JSON.stringify(log));
  assert.deepEqual(end.after, []);
  assert.equal(s.connected, false);
  await call('/user/info', { method: 'GET', token: laptop });
  const res = await fetch(`${base}/api/user/info`, { headers: { authorization: phone } });
  assert.equal(res.status, 401);
});

test('a password change from another session ends the socket within a second', async () => {
  slowLane ??= await ownServer({ BOURSE__SOCKET__PRIVATE_QUEUE: '1', BOURSE__CODES__RESEND_SECONDS: '0' });
  const url = slowLane.url;
  const { email, token } = await newAccount(url);
  const other = await call('/user/login', { form: { user_string: email, password: 'Secret123' }, url });
  const s = await joined(token, url);
  const end = endOf(s, 1000);
  await call('/sms_mail', { form: { user_string: email }, url });
  const outbox = await (await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const started = Date.now();
  await call('/safe/update_password', {
    token: other,
    url,
    form: { type: 'login', password: 'Secret456', re_password: 'Secret456', code: outbox.message[0].code },
  });
  assert.deepEqual(await end.ended, { reason: 'revoked' });
  assert.equal(await end.disconnected, 'io server disconnect');
  assert.ok(Date.now() - started < 1000, `ended after ${Date.now() - started} ms`);
});

test('a socket that cannot keep up sees a gap in seq', async () => {
  slowLane ??= await ownServer({ BOURSE__SOCKET__PRIVATE_QUEUE: '1', BOURSE__CODES__RESEND_SECONDS: '0' });
  const url = slowLane.url;
  const token = await demoLogin(url);
  const s = await joined(token, url);
  const log = s.heard;
  // One private event may wait for this socket; a burst of fills sends many at once.
  await Promise.all(Array.from({ length: 30 }, () => marketBuy(token, url, '15')));
  await sleep(1000);
  const seqs = log.map((e) => e.seq);
  assert.ok(seqs.length > 0, 'some private events arrive');
  assert.ok(seqs.every((n, i) => Number.isInteger(n) && (i === 0 ? n >= 1 : n > seqs[i - 1])), JSON.stringify(seqs));
  assert.ok(seqs.at(-1) > seqs.length, `a gap shows the dropped events: ${JSON.stringify(seqs)}`);
});

test('a socket ends with its token: session_ended expired', async () => {
  shortTokens ??= await ownServer({ BOURSE__AUTH__TOKEN_TTL_SECONDS: '3' });
  const url = shortTokens.url;
  const loggedIn = Date.now();
  const token = await demoLogin(url);
  const s = await joined(token, url);
  const end = endOf(s, 6000);
  assert.deepEqual(await end.ended, { reason: 'expired' });
  assert.equal(await end.disconnected, 'io server disconnect');
  const lived = Date.now() - loggedIn;
  assert.ok(lived >= 2500 && lived < 5000, `the socket lived ${lived} ms of a 3 s token`);
  assert.equal(s.active, false);
});

test("an admin's deposit approval reaches the user's socket as balance within 2 s", async () => {
  const token = await newUser();
  const voucher = await upload(token);
  const deposit = await call('/wallet/charge_req', { token, form: { currency: '3', amount: '25', voucher } });
  const s = connect(token);
  await next(s, 'connect', 5000);
  // A round trip through the hub makes sure the socket is in its user's room.
  s.emit('subscribe', { channel: 'depth', symbol: 'BTC/USDT' });
  await next(s, 'market_depth', 5000);
  const status = next(s, 'deposit', 2000, (p) => p.id === deposit.id);
  const balance = next(s, 'balance', 2000, (p) => p.currencies.includes(3));
  await admin('/deposits/approve', { id: String(deposit.id) });
  const [told, moved] = await Promise.all([status, balance]);
  assert.equal(told.status, 1);
  assert.deepEqual(moved.currencies, [3]);
  // Told after the commit: the balance asked now is the credited one.
  const detail = await call('/wallet/detail', { token, form: { currency: '3', type: '2' } });
  assert.equal(detail.available, '25');
});
