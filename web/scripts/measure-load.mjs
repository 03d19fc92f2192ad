// Measures the initial load of the H5 app in a real Chromium (390×844, empty
// HTTP cache): the JavaScript responses and their transferred (gzip) bytes
// requested until the Home screen is visible, for a fresh visitor and for a
// logged-in user (token in storage, as a returning user has it).
//
//   BOURSE_URL=http://127.0.0.1:PORT node scripts/measure-load.mjs [--json]
//
// Also imported by e2e/load.mjs, which asserts the budget.
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/lib/harness.mjs';

/** POST /api/user/login → the token (the login answer's message). */
export async function loginToken(base, account = 'demo@bourse.local', password = 'Demo123456') {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: account, password }).toString(),
  });
  const body = await res.json();
  if (body.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.message;
}

/**
 * One cold start in a fresh browser context. `storage` is written to
 * localStorage before the app's first script runs. Returns what was requested
 * before Home was visible: every request, and the JavaScript ones with their
 * transferred body bytes (as sent on the wire, i.e. gzip).
 */
export async function measureStart(browser, base, { storage = {}, lang = 'zh' } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN' });
  await context.addInitScript(
    ([entries, language]) => {
      // Only on the first document: later reloads keep what the app stored.
      if (sessionStorage.getItem('measured')) return;
      sessionStorage.setItem('measured', '1');
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', language);
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    },
    [storage, lang],
  );
  // The moment Home is on screen, taken in the page: the frame that paints the
  // Home element first (a MutationObserver sees it, the next frame paints it).
  await context.addInitScript(() => {
    const seen = () => {
      const home = document.querySelector('[data-testid="home"]');
      if (!home || home.getBoundingClientRect().height === 0) return false;
      requestAnimationFrame(() => {
        window.__homeShownAt = performance.timeOrigin + performance.now();
      });
      return true;
    };
    const observer = new MutationObserver(() => {
      if (seen()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const all = [];
  page.on('request', (request) => all.push(request));
  await page.goto(`${base}/h5/`);
  await page.waitForFunction(() => window.__homeShownAt !== undefined, null, { timeout: 30_000 });
  const shownAt = await page.evaluate(() => window.__homeShownAt);
  const ms = Math.round(shownAt - (await page.evaluate(() => performance.timeOrigin)));
  // Then what Home fetches after its first frame (deferred parts, the rest of the language).
  await page.waitForLoadState('networkidle');
  // What was asked for before that frame (a request's start time is the browser's clock too).
  const requests = [];
  for (const request of all) {
    const response = await request.response().catch(() => null);
    if (response && request.timing().startTime <= shownAt) requests.push(request);
  }
  const scripts = [];
  for (const request of requests) {
    const response = await request.response();
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' && !/\.m?js$/.test(url.pathname)) continue;
    const sizes = response ? await request.sizes() : { responseBodySize: 0, responseHeadersSize: 0 };
    // On the wire: the gzip body plus the response headers (each request costs its headers too).
    scripts.push({
      path: url.pathname,
      body: sizes.responseBodySize,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      encoding: response?.headers()['content-encoding'] ?? '',
    });
  }
  let settledBytes = 0;
  let settledCount = 0;
  for (const request of all) {
    const response = await request.response().catch(() => null);
    if (!response || (request.resourceType() !== 'script' && !/\.m?js$/.test(new URL(request.url()).pathname))) continue;
    const sizes = await request.sizes();
    settledBytes += sizes.responseBodySize + sizes.responseHeadersSize;
    settledCount += 1;
  }
  const counts = {};
  for (const request of all) {
    const url = new URL(request.url());
    if (url.protocol === 'data:') continue;
    // The same address with the same form body: one answer fetched twice.
    const key = `${request.method()} ${url.pathname}${url.search}${request.postData() ? ` ${request.postData()}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  await context.close();
  return {
    ms,
    requests: requests.length,
    scripts,
    jsCount: scripts.length,
    jsBytes: scripts.reduce((n, s) => n + s.bytes, 0),
    jsBody: scripts.reduce((n, s) => n + s.body, 0),
    /** All JavaScript of the start once the network is idle (Home's deferred parts included). */
    settledCount,
    settledBytes,
    duplicates: Object.entries(counts).filter(([, n]) => n > 1).map(([path, n]) => `${path} ×${n}`),
  };
}

/** Both starts: a fresh visitor and a logged-in user. */
export async function measureLoad(browser, base, { lang = 'zh' } = {}) {
  const visitor = await measureStart(browser, base, { lang });
  const token = await loginToken(base);
  const user = await measureStart(browser, base, { lang, storage: { token } });
  return { visitor, user };
}

/**
 * A returning visitor: one start in a fresh context, then a second in a new
 * tab of the same browser profile once the first has settled. Answers the
 * scripts of the second start that came from the network (not the HTTP
 * cache; a revalidation answered 304 counts, it is a round trip), and how
 * many scripts it used in all, and the scripts of the first start not
 * marked to be kept a year unasked (`uncached`).
 */
export async function measureRepeat(browser, base, { lang = 'zh' } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN' });
  await context.addInitScript((language) => {
    localStorage.setItem('h5Version', '1');
    localStorage.setItem('lang', language);
  }, lang);
  const first = await context.newPage();
  // Heuristic freshness (a tenth of the file's age) could keep a just-built file
  // without any Cache-Control; what a returning visitor can count on is the header.
  const uncached = [];
  first.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!/\.m?js$/.test(path)) return;
    const cc = response.headers()['cache-control'] ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0);
    if (!cc.includes('immutable') || maxAge < 31_536_000) uncached.push(`${path} (${cc || 'no Cache-Control'})`);
  });
  await first.goto(`${base}/h5/`);
  await first.locator('[data-testid="home"]').waitFor();
  await first.waitForLoadState('networkidle');
  await first.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = [];
  cdp.on('Network.responseReceived', ({ type, response }) => {
    if (type !== 'Script' && !/\.m?js($|\?)/.test(response.url)) return;
    scripts.push({ path: new URL(response.url).pathname, status: response.status, cached: Boolean(response.fromDiskCache || response.fromMemoryCache || response.fromPrefetchCache) });
  });
  await page.goto(`${base}/h5/`);
  await page.locator('[data-testid="home"]').waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return { scripts: scripts.length, fromNetwork: scripts.filter((s) => !s.cached).map((s) => `${s.path} ${s.status}`), uncached };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const base = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
  if (!base) {
    console.error('Set BOURSE_URL to the running server, e.g. BOURSE_URL=http://127.0.0.1:8080');
    process.exit(2);
  }
  const browser = await launch();
  try {
    const langs = (process.env.LANGS || 'zh').split(',');
    for (const lang of langs) {
      const result = await measureLoad(browser, base, { lang });
      if (process.argv.includes('--json')) {
        console.log(JSON.stringify({ lang, ...result }, null, 2));
        continue;
      }
      const repeat = await measureRepeat(browser, base, { lang });
      console.log(`${lang} repeat visit: ${repeat.scripts} scripts, ${repeat.fromNetwork.length} from the network${repeat.fromNetwork.length ? ` (${repeat.fromNetwork.join(', ')})` : ''}`);
      for (const [who, r] of Object.entries(result)) {
        console.log(`${lang} ${who}: ${r.jsCount} JS responses, ${kb(r.jsBytes)} transferred (${kb(r.jsBody)} compressed bodies + headers), ${r.requests} requests in all, Home visible after ${r.ms} ms`);
        console.log(`  once the network is idle: ${r.settledCount} JS responses, ${kb(r.settledBytes)}`);
        if (r.duplicates.length) console.log(`  fetched more than once: ${r.duplicates.join(', ')}`);
        if (process.argv.includes('--files')) {
          for (const s of [...r.scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(s.bytes).padStart(9)}  ${s.encoding.padEnd(5)} ${s.path}`);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
