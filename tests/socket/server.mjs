// A server of a test's own, for settings the shared server must not have (a
// private queue of one event, tokens that live seconds): the binary
// with-server.sh names in BOURSE_BIN, on a free port and a fresh SQLite file,
// with demo data. Stopped and its files removed by `stop()`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function ownServer(settings) {
  const bin = process.env.BOURSE_BIN;
  if (!bin) throw new Error('BOURSE_BIN must name the bourse binary (scripts/with-server.sh sets it)');
  const dir = mkdtempSync(join(tmpdir(), 'bourse-socket-'));
  const child = spawn(bin, ['serve'], {
    cwd: root,
    env: {
      ...process.env,
      BOURSE__DATABASE__URL: `sqlite://${dir}/run.db?mode=rwc`,
      BOURSE__UPLOADS__DIR: join(dir, 'uploads'),
      BOURSE__SERVER__PORT: '0',
      RUST_LOG: process.env.RUST_LOG ?? 'error',
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const m = out.match(/listening on (http:\/\/\S+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    // Read on, so the server never blocks on a full pipe.
    child.stdout.resume();
    return { url, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
