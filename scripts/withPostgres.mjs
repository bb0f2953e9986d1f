#!/usr/bin/env node
// A throwaway PostgreSQL server for the test suite (DESIGN 6: "The same test suite runs against both").
//
//   import { withPostgres } from './withPostgres.mjs';
//   const result = await withPostgres(async (databaseUrl) => runTests(databaseUrl));
//   if (result?.skipped) console.log(`PostgreSQL run skipped: ${result.skipped}`);
//
//   node scripts/withPostgres.mjs -- pnpm exec vitest run --project api
//     runs the command with TEST_DATABASE_URL set and exits with its code. When no server can be had it says
//     why and exits 0 without running the command (set WITH_POSTGRES_REQUIRED=1 to fail instead).
//
// The cluster lives in a temp dir, listens on 127.0.0.1 on a free port (its unix socket in the temp dir, never in
// /var/run), uses a random password, and is stopped and deleted afterwards, also on failure or Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './freePort.mjs';

const PG_ROOT = '/usr/lib/postgresql';
const DATABASE = 'lp_test';
const SUPERUSER = 'lp';

const log = (message) => process.stderr.write(`[withPostgres] ${message}\n`);

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** The newest server's bin dir under /usr/lib/postgresql, or null. */
function findBinDir() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(PG_ROOT, versions[0], 'bin') : null;
}

/** Installs Debian's postgresql package when we may (root or password-less sudo); answers a skip reason or null. */
function install() {
  if (!hasCommand('apt-get')) return 'no PostgreSQL server binaries and no apt-get to install them';
  const sudo = isRoot() ? [] : hasCommand('sudo') ? ['sudo', '-n'] : null;
  if (!sudo) return 'no PostgreSQL server binaries; installing needs root or sudo';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(command, rest, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  };
  log('installing the Debian postgresql package (once) ...');
  const args = ['install', '-y', '-q', '--no-install-recommends', 'postgresql'];
  if (!apt(...args) && !(apt('update', '-q') && apt(...args))) return 'apt-get install postgresql failed';
  return findBinDir() ? null : 'postgresql installed but no initdb under /usr/lib/postgresql';
}

/** The OS user the server runs as: ourselves, or (as root, which postgres refuses) the `postgres` user. */
function serverUser() {
  if (!isRoot()) return { wrap: (argv) => argv };
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  if (uid.status !== 0) return { skipped: 'running as root and there is no postgres system user' };
  const ids = { uid: Number(uid.stdout.trim()), gid: Number(id('-g').stdout.trim()) };
  if (hasCommand('runuser')) return { ...ids, wrap: (argv) => ['runuser', '-u', 'postgres', '--', ...argv] };
  const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  return { ...ids, wrap: (argv) => ['su', 'postgres', '-s', '/bin/sh', '-c', argv.map(quote).join(' ')] };
}

/**
 * Starts a temporary PostgreSQL cluster, calls `run(databaseUrl)` and always removes the cluster afterwards.
 * Answers `{ skipped: reason }` without calling `run` when no server can be had, else `{ result }`.
 * `databaseUrl` names a database `lp_test` owned by a superuser, so `run` may create and drop more.
 * `signals: false` leaves Ctrl+C, SIGTERM and SIGHUP to a caller that stops its own users of the database first
 * (the cluster is still removed when the process exits).
 */
export async function withPostgres(run, { signals = true } = {}) {
  let bin = findBinDir();
  if (!bin) {
    const reason = install();
    if (reason) return { skipped: reason };
    bin = findBinDir();
  }
  const user = serverUser();
  if (user.skipped) return { skipped: user.skipped };

  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  let started = false;
  const sh = (argv, options = {}) => {
    const [command, ...args] = user.wrap(argv);
    return spawnSync(command, args, { encoding: 'utf8', cwd: dir, ...options });
  };
  const cleanup = () => {
    if (started) sh([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore' });
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  // Ctrl+C / kill: the finally below never runs when the process dies, so clean up synchronously, then die
  // of the same signal. 'exit' covers a `process.exit` inside `run`.
  const onSignal = (signal) => {
    cleanup();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('SIGHUP', onSignal);
    process.kill(process.pid, signal);
  };
  if (signals) process.on('SIGINT', onSignal).on('SIGTERM', onSignal).on('SIGHUP', onSignal);
  process.on('exit', cleanup);

  try {
    if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user.uid !== undefined) chownSync(pwfile, user.uid, user.gid);
    const init = sh([
      join(bin, 'initdb'),
      '-D',
      data,
      '-U',
      SUPERUSER,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);

    let port = 0;
    for (let attempt = 1; attempt <= 3 && !started; attempt += 1) {
      port = await freePort();
      // A test cluster: durability is not needed, speed and enough connections for parallel test files are.
      const options = [
        `-p ${port}`,
        "-c listen_addresses='127.0.0.1'",
        `-c unix_socket_directories='${dir}'`,
        '-c max_connections=300',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      const start = sh(
        [
          join(bin, 'pg_ctl'),
          '-D',
          data,
          '-l',
          join(dir, 'server.log'),
          '-o',
          options,
          '-w',
          '-t',
          '60',
          'start',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      started = start.status === 0;
      if (!started && attempt === 3) throw new Error(`pg_ctl start failed:\n${start.stderr}`);
    }

    const env = { ...process.env, PGPASSWORD: password };
    const create = spawnSync(
      join(bin, 'createdb'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, DATABASE],
      { encoding: 'utf8', env },
    );
    if (create.status !== 0) throw new Error(`createdb failed:\n${create.stderr}`);
    const databaseUrl = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${DATABASE}`;
    return { result: await run(databaseUrl) };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('SIGHUP', onSignal).off('exit', cleanup);
    cleanup();
  }
}

/** CLI: `node scripts/withPostgres.mjs -- <command...>`. */
async function main(argv) {
  const command = argv[0] === '--' ? argv.slice(1) : argv;
  if (command.length === 0) {
    log('usage: node scripts/withPostgres.mjs -- <command...>');
    return 2;
  }
  const started = Date.now();
  const outcome = await withPostgres(
    (databaseUrl) =>
      new Promise((resolve) => {
        log(`PostgreSQL ready on ${new URL(databaseUrl).host}; running ${command.join(' ')}`);
        const child = spawn(command[0], command.slice(1), {
          stdio: 'inherit',
          env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
        });
        // Pass Ctrl+C / kill on to the command (a terminal sends Ctrl+C to both) and exit when it does.
        const forward = (signal) => child.kill(signal);
        process.on('SIGINT', forward).on('SIGTERM', forward);
        child.on('error', (error) => {
          log(`cannot run ${command[0]}: ${error.message}`);
          resolve(127);
        });
        child.on('exit', (code, signal) => {
          process.off('SIGINT', forward).off('SIGTERM', forward);
          resolve(code ?? 128 + (constants.signals[signal] ?? 1));
        });
      }),
  );
  if (outcome.skipped) {
    log(`skipped: ${outcome.skipped}`);
    return process.env.WITH_POSTGRES_REQUIRED === '1' ? 1 : 0;
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s, exit code ${outcome.result}`);
  return outcome.result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      log(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
