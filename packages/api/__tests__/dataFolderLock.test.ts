// PGlite is one process's database and has no guard of its own: a second API (a second `pnpm start` on other
// ports, `lp-api dealer add` while the API runs) on the same data folder must be refused with a clear message
// instead of writing into the folder beside the first. A lock left by a killed process must not block the next start.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../src/db/pgliteDb';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-lock-test-'));
  dirs.push(dir);
  return join(dir, 'pglite');
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('one process per PGlite data folder', () => {
  it('a second open is refused while the first is open, and allowed after it closed', async () => {
    const dataDir = folder();
    const first = await createPgliteDb(dataDir);
    await expect(createPgliteDb(dataDir)).rejects.toThrow(
      `The data folder ${dataDir} is in use by process ${process.pid}`,
    );
    await first.close();
    const second = await createPgliteDb(dataDir);
    expect(await second.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await second.close();
  });

  it('another process holding the folder: refused, naming that process', async () => {
    const dataDir = folder();
    const module = new URL('../src/db/pgliteDb.ts', import.meta.url).href;
    const script = join(dirs.at(-1)!, 'holder.mjs');
    writeFileSync(
      script,
      `const { createPgliteDb } = await import(${JSON.stringify(module)});
       await createPgliteDb(${JSON.stringify(dataDir)});
       console.log('open');
       setInterval(() => {}, 1000);`,
    );
    const holder = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk) => String(chunk).includes('open') && resolve());
        holder.once('exit', () => reject(new Error('the holder exited')));
      });
      await expect(createPgliteDb(dataDir)).rejects.toThrow(
        `The data folder ${dataDir} is in use by process ${holder.pid}`,
      );
    } finally {
      holder.kill('SIGKILL');
    }
    // Killed without closing (kill -9): its lock is stale, the next open takes it over.
    await new Promise((resolve) => holder.once('exit', resolve));
    const next = await createPgliteDb(dataDir);
    expect(await next.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await next.close();
  });

  it('a lock file of a process that no longer exists does not block', async () => {
    const dataDir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(`${dataDir}.lock`, gone.stdout);
    const db = await createPgliteDb(dataDir);
    await db.close();
  });
});
