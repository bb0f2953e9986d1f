// The processes of the pages bench (pagesBench.mjs): the built API and the built storefront, each in a process of its
// own, and autocannon, which lives in @lp/api's dependencies (the storefront adds none for it).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const autocannon = createRequire(new URL('../../api/package.json', import.meta.url))('autocannon');

const children = [];

/** SIGKILLs every server started here that still runs. */
export const killPagesProcesses = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};

/**
 * Starts a server and answers { url, pid, stop }: 'api' is pagesApi.mjs (the built API, rate limit off), 'shop'
 * the built storefront as `pnpm start` runs it (dist/server/main.js with PORT=0 and API_URL; NODE_ENV as given).
 * BENCH_SHOP_DIST names another build of the storefront (an earlier one copied aside, e.g. to
 * packages/storefront/node_modules/.before/dist where its packages still resolve), for a before/after table.
 * BENCH_PROF=1: a V8 CPU profile of each server in /tmp/prof (open it in Chrome's DevTools).
 */
export async function startPagesServer(mode, env = {}) {
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const args =
    mode === 'api'
      ? // The API's start flags (packages/api/package.json `start`), so it is measured as it runs.
        ['--max-semi-space-size=32', ...prof, new URL('./pagesApi.mjs', import.meta.url).pathname]
      : [
          ...prof,
          join(process.env.BENCH_SHOP_DIST || new URL('../dist', import.meta.url).pathname, 'server/main.js'),
        ];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', ...env },
  });
  children.push(child);
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} bench server stopped (exit ${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^Storefront listening on (\S+)/.exec(line);
      if (listening) resolve(listening[1]);
      else if (line.startsWith('{')) resolve(JSON.parse(line).url);
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    stop: () => {
      if (mode === 'api') child.stdin.end();
      else child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * One autocannon run of `warmupS + seconds` that measures only the last `seconds`: the answers completed in them
 * (status, bytes, latency) and the CPU time `cpu()` reads at their start and end. The connections stay open across
 * the mark, so the queue is as full at its start as at its end (a separate warm-up run would start the measured one
 * with an empty queue and count its filling). Answers { requests, errors, statuses, bytes, latencies, cpu }.
 */
export function measuredRun(options, { warmupS, seconds, cpu }) {
  return new Promise((resolve, reject) => {
    const window = { requests: 0, errors: 0, statuses: {}, bytes: 0, latencies: [], cpu: {} };
    let measuring = false;
    const instance = autocannon({ pipelining: 1, ...options, duration: warmupS + seconds }, (error) => {
      if (error) return reject(error);
      window.cpu.after = cpu();
      resolve(window);
    });
    setTimeout(() => {
      measuring = true;
      window.cpu.before = cpu();
    }, warmupS * 1000);
    instance.on('response', (_client, status, bytes, latency) => {
      if (!measuring) return;
      window.requests++;
      window.statuses[status] = (window.statuses[status] ?? 0) + 1;
      window.bytes += bytes;
      window.latencies.push(latency);
    });
    instance.on('reqError', () => {
      if (measuring) window.errors++;
    });
  });
}
