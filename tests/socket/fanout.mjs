// Fan-out latency of the realtime gateway: many sockets subscribed to one
// depth channel, each market_depth timed from the server's snapshot `ts` to its
// arrival here (same machine, same clock). A measurement, not a pass/fail test:
// it exits 1 only when the setup itself failed (a socket did not connect or
// never received an event), so the figures would not mean what they say.
//
//   make bench-fanout                      (release server, defaults)
//   SOCKETS=500 ORDERS_PER_SECOND=0 make bench-fanout
//
// Env: SOCKETS (2000), SECONDS (20), ORDERS_PER_SECOND (20), WORKERS (2),
// WARMUP (2 s), BATCH (100 connections in flight while ramping).
//
// File descriptors: every socket costs one here and one in the server, and the
// server inherits the limit of the shell that starts with-server.sh. The soft
// limit on the machine this was written on is 20000 (`ulimit -n`), enough for
// 2000 sockets. For more, raise it in that same shell first (up to `ulimit -Hn`):
//   ulimit -n 65536 && make bench-fanout
//
// One Node process decoding 2000 sockets' frames saturates a core well before
// the server does, and then the measured latency is the client's queue. So the
// sockets live in WORKERS forked processes; the parent only paces the run,
// places orders and merges what the workers report.
import { fork, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { appSocketOptions } from './options.mjs';

const base = process.env.BOURSE_URL;
const SYMBOL = 'BTC/USDT';
const int = (name, dflt) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number >= 0`);
  return v;
};

if (process.argv[2] === 'worker') worker(int('WORKER_SOCKETS', 0), int('WORKER_BATCH', 50));
else await main();

// ---------------------------------------------------------------- worker --

function worker(count, batch) {
  const sockets = [];
  // Per-socket market_depth counts inside the measured window.
  const counts = new Uint32Array(count);
  // Latency in whole ms (both ends are Date.now() values), so a 1 ms histogram
  // is exact and keeps the report to the parent small whatever the event count.
  const hist = new Map();
  const seqs = new Set();
  let recording = false;
  let max = 0;
  let negative = 0;
  let others = 0;
  let disconnects = 0;
  let cpuAtStart;

  function open(i) {
    return new Promise((resolve) => {
      const s = io(base, appSocketOptions());
      sockets.push(s);
      const giveUp = setTimeout(() => resolve(false), 20000);
      // Subscribing on every connect, as the app does, so a reconnected socket
      // keeps counting instead of silently falling out of the channel.
      s.on('connect', () => {
        s.emit('subscribe', { channel: 'depth', symbol: SYMBOL });
        clearTimeout(giveUp);
        resolve(true);
      });
      s.on('disconnect', () => {
        if (recording) disconnects++;
      });
      s.on('market_depth', (d) => {
        if (!recording || d.symbol !== SYMBOL) return;
        let ms = Date.now() - d.ts;
        if (ms < 0) {
          negative++;
          ms = 0;
        }
        counts[i]++;
        hist.set(ms, (hist.get(ms) ?? 0) + 1);
        if (ms > max) max = ms;
        seqs.add(d.seq);
      });
      // Tickers reach every socket whatever it subscribed to: not what is being
      // measured, but they are part of the load on both ends.
      s.onAny((event) => {
        if (recording && event !== 'market_depth') others++;
      });
    });
  }

  process.on('message', async (msg) => {
    if (msg === 'ramp') {
      let connected = 0;
      for (let i = 0; i < count; i += batch) {
        const n = Math.min(batch, count - i);
        const ok = await Promise.all(Array.from({ length: n }, (_, k) => open(i + k)));
        connected += ok.filter(Boolean).length;
      }
      process.send({ type: 'ramped', connected });
    } else if (msg === 'start') {
      recording = true;
      cpuAtStart = process.cpuUsage();
    } else if (msg === 'stop') {
      recording = false;
      const cpu = process.cpuUsage(cpuAtStart);
      process.send({
        type: 'result',
        hist: [...hist],
        max,
        negative,
        others,
        disconnects,
        seqs: [...seqs],
        counts: [...counts],
        cpuMs: (cpu.user + cpu.system) / 1000,
      }, () => {
        sockets.forEach((s) => s.close());
        process.exit(0);
      });
    }
  });
  process.send({ type: 'up' });
}

// ---------------------------------------------------------------- parent --

async function main() {
  if (!base) throw new Error('BOURSE_URL must point at a running server (see scripts/with-server.sh)');
  const SOCKETS = int('SOCKETS', 2000);
  const SECONDS = int('SECONDS', 20);
  const ORDERS_PER_SECOND = int('ORDERS_PER_SECOND', 20);
  const WORKERS = Math.max(1, Math.min(int('WORKERS', 2), SOCKETS || 1));
  const WARMUP = int('WARMUP', 2);
  const BATCH = Math.max(1, int('BATCH', 100));

  checkFdLimit(SOCKETS);

  // Spread sockets evenly; each worker ramps its share of the batch at once so
  // the server sees about BATCH handshakes in flight.
  const workers = [];
  for (let w = 0; w < WORKERS; w++) {
    const share = Math.floor(SOCKETS / WORKERS) + (w < SOCKETS % WORKERS ? 1 : 0);
    const child = fork(fileURLToPath(import.meta.url), ['worker'], {
      env: { ...process.env, WORKER_SOCKETS: String(share), WORKER_BATCH: String(Math.ceil(BATCH / WORKERS)) },
    });
    workers.push({ child, inbox: messages(child) });
  }
  await Promise.all(workers.map((w) => w.inbox('up')));

  const t0 = Date.now();
  workers.forEach((w) => w.child.send('ramp'));
  const ramped = await Promise.all(workers.map((w) => w.inbox('ramped')));
  const connected = ramped.reduce((a, r) => a + r.connected, 0);
  console.log(`ramp: ${connected}/${SOCKETS} sockets in ${Date.now() - t0} ms over ${WORKERS} workers`);

  const orders = ORDERS_PER_SECOND > 0 ? await orderPump(ORDERS_PER_SECOND) : null;
  await sleep(WARMUP * 1000);

  workers.forEach((w) => w.child.send('start'));
  const started = Date.now();
  await sleep(SECONDS * 1000);
  workers.forEach((w) => w.child.send('stop'));
  const results = await Promise.all(workers.map((w) => w.inbox('result')));
  const elapsed = (Date.now() - started) / 1000;
  orders?.stop();

  // Merge: histograms add, per-socket counts concatenate, seqs union.
  const hist = new Map();
  const seqs = new Set();
  const counts = [];
  let max = 0, negative = 0, others = 0, disconnects = 0;
  for (const r of results) {
    for (const [ms, n] of r.hist) hist.set(ms, (hist.get(ms) ?? 0) + n);
    r.seqs.forEach((s) => seqs.add(s));
    counts.push(...r.counts);
    max = Math.max(max, r.max);
    negative += r.negative;
    others += r.others;
    disconnects += r.disconnects;
  }
  const events = counts.reduce((a, n) => a + n, 0);
  const silent = counts.filter((n) => n === 0).length;
  const sorted = [...counts].sort((a, b) => a - b);
  const pct = percentiles(hist, [0.5, 0.99]);

  console.log(`sockets connected: ${connected}/${SOCKETS}`);
  console.log(`events delivered: ${events} market_depth in ${elapsed.toFixed(1)} s`);
  console.log(`deliveries/s: ${Math.round(events / elapsed)}`);
  console.log(`latency p50: ${pct[0]} ms`);
  console.log(`latency p99: ${pct[1]} ms`);
  console.log(`latency max: ${max} ms`);
  console.log(`sockets with no event: ${silent}`);
  // Context for reading the figures above.
  console.log(`depth publications seen: ${seqs.size} (${(seqs.size / elapsed).toFixed(1)}/s)`);
  console.log(`events per socket: min ${sorted[0] ?? 0}, median ${sorted[sorted.length >> 1] ?? 0}, max ${sorted[sorted.length - 1] ?? 0}`);
  console.log(`other events (tickers) delivered: ${others} (${Math.round(others / elapsed)}/s)`);
  if (orders) {
    const rtt = orders.rtts.sort((a, b) => a - b);
    const at = (p) => rtt[Math.min(rtt.length - 1, Math.floor(p * rtt.length))] ?? 0;
    console.log(
      `orders placed: ${orders.ok} ok, ${orders.failed} failed (${(orders.rtts.length / orders.seconds).toFixed(1)}/s of ${ORDERS_PER_SECOND}/s asked; ` +
        `round trip p50 ${at(0.5)} ms, max ${rtt[rtt.length - 1] ?? 0} ms)${orders.lastError ? `; last error: ${orders.lastError}` : ''}`,
    );
  }
  console.log(`client CPU per worker: ${results.map((r) => `${Math.round((r.cpuMs / 1000 / elapsed) * 100)}%`).join(', ')} of a core`);
  if (disconnects || negative) console.log(`disconnects during run: ${disconnects}; negative latencies clamped to 0: ${negative}`);

  process.exit(connected < SOCKETS || silent > 0 ? 1 : 0);
}

/** Resolves the next IPC message of a given type from a child. */
function messages(child) {
  const queue = [];
  const waiting = [];
  child.on('message', (m) => {
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
    else queue.push(m);
  });
  child.on('exit', (code) => {
    if (code) waiting.forEach((w) => w.reject(new Error(`worker exited with ${code}`)));
  });
  return (type) =>
    new Promise((resolve, reject) => {
      const i = queue.findIndex((m) => m.type === type);
      if (i >= 0) resolve(queue.splice(i, 1)[0]);
      else waiting.push({ type, resolve, reject });
    });
}

function percentiles(hist, ps) {
  const keys = [...hist.keys()].sort((a, b) => a - b);
  const total = keys.reduce((a, k) => a + hist.get(k), 0);
  return ps.map((p) => {
    if (!total) return 0;
    const rank = Math.ceil(p * total);
    let seen = 0;
    for (const k of keys) {
      seen += hist.get(k);
      if (seen >= rank) return k;
    }
    return keys[keys.length - 1];
  });
}

function checkFdLimit(sockets) {
  const r = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const limit = r.stdout.trim();
  // Headroom for the server's database, listeners and Node's own handles.
  if (limit !== 'unlimited' && Number(limit) < sockets + 256) {
    console.warn(`warning: ulimit -n is ${limit}, too low for ${sockets} sockets; run \`ulimit -n 65536\` in the shell that starts with-server.sh`);
  }
}

