/**
 * The screen as it shows, checked by axe-core against the rules of WCAG 2.1
 * levels A and AA (contrast, names of controls and fields, ARIA used as
 * allowed…). axe is evaluated in the page rather than added as a script tag:
 * the app's Content-Security-Policy refuses inline scripts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The violations on `page` now, one line each (rule, impact, count, the first
 * elements and what is wrong with them); none is []. `exclude`: selectors of
 * parts axe leaves out, each with its reason where it is given.
 */
export async function axeViolations(page, { exclude = [] } = {}) {
  await page.evaluate(`${SOURCE}\n;0`);
  return page.evaluate(
    async ([tags, left]) => {
      const context = left.length > 0 ? { exclude: left.map((s) => [s]) } : document;
      const result = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => {
        const nodes = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`);
        return `${v.id} (${v.impact}, ${v.nodes.length}): ${nodes.join(' | ')}`;
      });
    },
    [TAGS, exclude],
  );
}
