// Fails when a locale lacks a key of en.json, has a key en.json lacks, or holds
// an empty or non-string message; also checks that every {{placeholder}} of an
// English message is kept in each translation, and that no English UI term is
// left inside a translation in a language written in another script.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// The app's locale folder and every feature's own one are checked alike.
const features = join(here, '..', 'src', 'features');
const dirs = [join(here, '..', 'src', 'locales')].concat(
  readdirSync(features)
    .map((f) => join(features, f, 'locales'))
    .filter((d) => existsSync(d)),
);
const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'bx'];

function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

function load(dir, lang) {
  return flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')));
}

// English trading terms that a translation in another script must not keep
// (a Latin-script language may use them as its own words, as French does).
const UI_TERMS = /\b(Long|Short|Buy|Sell|Limit|Market)\b/;
const OTHER_SCRIPT = new Set(['zh', 'hk', 'th', 'jp', 'kor']);

const placeholders = (s) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort().join(',');

const problems = [];
const seen = new Map();
let total = 0;
for (const dir of dirs) {
const en = load(dir, 'en');
total += en.size;
for (const key of en.keys()) {
  if (seen.has(key)) problems.push(`${key} is defined in both ${seen.get(key)} and ${dir}`);
  seen.set(key, dir);
}
for (const lang of LANGS) {
  let messages;
  try {
    messages = load(dir, lang);
  } catch (e) {
    problems.push(`${dir} ${lang}: cannot read (${e.message})`);
    continue;
  }
  for (const [key, value] of en) {
    if (!messages.has(key)) problems.push(`${lang}: missing ${key}`);
    else if (typeof messages.get(key) !== 'string' || messages.get(key).trim() === '') problems.push(`${lang}: empty ${key}`);
    else if (placeholders(messages.get(key)) !== placeholders(value)) problems.push(`${lang}: placeholders differ in ${key}`);
    else if (OTHER_SCRIPT.has(lang) && UI_TERMS.test(messages.get(key))) problems.push(`${lang}: untranslated UI term in ${key}: ${messages.get(key)}`);
  }
  for (const key of messages.keys()) {
    if (!en.has(key)) problems.push(`${lang}: extra ${key}`);
  }
}
}

if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Locales OK: ${LANGS.length} languages, ${total} keys each in ${dirs.length} folders.`);
