// A bounded soak of the shop as one machine runs it (docs/reference/decisions.md, "Soak"): the built API (embedded
// PGlite in a temp folder, rate limits on, as `lp-api` starts) and the built storefront in front of it, driven for
// SOAK_SECONDS (default 180) by SOAK_CONCURRENCY (default 4) shoppers: page views (known pages and hostile URLs
// with random query strings), adds into new carts, wrong passwords from many addresses, image uploads, API reads
// with random cart guids. Every few seconds each server writes its RSS and heap (soakSampler.mjs); the end prints
// start, end and max of both, and the growth over the second half (does it level off?). Not part of CI.
//
//   pnpm --filter @lp/api build && pnpm --filter @lp/storefront build
//   SOAK_SECONDS=240 node packages/api/bench/soak.mjs
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addBody } from './addBody.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 4);
const here = fileURLToPath(new URL('.', import.meta.url));
const apiCli = join(here, '../dist/cli.js');
const shopMain = join(here, '../../storefront/dist/server/main.js');
for (const built of [apiCli, shopMain])
  if (!existsSync(built)) throw new Error(`${built} is missing: build the API and the storefront first.`);

const dir = mkdtempSync(join(tmpdir(), 'lp-soak-'));
const secret = randomBytes(24).toString('hex');
const children = [];

