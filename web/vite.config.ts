/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * antd-mobile-icons draws a 48-unit box with path coordinates of up to 8
 * decimals, and names every element with an escaped Chinese id nothing refers
 * to (no icon uses `url(#…)`). Two decimals are 1/100 of a unit, under 1/100 of
 * a pixel at any size the app shows an icon; with the ids gone the icons on the
 * Home screen ship about a third smaller (docs/benchmarks.md, "Initial load").
 */
function compactIcons(): Plugin {
  const round = (n: string) => String(Math.round(Number(n) * 100) / 100);
  return {
    name: 'bourse-compact-icons',
    apply: 'build',
    transform(code, id) {
      if (!/antd-mobile-icons[\\/]es[\\/]\w+\.js$/.test(id)) return null;
      const out = code
        .replace(/\s*\bid: "[^"]*",?/g, '')
        .replace(/(?<![\w$])d: "([^"]*)"/g, (_m, d: string) => {
          // A number that followed another without a separator ("1.5.5") gets a
          // space, so a rounded "0.5" cannot fuse with the digits before it.
          const path = d.replace(/-?\d*\.\d+/g, (n, at: number, all: string) => (/[\d.]/.test(all[at - 1] ?? '') ? ' ' : '') + round(n));
          return `d: "${path}"`;
        });
      return { code: out, map: null };
    },
  };
}

/**
 * Locale files by language: the app's own (`locale-<lang>`, what Home needs)
 * and every feature's together (`locale-<lang>-features`), so a language costs
 * two requests, not seven (app/i18n.ts loads them).
 */
function localeChunk(id: string): string | null {
  const m = /[\\/](features[\\/]\w+[\\/])?locales[\\/](\w+)\.json$/.exec(id);
  if (!m) return null;
  return m[1] ? `locale-${m[2]}-features` : `locale-${m[2]}`;
}

/** Packages whose index only re-exports one module per component or hook. */
const BARRELS = ['antd-mobile', 'antd-mobile-icons', 'ahooks'];

/** What a package index exports, by name: the module that defines it and its name there. */
function barrelMap(pkg: string): Map<string, { from: string; name: string }> {
  const index = readFileSync(fileURLToPath(new URL(`./node_modules/${pkg}/es/index.js`, import.meta.url)), 'utf8');
  const map = new Map<string, { from: string; name: string }>();
  const local = new Map<string, { from: string; name: string }>();
  const target = (path: string) => `${pkg}/es/${path.replace(/\.js$/, '')}`;
  const names = (specs: string) =>
    specs
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => x.split(/\s+as\s+/));
  // export { default as Button, x as y } from './components/button';
  for (const [, specs, path] of index.matchAll(/^export \{([^}]*)\} from '\.\/([^']+)';?$/gm)) {
    for (const [name, as] of names(specs)) map.set(as ?? name, { from: target(path), name });
  }
  // import useA, { b, c as d } from './useA'; … export { useA, b, d };
  for (const [, def, specs, path] of index.matchAll(/^import (\w+)?,?\s*(?:\{([^}]*)\})? from '\.\/([^']+)';?$/gm)) {
    if (def) local.set(def, { from: target(path), name: 'default' });
    for (const [name, as] of names(specs ?? '')) local.set(as ?? name, { from: target(path), name });
  }
  for (const [, specs] of index.matchAll(/^export \{([^}]*)\};?$/gm)) {
    for (const [name, as] of names(specs)) {
      const found = local.get(name);
      if (found) map.set(as ?? name, found);
    }
  }
  return map;
}

/**
 * `import { Button, Toast } from 'antd-mobile'` becomes one import per
 * component (`antd-mobile/es/components/button`, …), likewise for the icons and
 * ahooks, in the app and inside antd-mobile itself (read off each package's
 * own index, what babel-plugin-import does for antd). Through an index every
 * module of the library looks statically imported by the first screen, and
 * `startChunk` below could not tell what the start really needs.
 */
function directImports(): Plugin {
  const maps = new Map<string, ReturnType<typeof barrelMap>>();
  const mapOf = (pkg: string) => maps.get(pkg) ?? maps.set(pkg, barrelMap(pkg)).get(pkg)!;
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'(${BARRELS.join('|')})';?`, 'g');
  return {
    name: 'bourse-direct-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const ours = !id.includes('node_modules') && /\.[jt]sx?$/.test(id);
      if (!ours && !/node_modules[\\/]antd-mobile[\\/]es[\\/].*\.js$/.test(id)) return null;
      let changed = false;
      const out = code.replace(pattern, (all, specs: string, pkg: string) => {
        const map = mapOf(pkg);
        const lines: string[] = [];
        const rest: string[] = [];
        for (const raw of specs.split(',').map((x) => x.trim()).filter(Boolean)) {
          const [name, as = name] = raw.split(/\s+as\s+/);
          const found = raw.startsWith('type ') ? undefined : map.get(name);
          if (!found) rest.push(raw);
          else if (found.name === 'default') lines.push(`import ${as} from '${found.from}';`);
          else lines.push(`import { ${found.name} as ${as} } from '${found.from}';`);
        }
        if (lines.length === 0) return all;
        changed = true;
        if (rest.length) lines.push(`import { ${rest.join(', ')} } from '${pkg}';`);
        return lines.join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** Files worth compressing: text. Pictures, fonts and media are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml)$/;

/**
 * Every text file of the build also as `<file>.br` (Brotli, quality 11) and
 * `<file>.gz` (gzip, level 9), made once here instead of at every request:
 * the server sends the best one the browser accepts (src/web.rs). Brotli's
 * top level is far too slow to run per request, and takes about a fifth off
 * what the server's on-the-fly gzip sent (docs/benchmarks.md, "Initial load").
 * Files under 1 KB stay as they are: their headers cost more than is saved.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bourse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Everything the start needs (Home included, see router.tsx) in one chunk
 * `app`: the modules statically reachable from src/main.tsx. Left to itself the
 * bundler cut them into some twenty files, a dozen under 1 KB, each paying a
 * request and its headers before Home could show. (The set is worked out once
 * per process: enough for `vite build`, not for `vite build --watch`.)
 */
function startChunk() {
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let start: Set<string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!start) {
      start = new Set([entry]);
      const queue = [entry];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        for (const dep of graph.getModuleInfo(next)?.importedIds ?? []) {
          if (!start.has(dep)) {
            start.add(dep);
            queue.push(dep);
          }
        }
      }
    }
    return start.has(id) ? 'app' : null;
  };
}

// The app is served by the Bourse server under /h5/; in development Vite proxies
// the API and uploaded files to a locally running server.
export default defineConfig({
  base: '/h5/',
  plugins: [react(), directImports(), compactIcons(), precompress()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
    },
  },
  build: {
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: localeChunk, debugName: 'locales' },
            { name: startChunk(), debugName: 'start' },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
