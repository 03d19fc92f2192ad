// The realtime gateway against the real server (BOURSE_URL), through the
// official socket.io-client with the options the app uses.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { appSocketOptions } from './options.mjs';

const base = process.env.BOURSE_URL;
assert.ok(base, 'BOURSE_URL must point at a running server');

const sockets = [];
after(() => sockets.forEach((s) => s.close()));

function connect(token) {
  const s = io(base, appSocketOptions(token));
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

async function call(path, { method = 'POST', token, form } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await res.json();
  assert.equal(body.type, 'ok', `${path}: ${JSON.stringify(body)}`);
  return body.message;
}

async function newUser() {
  const email = `sock${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  await call('/sms_mail', { form: { user_string: email } });
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const code = outbox.message[0].code;
  await call('/user/register', { form: { user_string: email, code, password: 'Secret123', re_password: 'Secret123' } });
  return call('/user/login', { form: { user_string: email, password: 'Secret123' } });
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