/**
 * Resting limit orders on BTC/USDT at a steady rate, each changing the book so
 * the market republishes depth: far more publications than the 1/s price ticks.
 * Buys and sells alternate around the price so neither of the demo user's
 * balances runs dry on a long run, and stay ~1% off it so they rest, not fill.
 */
async function orderPump(perSecond) {
  const login = await api('/user/login', { form: { user_string: 'demo@bourse.local', password: 'Demo123456' } });
  if (login.type !== 'ok') throw new Error(`demo login: ${JSON.stringify(login)}`);
  const token = login.message;
  const quote = await api('/currency/quotation_new', { method: 'GET' });
  const m = quote.message.flatMap((g) => g.quotation).find((q) => q.symbol === SYMBOL);
  const price = Number(m.now_price);
  const tick = Number(m.tick);
  const decimals = (m.tick.split('.')[1] ?? '').length;

  // Round-trip times too: how the HTTP side fares while the gateway is busy.
  const began = Date.now();
  const state = {
    ok: 0,
    failed: 0,
    lastError: '',
    rtts: [],
    seconds: 0,
    stop() {
      clearInterval(timer);
      state.seconds = (Date.now() - began) / 1000;
    },
  };
  let n = 0;
  let inFlight = 0;
  const timer = setInterval(() => {
    // A slow server should show up as lower throughput, not as a pile of
    // queued requests skewing the run after it ends.
    if (inFlight >= 10) return;
    const buy = n++ % 2 === 0;
    const off = 0.01 + Math.random() * 0.005;
    const p = Math.round((price * (buy ? 1 - off : 1 + off)) / tick) * tick;
    inFlight++;
    const sent = Date.now();
    api('/coin/trade', {
      token,
      form: { symbol: SYMBOL, type: buy ? '1' : '2', target_price: p.toFixed(decimals), amount: '0.0001' },
    })
      .then((r) => {
        state.rtts.push(Date.now() - sent);
        if (r.type === 'ok') state.ok++;
        else {
          state.failed++;
          state.lastError = JSON.stringify(r).slice(0, 120);
        }
      })
      .catch((e) => {
        state.failed++;
        state.lastError = e.message;
      })
      .finally(() => inFlight--);
  }, 1000 / perSecond);
  return state;
}

async function api(path, { method = 'POST', token, form } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return res.json();
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
