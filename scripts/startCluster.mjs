#!/usr/bin/env node
// `pnpm start:cluster`: the scale-out topology of docs/learn/run-in-production.md on one machine. A throwaway
// PostgreSQL cluster (or DATABASE_URL), 2 API processes, 2 storefront processes and nginx in front of both kinds;
// the dealer example on a further origin. Everything listens on 127.0.0.1 on free ports; Ctrl+C stops it all and
// deletes the temp dir. Builds first (LP_SKIP_BUILD=1 skips it).
//
//   import { startCluster } from './startCluster.mjs';
//   const cluster = await startCluster();   // { shopUrl, apiUrl, dealerUrl, processes, close() }
//
// nginx names the process that answered in a response header (X-Lp-Api-Instance: api-2,
// X-Lp-Shop-Instance: shop-1), so a test or an operator sees the load being spread.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureNginx } from './ensureNginx.mjs';
import { serveDealerSite } from './serveDealerSite.mjs';
import { withPostgres } from './withPostgres.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const API_CLI = join(root, 'packages/api/dist/cli.js');
const STOREFRONT_MAIN = join(root, 'packages/storefront/dist/server/main.js');
/** Uploads are multipart bodies up to 10 MB (packages/api uploads); nginx's default allows 1 MB. */
const MAX_BODY = '12m';
const LOG_LINES = 200;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Holds a throwaway PostgreSQL cluster open until `stop()` (withPostgres removes it when its callback ends). */
function holdPostgres(signals) {
  return new Promise((resolve, reject) => {
    const done = withPostgres(
      (databaseUrl) =>
        new Promise((release) => {
          resolve({
            databaseUrl,
            stop: () => {
              release();
              return done;
            },
          });
        }),
      { signals },
    );
    done.then((outcome) => {
      if (outcome?.skipped) reject(new Error(`No PostgreSQL server for the cluster: ${outcome.skipped}`));
    }, reject);
  });
}

/**
 * An upstream block of the topology (also what `pnpm bench:api` puts in front of its 2 API processes, so the bench
 * measures this balancing):
 * - least_conn: a request goes to the process with the fewest requests in flight. Round robin hands every process
 *   the same share even while one is paused (garbage collection, a busy core, a 100-line cart), and the requests
 *   queued behind that pause are the slow tail (measured on 2 cores at 64 connections, alternating runs: getCart
 *   p99 34-41 -> 22 ms; docs/reference/decisions.md). Ties (an idle shop) still alternate.
 * - keepalive 128: idle connections kept open to the processes. With fewer cached than the requests in flight,
 *   nginx closes the surplus after each answer and opens new ones on the next (32 at 64 connections: p99 +10-30 ms,
 *   +5-15 % CPU per request); 128 covers a burst of that size.
 * - keepalive_timeout 4s: nginx drops an idle connection before the process does (the storefront closes idle ones
 *   after 5 s, the API after Fastify's 72 s), so it never sends a request on a connection the process is closing.
 * The balancing method must come before `keepalive` (nginx docs).
 */
export function nginxUpstream(name, list) {
  return `  upstream ${name} {
    least_conn;
${list.map(({ port }) => `    server ${HOST}:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 128;
    keepalive_timeout 4s;
  }`;
}

/** nginx's map_hash_bucket_size for a map keyed by `key`: a power of two with room for the key and nginx's bytes. */
function mapHashBucketSize(key) {
  return Math.max(64, 2 ** Math.ceil(Math.log2(key.length + 32)));
}

/**
 * nginx.conf of the topology. Three listeners on one upstream pair each:
 * - the shop (public): every request to a storefront process; the storefront's /api proxy is on this path too;
 * - the API (public): dealer pages, the payment provider's return, uploads' image URLs;
 * - the internal API: only the storefront processes call it (server-side rendering and their /api proxy). In
 *   production it listens on the private network, never on the internet.
 * At the public edge nginx replaces X-Forwarded-For with the peer's address: what a client sends itself is a lie.
 * The internal listener passes on what the storefront set (the shopper's address) when the request carries the
 * storefront's proxy secret; only storefronts reach it anyway.
 */
export function nginxConf({ dir, user, shopPort, apiPort, internalApiPort, apis, shops, proxySecret }) {
  // After a retry $upstream_addr lists every address tried ("a:1, b:2"): the last one answered.
  const names = (list) =>
    list.map(({ name, port }) => `    "~(^|, )${HOST.replaceAll('.', '\\.')}:${port}$" ${name};`).join('\n');
  const proxied = (upstream, header, variable, forwardedFor) => `    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${forwardedFor};
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      add_header ${header} ${variable} always;
    }`;
  return `# Generated by scripts/startCluster.mjs (docs/learn/run-in-production.md). Runs without root: every path
