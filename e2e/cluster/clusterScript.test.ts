// `pnpm start:cluster` (scripts/startCluster.mjs) as an operator runs it in a terminal: closing the terminal (SIGHUP
// to the whole process group) must stop every process and delete the temp folder; nginx, which takes SIGHUP for
// "reload", used to stay behind with the ports. Runs the built packages (the root test runner builds them first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { ensureWidgetBuilt } from '../widget/widgetWorld';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Processes whose command line mentions `text` (the cluster's temp folder names nginx's config and pid file). */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (command.includes(text)) found.push(`${pid} ${command}`);
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

describe('pnpm start:cluster in a terminal', () => {
  it('closing the terminal (SIGHUP) stops nginx, the processes and the database, and deletes the temp folder', async () => {
    ensureStorefrontBuilt();
    ensureWidgetBuilt();
    // Its own process group, as a terminal's foreground job.
    const child = spawn(process.execPath, ['scripts/startCluster.mjs'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, LP_SKIP_BUILD: '1', LP_CLUSTER_QUIET: '1', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    // Should this test fail before the SIGHUP, the cluster goes as a Ctrl+C would take it.
    onTestFinished(() => {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
    });
    const deadline = Date.now() + 90_000;
    while (!output.includes('Press Ctrl+C to stop.')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`start:cluster did not start:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const dir = /nginx\.conf\s+(\S+)\/nginx\/nginx\.conf/.exec(output)?.[1] ?? '';
    const database = /Database\s+postgres:\/\/[^@]+@(127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    expect(dir).toMatch(/lp-cluster-/);
    expect(processesMentioning(dir).length).toBeGreaterThan(0);

    process.kill(-child.pid!, 'SIGHUP');
    expect(await exited).toBe(0);
    expect(processesMentioning(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    // The throwaway PostgreSQL server is gone too.
    const port = database.split(':')[1];
    expect(port).toBeTruthy();
    expect(processesMentioning(`-p ${port} `)).toEqual([]);
  }, 150_000);
});
