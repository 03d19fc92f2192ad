// The initial-load budget in a real browser against the real server:
//
//   BOURSE_URL=http://127.0.0.1:PORT node e2e/load.mjs
//
// A cold start (empty cache, 390×844) must bring the Home screen up with at
// most 150 KB of JavaScript on the wire (compressed bodies and headers), for a fresh
// visitor and for a logged-in user; only the chosen language's strings load
// before Home (no English for a Chinese start), nothing is fetched twice, every
// script comes compressed (Brotli made at build time), and a returning
// visitor fetches no script at all.
// scripts/measure-load.mjs does the measuring; docs/benchmarks.md ("Initial
// load") has the history of the numbers.
import { measureLoad, measureRepeat, measureStart } from '../scripts/measure-load.mjs';
import { BASE, check, run, step } from './lib/harness.mjs';

const BUDGET = 150 * 1024;
// Each budget is a step of its own: one run reports every start over it.
const keepGoing = { keepGoing: true };

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const list = (r) => r.scripts.map((s) => `${s.path} ${kb(s.bytes)}`).join(', ');

function withinBudget(who, r) {
  console.log(`     ${who}: ${r.jsCount} JS responses, ${kb(r.jsBytes)} on the wire, Home after ${r.ms} ms`);
  check(r.jsBytes <= BUDGET, `${who}: the JavaScript before Home is at most ${kb(BUDGET)} (got ${kb(r.jsBytes)}: ${list(r)})`);
  // Brotli made at build time, or gzip on the fly for files too small to have been compressed then.
  check(
    r.scripts.every((s) => s.encoding === 'br' || (s.encoding === 'gzip' && s.body < 1024)),
    `${who}: every script comes compressed, in Brotli unless under 1 KB (${list(r)})`,
  );
  check(r.duplicates.length === 0, `${who}: nothing is fetched twice (got ${r.duplicates.join(', ')})`);
}

await run(
  'load',
  async (_open, browser) => {
    const zh = await measureLoad(browser, BASE, { lang: 'zh' });

    await step('a fresh visitor sees Home within the JavaScript budget', async () => withinBudget('visitor', zh.visitor), keepGoing);

    await step('a logged-in user sees Home within the JavaScript budget', async () => withinBudget('logged in', zh.user), keepGoing);

    await step(
      'a Chinese start loads Chinese strings only',
      async () => {
        const locales = zh.visitor.scripts.map((s) => s.path).filter((p) => /\/locale-/.test(p));
        check(locales.length > 0 && locales.every((p) => /\/locale-zh[-.]/.test(p)), `only zh locale chunks before Home (got ${locales.join(', ')})`);
      },
      keepGoing,
    );

    await step(
      'an English start stays within the budget too',
      async () => {
        const en = await measureStart(browser, BASE, { lang: 'en' });
        withinBudget('visitor (en)', en);
        const locales = en.scripts.map((s) => s.path).filter((p) => /\/locale-/.test(p));
        check(locales.every((p) => /\/locale-en[-.]/.test(p)), `only en locale chunks before Home (got ${locales.join(', ')})`);
      },
      keepGoing,
    );

    await step(
      'a returning visitor starts with no script from the network',
      async () => {
        const repeat = await measureRepeat(browser, BASE, { lang: 'en' });
        console.log(`     repeat visit: ${repeat.scripts} scripts, ${repeat.fromNetwork.length} from the network`);
        check(repeat.scripts > 0, 'the second start ran scripts');
        check(repeat.uncached.length === 0, `every script may be kept a year, immutable (not: ${repeat.uncached.join(', ')})`);
        check(repeat.fromNetwork.length === 0, `every script of the second start came from the cache (from the network: ${repeat.fromNetwork.join(', ')})`);
      },
      keepGoing,
    );
  },
  { admin: false },
);
