/**
 * The frame of a browser script: where the server and the screenshots are,
 * named steps that stop the run at the first failure, the browser and its
 * phone-sized pages (each collecting uncaught page errors), and the end of
 * the run (a screenshot of every page on failure, a count, the exit code).
 *
 *   await run('funds-identity', async (open) => {
 *     const user = await open('user');
 *     await step('…', async () => { … });
 *   });
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const BASE = (process.env.BOURSE_URL || '').replace(/\/+$/, '');
export const ARTIFACTS = resolve(process.env.ARTIFACTS_DIR || join(here, '..', '..', '..', 'artifacts', 'screenshots'));
export const ADMIN_EMAIL = process.env.ADMIN_EMAIL || '';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || '';
export const STEP_TIMEOUT = 15_000;

/** The app's address of a route. */
export const app = (route) => `${BASE}/h5/#${route}`;

/** The route a page shows, without its query. */
export const routeOf = (page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

export function check(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

let passed = 0;
let failed = 0;
const pageErrors = [];

/** Fails when a page of the run threw an uncaught error (`run` checks it at the end too). */
export function noPageErrors() {
  check(pageErrors.length === 0, `no uncaught page errors (${pageErrors.join(' | ')})`);
}

/**
 * One named step. It stops the run at its failure, unless `keepGoing` (a
 * script that names every failure in one run, such as the tap-target one):
 * then it answers whether it passed and the run goes on, and still fails.
 */
export async function step(name, fn, { keepGoing = false } = {}) {
  const started = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
    return true;
  } catch (e) {
    failed += 1;
    console.error(`FAIL ${name}: ${e.message}`);
    if (keepGoing) return false;
    throw e;
  }
}

/** The Chromium of the machine, headless, without its background traffic. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * Runs `body` with `open(name)`, which opens a page of its own browser
 * context (a phone, in Chinese, as a new visitor), and the browser itself
 * (for a script that makes its own contexts); fails the run on an uncaught
 * page error. Needs BOURSE_URL, and ADMIN_EMAIL / ADMIN_PASSWORD
 * when `admin` is set. On failure each page is shot as
 * `<failureShot(name)>.png` (`<script>-failure-<name>` unless told). Exits the process.
 */
export async function run(script, body, { admin = true, failureShot = (name) => `${script}-failure-${name}` } = {}) {
  if (!BASE || (admin && (!ADMIN_EMAIL || !ADMIN_PASSWORD))) {
    console.error(`Set BOURSE_URL${admin ? ', ADMIN_EMAIL and ADMIN_PASSWORD' : ''} (scripts/with-server.sh does).`);
    process.exit(2);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await launch();
  const pages = [];
  const open = async (name) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN' });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    pages.push([name, page]);
    return page;
  };
  try {
    await body(open, browser);
    noPageErrors();
  } catch (e) {
    if (failed === 0) {
      failed += 1;
      console.error(`FAIL ${e.message}`);
    }
    for (const [name, page] of pages) {
      const path = join(ARTIFACTS, `${failureShot(name)}.png`);
      try {
        await page.screenshot({ path });
        console.error(`${name} at ${routeOf(page)}; screenshot ${path}`);
      } catch {
        // browser gone
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  console.log(`screenshots in ${ARTIFACTS}`);
  process.exit(failed === 0 ? 0 : 1);
}
