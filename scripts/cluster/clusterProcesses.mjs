// Session 22 (split from startCluster.mjs): the processes of the cluster topology. Child processes whose last
// output is kept for error messages, the wait until one serves, and stopping one (free ports: ../freePort.mjs).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Every process of the topology, and nginx, listens on this address only. */
export const HOST = '127.0.0.1';
const LOG_LINES = 200;

/** A child process whose output is kept (last lines) for error messages, or echoed with a prefix. */
export function startProcess(name, argv, env, { echo }) {
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
export async function waitUntilServing(proc, url, timeoutMs = 60_000) {
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

export function stopProcess(proc, timeoutMs = 5_000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  return proc.exited.finally(() => clearTimeout(timer));
}
