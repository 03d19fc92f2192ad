// Fails when a locale lacks a key of en.json, has a key en.json lacks, or holds
// an empty or non-string message; also checks that every {{placeholder}} of an
// English message is kept in each translation, and that no English UI term is
// left inside a translation in a language written in another script.
//
// A message that depends on a number is a plural key (`name_one`, `name_other`,
// asked with `count`): each language must then have exactly the forms of its
// own plural rules (Intl.PluralRules of its tag: Chinese, Japanese, Korean and
// Thai only `_other`; French, Spanish and Portuguese `_one`, `_many`, `_other`),
// and no English message may dodge the rule with "(s)".
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
// The BCP 47 tag of each language (lib/constants.ts LANG_TAGS), for its plural rules.
const TAGS = { zh: 'zh-CN', en: 'en-US', hk: 'zh-HK', th: 'th-TH', jp: 'ja-JP', kor: 'ko-KR', fra: 'fr-FR', spa: 'es-ES', bx: 'pt-BR' };
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const categories = (lang) => new Intl.PluralRules(TAGS[lang]).resolvedOptions().pluralCategories;

/** The keys a language must have for the English keys: each plural key in the language's own forms. */
function expectedKeys(en, lang) {
  const out = new Map();
  for (const [key, value] of en) {
    const m = PLURAL.exec(key);
    if (!m) {
      out.set(key, value);
      continue;
    }
    // The English `_other` is the reference for every form's placeholders.
    const other = en.get(`${m[1]}_other`);
    for (const cat of categories(lang)) out.set(`${m[1]}_${cat}`, other ?? value);
  }
  return out;
}

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
  const expected = expectedKeys(en, lang);
  for (const [key, value] of expected) {
    const plural = PLURAL.test(key);
    if (!messages.has(key)) problems.push(`${lang}: missing ${key}`);
    else if (typeof messages.get(key) !== 'string' || messages.get(key).trim() === '') problems.push(`${lang}: empty ${key}`);
    // A singular form may spell its number out ("un enchérisseur"): its placeholders are a subset.
    else if (!plural && placeholders(messages.get(key)) !== placeholders(value)) problems.push(`${lang}: placeholders differ in ${key}`);
    else if (plural && !placeholders(messages.get(key)).split(',').every((p) => p === '' || placeholders(value).split(',').includes(p)))
      problems.push(`${lang}: unknown placeholder in ${key}`);
    else if (plural && key.endsWith('_other') && placeholders(messages.get(key)) !== placeholders(value)) problems.push(`${lang}: placeholders differ in ${key}`);
    else if (OTHER_SCRIPT.has(lang) && UI_TERMS.test(messages.get(key))) problems.push(`${lang}: untranslated UI term in ${key}: ${messages.get(key)}`);
    if (lang === 'en' && /\(s\)/.test(String(value))) problems.push(`en: "(s)" in ${key}: make it a plural key`);
  }
  for (const key of messages.keys()) {
    if (!expected.has(key)) problems.push(`${lang}: extra ${key}`);
  }
}
}

if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Locales OK: ${LANGS.length} languages, ${total} keys each in ${dirs.length} folders.`);