# below is in this directory.
${user ? `user ${user};\n` : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }

http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size ${MAX_BODY};
  server_tokens off;
  # Retry a request on the other process only when the first could not be reached (POST is never sent twice:
  # nginx does not retry non-idempotent methods unless told to).
  proxy_next_upstream error timeout;
  proxy_connect_timeout 2s;
  proxy_read_timeout 30s;
  # The secret is a key of the map below; nginx's default bucket (64 bytes) holds a key of about 40 characters and
  # refuses to start on a longer one ("could not build map_hash"), e.g. the 64 of "openssl rand -hex 32".
  map_hash_bucket_size ${mapHashBucketSize(proxySecret)};

${nginxUpstream('lp_api', apis)}
${nginxUpstream('lp_shop', shops)}
  # Which process answered, by name ($upstream_addr is the address nginx actually used).
  map $upstream_addr $lp_api_instance {
    default $upstream_addr;
${names(apis)}
  }
  # The internal listener keeps the storefront's X-Forwarded-For only when the request carries the proxy secret.
  map $http_x_lp_proxy_secret $lp_storefront_forwarded_for {
    default $remote_addr;
    "${proxySecret}" $http_x_forwarded_for;
  }
  map $upstream_addr $lp_shop_instance {
    default $upstream_addr;
${names(shops)}
  }

  server {
    listen ${HOST}:${shopPort};
${proxied('lp_shop', 'X-Lp-Shop-Instance', '$lp_shop_instance', '$remote_addr')}
  }
  server {
    listen ${HOST}:${apiPort};
${proxied('lp_api', 'X-Lp-Api-Instance', '$lp_api_instance', '$remote_addr')}
  }
  server {
    listen ${HOST}:${internalApiPort};
${proxied('lp_api', 'X-Lp-Api-Instance', '$lp_api_instance', '$lp_storefront_forwarded_for')}
  }
}
`;
}

/** A child process whose output is kept (last lines) for error messages, or echoed with a prefix. */
function startProcess(name, argv, env, { echo }) {
  const child = spawn(argv[0], argv.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > LOG_LINES) lines.shift();
      if (echo) process.stderr.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, lines, exited };
}

/** Polls `url` until it answers (any status below 500) or the process dies or `timeoutMs` passes. */
async function waitUntilServing(proc, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let dead = null;
  proc.exited.then((outcome) => {
    dead = outcome;
  });
  while (Date.now() < deadline) {
    if (dead) break;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const why = dead ? `exited (${dead.code ?? dead.signal})` : `did not answer ${url} within ${timeoutMs} ms`;
  throw new Error(`${proc.name} ${why}. Its last output:\n${proc.lines.slice(-40).join('\n')}`);
}

function stopProcess(proc, timeoutMs = 5_000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  return proc.exited.finally(() => clearTimeout(timer));
}

/**
 * Starts the topology and answers its URLs and `close()`. Expects the packages built (the CLI builds them).
 * Options: `apis` and `shops` (process counts, default 2), `databaseUrl` (default env DATABASE_URL, else a
 * throwaway cluster), `env` (extra environment for every API and storefront process), `echo` (print the
 * processes' output; default false: it is kept and shown when a process fails to start), `report` (told when a
 * process dies while the cluster runs; default stderr), `signals` (false: the caller stops the cluster on Ctrl+C;
 * default true: the throwaway database removes itself on a signal).
 */
export async function startCluster(options = {}) {
  const apiCount = options.apis ?? 2;
  // A process that dies while the cluster runs is said at once (nginx then sends its requests to the others).
  const report = options.report ?? ((line) => process.stderr.write(`${line}\n`));
  const shopCount = options.shops ?? 2;
  const echo = options.echo ?? false;
  const extraEnv = options.env ?? {};
  const nginxBin = ensureNginx();
  if (!nginxBin)
    throw new Error('nginx is not installed and could not be installed (apt-get install nginx).');

  const dir = mkdtempSync(join(tmpdir(), 'lp-cluster-'));
  const procs = [];
  let postgres = null;
  let dealer = null;
  let closed = false;
  const killNow = () => {
    for (const proc of procs) proc.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // A dying parent (vitest worker, process.exit) must not leave the processes behind.
  process.on('exit', killNow);

  async function close() {
    if (closed) return;
    closed = true;
    await dealer?.close();
    // nginx first (no new requests), then the storefronts, then the APIs, then the database.
    const byKind = (prefix) => procs.filter((p) => p.name.startsWith(prefix));
    await Promise.all(byKind('nginx').map((p) => stopProcess(p)));
    await Promise.all(byKind('shop').map((p) => stopProcess(p)));
    await Promise.all(byKind('api').map((p) => stopProcess(p)));
    await postgres?.stop();
    process.off('exit', killNow);
    rmSync(dir, { recursive: true, force: true });
  }

  /** Starts a process of the topology and watches it: an exit before close() is reported. */
  const launch = (name, argv, env) => {
    const proc = startProcess(name, argv, env, { echo });
    procs.push(proc);
    proc.exited.then(({ code, signal }) => {
      if (closed) return;
      const others =
        name === 'nginx' ? 'nothing is served any more' : 'nginx sends its requests to the others';
      report(`[cluster] ${name} (pid ${proc.child.pid}) exited (${signal ?? `code ${code}`}); ${others}.`);
    });
    return proc;
  };

  try {
    const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL?.trim();
    if (!databaseUrl) postgres = await holdPostgres(options.signals ?? true);
    const dbUrl = databaseUrl || postgres.databaseUrl;

    const [shopPort, apiPort, internalApiPort, dealerPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const shopUrl = `http://${HOST}:${shopPort}`;
    const apiUrl = `http://${HOST}:${apiPort}`;
    const internalApiUrl = `http://${HOST}:${internalApiPort}`;
    const dealerUrl = `http://${HOST}:${dealerPort}`;
    const apis = [];
    for (let i = 1; i <= apiCount; i++) apis.push({ name: `api-${i}`, port: await freePort() });
    const shops = [];
    for (let i = 1; i <= shopCount; i++) shops.push({ name: `shop-${i}`, port: await freePort() });

    // The storefronts' /api proxy sends this secret in X-LP-Proxy-Secret with the shopper's address; nginx's
    // internal listener passes that address on only with the right secret, and the API honours it only with the
    // secret too. In production set it yourself: the same value on every API and storefront process and in nginx.
    const proxySecret = process.env.LP_PROXY_SECRET || randomBytes(24).toString('base64url');
    // It goes into nginx.conf as a quoted string.
    if (!/^[\w.~+/=-]{16,}$/.test(proxySecret))
      throw new Error('LP_PROXY_SECRET must be at least 16 characters of A-Z a-z 0-9 . _ ~ + / = -.');
    // The dealer page's origin is allowed through its dealer registration (below), not through CORS_ORIGINS.
    const corsOrigins = shopUrl;
    const apiEnv = {
      DATABASE_URL: dbUrl,
      HOST,
      PUBLIC_URL: apiUrl,
      CORS_ORIGINS: corsOrigins,
      // The API's peer is always nginx, which sets X-Forwarded-For: trust that address only (in production
      // nginx's private address), never a hop count, which would trust whoever connects.
      TRUST_PROXY: HOST,
      LP_PROXY_SECRET: proxySecret,
      UPLOAD_DIR: join(dir, 'uploads'),
      ...extraEnv,
    };
    // The first API migrates and seeds the database; the others start on a ready schema.
    for (const api of apis) {
      const proc = launch(
        api.name,
        // V8's young generation sized for full carts' answers (docs/learn/run-in-production.md).
        [process.execPath, '--max-semi-space-size=32', API_CLI],
        {
          ...apiEnv,
          PORT: String(api.port),
        },
      );
      // Ready: migrated, and its database answers.
      await waitUntilServing(proc, `http://${HOST}:${api.port}/health/ready`);
    }
    // The dealer example's tag carries data-dealer="autohaus-muster": register it as an operator would, on the
    // database the APIs share (the first API has migrated it); every API process reads its origin from there.
    const registration = spawnSync(
      process.execPath,
      [
        API_CLI,
        'dealer',
        'add',
        '--id',
        'autohaus-muster',
        '--name',
        'Autohaus Muster (Beispiel)',
        '--origin',
        dealerUrl,
      ],
      { env: { ...process.env, DATABASE_URL: dbUrl }, encoding: 'utf8' },
    );
    if (registration.status !== 0) throw new Error(`dealer add failed: ${registration.stderr}`);
    const confDir = join(dir, 'nginx');
    for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
      mkdirSync(join(confDir, sub), { recursive: true });
    }
    // As root nginx would run its workers as `nobody`, who cannot write to this private dir: keep our user.
    const user = process.getuid?.() === 0 ? userInfo().username : null;
    const conf = join(confDir, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConf({ dir: confDir, user, shopPort, apiPort, internalApiPort, apis, shops, proxySecret }),
      { mode: 0o600 },
    );
    const test = spawnSync(
      nginxBin,
      ['-t', '-q', '-p', confDir, '-e', join(confDir, 'error.log'), '-c', conf],
      {
        encoding: 'utf8',
      },
    );
    if (test.status !== 0) throw new Error(`nginx rejected its configuration:\n${test.stderr}`);
    const nginx = launch(
      'nginx',
      [nginxBin, '-p', confDir, '-e', join(confDir, 'error.log'), '-c', conf],
      {},
    );
    await Promise.all([
      waitUntilServing(nginx, `${apiUrl}/health/ready`),
      waitUntilServing(nginx, `${internalApiUrl}/health/ready`),
    ]);
    // The storefronts resolve the company through the API at start-up, so they start once nginx serves it.
    for (const shop of shops) {
      launch(shop.name, [process.execPath, STOREFRONT_MAIN], {
        HOST,
        PORT: String(shop.port),
        // Server-side calls and the /api proxy go to the API's load balancer (internal listener), not to
        // one API process: a storefront then survives the loss of either API process.
        API_URL: internalApiUrl,
        LP_SITE_URL: shopUrl,
        LP_PROXY_SECRET: proxySecret,
        // The storefront's peer is nginx: it names the shopper from nginx's X-Forwarded-For, so each shopper
        // has their own limits at the API.
        TRUST_PROXY: HOST,
        ...extraEnv,
      });
    }
    await Promise.all(
      procs
        .filter((p) => p.name.startsWith('shop'))
        .map((proc, i) => waitUntilServing(proc, `http://${HOST}:${shops[i].port}/health/ready`)),
    );

    await waitUntilServing(nginx, `${shopUrl}/health/ready`);

    dealer = await serveDealerSite({ root, host: HOST, port: dealerPort, apiUrl, shopUrl });

    return {
      shopUrl,
      apiUrl,
      internalApiUrl,
      dealerUrl,
      databaseUrl: dbUrl,
      dir,
      nginxConf: conf,
      processes: [
        ...apis.map((a) => ({ name: a.name, url: `http://${HOST}:${a.port}` })),
        ...shops.map((s) => ({ name: s.name, url: `http://${HOST}:${s.port}` })),
      ].map((p) => ({ ...p, pid: procs.find((proc) => proc.name === p.name)?.child.pid })),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

async function main() {
  if (process.env.LP_SKIP_BUILD !== '1') {
    process.stdout.write('Building the packages (set LP_SKIP_BUILD=1 to skip)...\n');
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Ctrl+C, SIGTERM and a closed terminal (SIGHUP: nginx would take it for "reload" and outlive us) stop the
  // cluster in order: nginx, storefronts, APIs, then the database. During the start-up the process just exits: its
  // exit handlers kill what started and remove the temp folders and the database.
  let cluster = null;
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (!cluster) process.exit(1);
    cluster.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);
  process.stdout.write('Starting PostgreSQL, 2 API processes, 2 storefront processes and nginx...\n');
  cluster = await startCluster({ echo: process.env.LP_CLUSTER_QUIET !== '1', signals: false });
  const rows = [
    ['Shop (nginx -> storefronts)', cluster.shopUrl],
    ['Configurator widget', `${cluster.shopUrl}/number-banner`],
    ['Dealer example (2nd origin)', cluster.dealerUrl],
    ['Shop API (nginx -> APIs)', cluster.apiUrl],
    ['Internal API (storefronts)', cluster.internalApiUrl],
    ...cluster.processes.map((p) => [`  ${p.name} (pid ${p.pid})`, p.url]),
    ['Database', cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')],
    ['nginx.conf', cluster.nginxConf],
  ];
  process.stdout.write(
    `\nlp-shop cluster is running:\n${rows.map(([name, url]) => `  ${name.padEnd(29)}${url}`).join('\n')}\n\nPress Ctrl+C to stop.\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
