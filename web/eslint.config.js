import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Boundaries of the web app (docs/architecture.md, "Web boundaries"): a feature
 * (`src/features/<a>/`) never imports another feature (`src/features/<b>/`);
 * what two features need lives in `src/shared/<domain>/` (or, when it knows no
 * domain, in `src/components/` or `src/lib/`), and only `src/app/` (router,
 * store) wires features together. Shared code never imports a feature either.
 *
 * Written with ESLint's own `no-restricted-imports` (and `no-restricted-syntax`
 * for `import()`, which that rule does not see), so no plugin is needed. Those
 * rules match the import text, not the resolved file, so the check goes by
 * depth: a file `d` folders below `src/features/` (`src/features/a/x.ts` is 1,
 * `src/features/a/pages/X.tsx` is 2) reaches `src/features/<any>/` exactly
 * when its relative import climbs `d` times and then goes down (`../../b/…`),
 * or climbs further and comes back through `features/` (`../../../features/b`).
 * Nothing names a feature, so a feature added later is covered as it is.
 * Within a feature, imports never need to climb up to `src/features/`.
 */
const MAX_FEATURE_DEPTH = 10;
const CROSS_FEATURE =
  'Features never import each other: this reaches into src/features/ from inside a feature. Move what both features need to src/shared/<domain>/ (or src/components/, src/lib/ when it knows no domain); only src/app/ may import features. See docs/architecture.md, "Web boundaries".';
const SHARED_TO_FEATURE =
  'Shared code (src/shared, src/components, src/lib) never imports a feature: move the piece out of the feature instead. See docs/architecture.md, "Web boundaries".';

/** Rules for import texts matching `regex` (a RegExp source), static and dynamic. */
function restrictImports(regex, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    'no-restricted-syntax': [
      'error',
      // In an esquery regex a slash must not appear literally: \x2F is one.
      { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message },
    ],
  };
}

const featureBoundaries = Array.from({ length: MAX_FEATURE_DEPTH }, (_, i) => {
  const depth = i + 1;
  return {
    files: [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: restrictImports(`^(\\./)?(\\.\\./){${depth}}((?!\\.\\.?(/|$))|(\\.\\./)+(src/)?features(/|$))`, CROSS_FEATURE),
  };
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  ...featureBoundaries,
  {
    files: ['src/{shared,components,lib}/**/*.{ts,tsx}'],
    rules: restrictImports('^(\\./)?(\\.\\./)+features(/|$)', SHARED_TO_FEATURE),
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.node, ...globals.browser } },
  },
);
