/**
 * A server of a flow's own, for what the shared server must not go through: a
 * kill -9 and a restart on the same address and database. The binary is the
 * one scripts/with-server.sh names in BOURSE_BIN; the database is a fresh
 * one of the kind the run is on (a SQLite file, or a PostgreSQL database
 * when WITH_SERVER_DB=postgres) with demo data and an admin account, the app the built
 * `web/dist`, the port fixed at the first start so that the page's address
 * stays valid across restarts.
 *
 * Import this before lib/harness.mjs (with `await import`): `ownServer`
 * points BOURSE_URL, ADMIN_EMAIL and ADMIN_PASSWORD at the new server, which
 * harness reads when it loads.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh PostgreSQL database on the server TEST_DATABASE_URL names, for a
 * run on PostgreSQL (WITH_SERVER_DB=postgres, as scripts/with-server.sh is
 * given it): its URL and name, and `drop` (synchronous, for the exit hook).
 */
function freshPostgres() {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('WITH_SERVER_DB=postgres needs TEST_DATABASE_URL');
  const name = `bourse_own_${Date.now()}_${process.pid}`;
  execFileSync('psql', ['-q', admin, '-c', `CREATE DATABASE ${name}`], { stdio: 'ignore' });
  return {
    name,
    url: `${admin.replace(/\/[^/]*$/, '')}/${name}`,
    drop() {
      try {
        execFileSync('psql', ['-q', admin, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: 'ignore' });
      } catch {
        // Left for the next clean-up of the test server; nothing depends on it.
      }
    },
  };
}

/**
 * Starts the server and answers `{ url, kill9, restart, stopAndAudit }`.
 * `settings` are extra BOURSE__… variables.
 */
export async function ownServer(settings = {}) {
  const bin = process.env.BOURSE_BIN;
  if (!bin) throw new Error('BOURSE_BIN must name the bourse binary (scripts/with-server.sh sets it)');
  const dir = mkdtempSync(join(tmpdir(), 'bourse-e2e-'));
  const port = await freePort();
  const admin = { email: 'admin@bourse.local', password: 'AdminPass123' };
  const pg = process.env.WITH_SERVER_DB === 'postgres' ? freshPostgres() : null;
  const env = {
    ...process.env,
    BOURSE__DATABASE__URL: pg ? pg.url : `sqlite://${dir}/run.db?mode=rwc`,
    // Its own Redis prefix: the run's shared server fans out under the one
    // with-server.sh gave, and neither must hear the other's events.
    ...(pg && process.env.BOURSE__REDIS__URL ? { BOURSE__REDIS__PREFIX: pg.name } : {}),
    BOURSE__UPLOADS__DIR: join(dir, 'uploads'),
    BOURSE__SERVER__PORT: String(port),
    RUST_LOG: process.env.RUST_LOG ?? 'error',
    ...settings,
  };
  execFileSync(bin, ['admin', 'create-user', '--email', admin.email, '--password', admin.password], { cwd: root, env, stdio: 'ignore' });

  let child = null;
  /** Spawns the server; resolves when it listens (the time it said so, ms since the epoch). */
  const start = () =>
    new Promise((resolve, reject) => {
      const c = spawn(bin, ['serve'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
      child = c;
      const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
      let out = '';
      const onData = (chunk) => {
        out += chunk;
        if (/listening on http:\/\/\S+/.test(out)) {
          clearTimeout(timer);
          c.stdout.off('data', onData);
          // Read on, so the server never blocks on a full pipe.
          c.stdout.resume();
          resolve(Date.now());
        }
      };
      c.stdout.on('data', onData);
      c.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal})`));
      });
    });
  const exited = (c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));

  await start();
  process.on('exit', () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    pg?.drop();
  });
  process.env.BOURSE_URL = `http://127.0.0.1:${port}`;
  process.env.ADMIN_EMAIL = admin.email;
  process.env.ADMIN_PASSWORD = admin.password;

  return {
    url: process.env.BOURSE_URL,
    /** SIGKILL: nothing is flushed or closed; resolves once the process is gone. */
    async kill9() {
      const c = child;
      c.kill('SIGKILL');
      await exited(c);
    },
    /** Starts it again on the same port and database; resolves with the time it listens. */
    restart: start,
    /** Stops it as an operator does (SIGTERM) and runs `bourse audit` on its database: answers the audit's output. */
    async stopAndAudit() {
      const c = child;
      c.kill('SIGTERM');
      await exited(c);
      child = null;
      return execFileSync(bin, ['audit'], { cwd: root, env, encoding: 'utf8' });
    },
  };
}
