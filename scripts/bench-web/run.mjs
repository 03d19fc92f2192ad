// make bench-web: Lighthouse 12.2.3 with its default mobile settings (a
// mid-range phone: simulated slow 4G, 4x slower CPU) against the running
// server, on the nine main pages, RUNS times each (3 unless told), and the
// median of each figure as a Markdown table for docs/benchmarks.md; then a
// repeat visit of each page, counting the scripts that still came from the
// network. Logged-in pages get the demo user's token in localStorage before
// the app starts; every run starts with an empty HTTP cache.
//
//   BOURSE_URL=http://127.0.0.1:PORT [RUNS=3] [LANG_CODE=en] node run.mjs
//
// Also prints Lighthouse's benchmark index of the machine (its measure of CPU
// speed, in the table's caption), since every figure depends on it.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const BASE = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
const RUNS = Number(process.env.RUNS || 3);
const LANG = process.env.LANG_CODE || 'en';
if (!BASE) {
  console.error('Set BOURSE_URL (scripts/with-server.sh does).');
  process.exit(2);
}

/** [name, hash route, logged in]. */
const PAGES = [
  ['Home', '/pages/index/index', false],
  ['Market', '/pages/market/market', false],
  ['Spot BTC/USDT', '/pages/transaction/currency?symbol=BTC%2FUSDT', true],
  ['Contract', '/pages/transaction/contract', true],
  ['Seconds options', '/pages/transaction/index?symbol=BTC%2FUSDT', true],
  ['Assets', '/pages/fund/assets', true],
  ['Copy trading', '/pages/copytrade/copy', false],
  ['NFT market', '/pages/nft/nft', false],
  ['Login', '/pages/common/login', false],
];

async function demoToken() {
  const res = await fetch(`${BASE}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: 'demo@bourse.local', password: 'Demo123456' }).toString(),
  });
  const body = await res.json();
  if (body.type !== 'ok') throw new Error(`demo login: ${JSON.stringify(body)}`);
  return body.message;
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});

/** A page of the browser whose origin storage holds the language and, `loggedIn`, the token. */
async function prepared(token) {
  const page = await browser.newPage();
  await page.goto(`${BASE}/robots.txt`);
  await page.evaluate(
    (t, lang) => {
      localStorage.clear();
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', lang);
      if (t) localStorage.setItem('token', t);
    },
    token,
    LANG,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  return page;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const rows = [];
let benchmarkIndex = [];
const token = await demoToken();
try {
  for (const [name, route, loggedIn] of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const page = await prepared(loggedIn ? token : null);
      // Storage is kept (the token, the language); the cache was emptied above.
      const result = await lighthouse(`${BASE}/h5/#${route}`, { logLevel: 'error', output: 'json', disableStorageReset: true }, undefined, page);
      await page.close();
      const lhr = result.lhr;
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      benchmarkIndex.push(lhr.environment.benchmarkIndex);
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
        failing: Object.entries(lhr.categories)
          .filter(([id]) => id !== 'performance')
          .flatMap(([, c]) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id)),
      });
      process.stderr.write(`${name} run ${i + 1}: performance ${runs.at(-1).performance}, LCP ${Math.round(runs.at(-1).lcp)} ms, TBT ${Math.round(runs.at(-1).tbt)} ms\n`);
    }
    const m = (k) => median(runs.map((r) => r[k]));
    rows.push({ name, route, loggedIn, m, failing: [...new Set(runs.flatMap((r) => r.failing))] });
  }

  // A repeat visit: the page once, then again in a new tab of the same profile.
  const repeat = [];
  for (const [name, route, loggedIn] of PAGES) {
    const first = await prepared(loggedIn ? token : null);
    await first.goto(`${BASE}/h5/#${route}`, { waitUntil: 'networkidle0' });
    await first.close();
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    let scripts = 0;
    let fromNetwork = 0;
    cdp.on('Network.responseReceived', ({ type, response }) => {
      if (type !== 'Script') return;
      scripts += 1;
      if (!response.fromDiskCache && !response.fromMemoryCache) fromNetwork += 1;
    });
    await page.goto(`${BASE}/h5/#${route}`, { waitUntil: 'networkidle0' });
    await page.close();
    repeat.push({ name, scripts, fromNetwork });
  }

  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\nLighthouse 12.2.3, mobile defaults, ${LANG}, median of ${RUNS}; benchmark index ${Math.round(median(benchmarkIndex))}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { name, loggedIn, m } of rows) {
    console.log(
      `| ${name}${loggedIn ? ' (logged in)' : ''} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${s(m('fcp'))} | ${s(m('lcp'))} | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${Math.round(m('bytes') / 1024)} KiB |`,
    );
  }
  console.log('\nAudits under full marks (accessibility, best practices, SEO), any run:');
  for (const { name, failing } of rows) console.log(`- ${name}: ${failing.length ? failing.join(', ') : 'none'}`);
  console.log('\nRepeat visit (scripts, of them from the network):');
  for (const r of repeat) console.log(`- ${r.name}: ${r.scripts}, ${r.fromNetwork}`);
} finally {
  await browser.close();
}