/** Starts a server process with the sampler preloaded; resolves with its URL once it prints it. */
function start(name, args, env, pattern) {
  const child = spawn(process.execPath, ['--import', join(here, 'soakSampler.mjs'), ...args], {
    env: { ...process.env, ...env, PORT: '0', SOAK_SAMPLE_FILE: join(dir, `${name}.jsonl`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk) => {
      out += chunk;
      const url = pattern.exec(out)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk) => {
      if (String(chunk).includes('Error')) process.stderr.write(`[${name}] ${chunk}`);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening:\n${out}`)));
  });
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

const api = await start(
  'api',
  ['--max-semi-space-size=32', apiCli],
  { DATA_DIR: join(dir, 'pglite'), UPLOAD_DIR: join(dir, 'uploads'), LP_PROXY_SECRET: secret },
  /listening on (http:\S+)/,
);
const shop = await start(
  'storefront',
  [shopMain],
  { API_URL: api, LP_PROXY_SECRET: secret, LP_SITE_URL: 'http://127.0.0.1' },
  /Storefront listening on (http:\S+)/,
);

/** One request from a local address of its own (one address per shopper: each has its own rate-limit bucket). */
function send(method, path, { from = '127.0.0.1', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(`${shop}${path}`, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }),
      );
    });
    req.on('error', (error) => resolve({ status: error.code ?? 'error', ms: performance.now() - started }));
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.end(body);
  });
}

const json = (body) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const address = (space, i) => `127.${space}.${(i >> 8) & 255}.${i & 255 || 1}`;

// The shop's own links (home and catalogue pages), as a crawler or a shopper follows them.
const pages = new Set(['/', '/catalog', '/kfz-kennzeichen', '/blog', '/impressum', '/cart']);
for (const page of ['/', '/catalog']) {
  const html = String((await send('GET', page)).body);
  for (const [, href] of html.matchAll(/href="(\/[^"#?]*)"/g))
    if (!href.startsWith('/assets/')) pages.add(href);
}
const known = [...pages].slice(0, 80);
const png = (i) => {
  const bytes = randomBytes(30_000);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  bytes.writeUInt32BE(i, 8);
  return bytes;
};

/** Hostile URLs: unknown paths with random query strings, unknown categories, unknown picture codes. */
const hostile = (i) =>
  [
    `/x${randomUUID()}?utm_source=${randomUUID()}`,
    `/kategorie/${randomUUID()}`,
    `/images/products/p${i}.png`,
  ][i % 3];

async function page(i) {
  return i % 5 < 3
    ? ['page', await send('GET', known[i % known.length])]
    : ['hostile page', await send('GET', hostile(i))];
}

/** A new shopper (an address of their own) adds into a new cart, then reads it. */
async function addToNewCart(i) {
  const from = address(1, i);
  const added = await send('POST', '/api/Cart/addCartItem', { from, ...json(JSON.parse(addBody(i))) });
  const guid = added.status === 200 ? JSON.parse(String(added.body)).guid : undefined;
  if (guid) await send('GET', '/api/Cart/getCart', { from, headers: { cartguid: guid } });
  return ['add to a new cart', added];
}

/** A wrong password; four attempts per address, so the login guard (10 per address) is not what answers. */
async function wrongPassword(i) {
  const body = { email: `kunde${i}@example.de`, password: 'falsch-falsch' };
  return [
    'wrong password',
    await send('POST', '/api/Account/login', { from: address(2, i >> 2), ...json(body) }),
  ];
}

/** A design image of 30 KB, different each time (a new stored file). */
async function upload(i) {
  const boundary = `soak${i}`;
  const part = (headers) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${headers}\r\n\r\n`);
  const body = Buffer.concat([
    part('name="CompanyId"'),
    Buffer.from('1001\r\n'),
    part('name="Image"; filename="image.jpg"\r\nContent-Type: image/png'),
    png(i),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return ['upload', await send('POST', '/api/Cart/addCartItemImage', { from: address(3, i), headers, body })];
}

async function unknownCart() {
  const headers = { cartguid: randomUUID() };
  return ['getCart of a random guid', await send('GET', '/api/Cart/getCart', { headers })];
}

let n = 0;
const kinds = [
  [50, page],
  [20, addToNewCart],
  [15, wrongPassword],
  [5, upload],
  [10, unknownCart],
];
const weights = kinds.flatMap(([weight, run]) => Array(weight).fill(run));

const counts = {};
const slow = [];
const until = Date.now() + SECONDS * 1000;
const started = Date.now();
console.log(
  `soak: API ${api}, storefront ${shop}, ${SECONDS} s, ${CONCURRENCY} shoppers at once, ${known.length} known pages`,
);
const progress = setInterval(
  () => console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${n} requests`),
  30_000,
);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < until) {
      const i = n++;
      const [kind, answer] = await weights[(i * 7919) % weights.length](i);
      counts[`${kind} ${answer.status}`] = (counts[`${kind} ${answer.status}`] ?? 0) + 1;
      slow.push(answer.ms);
    }
  }),
);
clearInterval(progress);
// Two more samples after the load, then stop.
await new Promise((resolve) => setTimeout(resolve, 11_000));
stop();
await new Promise((resolve) => setTimeout(resolve, 1000));

slow.sort((a, b) => a - b);
console.log(
  `\n${n} requests in ${SECONDS} s, p50 ${slow[slow.length >> 1].toFixed(0)} ms, p99 ${slow[Math.floor(slow.length * 0.99)].toFixed(0)} ms`,
);
for (const [key, count] of Object.entries(counts).sort()) console.log(`  ${key}: ${count}`);
const mb = (bytes) => (bytes / 1e6).toFixed(0);
const end = started + SECONDS * 1000;
for (const name of ['api', 'storefront']) {
  const all = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  // From the first request on (the API's start, migrations and seed, come before).
  const samples = all.filter((s) => s.at >= started);
  // Per 30 s of the run: the highest RSS and the lowest heap (what survived the collections in that window).
  const windows = [];
  for (let from = started; from < end + 11_000; from += 30_000) {
    const inside = samples.filter((s) => s.at >= from && s.at < from + 30_000);
    if (inside.length > 0)
      windows.push([Math.max(...inside.map((s) => s.rss)), Math.min(...inside.map((s) => s.heapUsed))]);
  }
  const rss = samples.map((s) => s.rss);
  // The growth while shoppers are served (the window after the load is shown, not counted: idle, nothing collects).
  const loaded = windows.slice(0, Math.ceil(SECONDS / 30));
  const second = loaded.slice(Math.floor(loaded.length / 2));
  const growth = (i) =>
    second.length > 1 ? (second.at(-1)[i] - second[0][i]) / ((second.length - 1) / 2) : 0;
  console.log(
    `${name.padEnd(10)} rss start ${mb(rss[0])} MB, end ${mb(rss.at(-1))} MB, max ${mb(Math.max(...rss))} MB; ` +
      `second half: rss ${mb(growth(0))} MB/min, heap floor ${mb(growth(1))} MB/min`,
  );
  console.log(
    `${name.padEnd(10)} per 30 s (max rss / min heap, MB): ${windows.map(([r, h]) => `${mb(r)}/${mb(h)}`).join('  ')}`,
  );
}
rmSync(dir, { recursive: true, force: true });
