// Session 23, operator: an operator command whose output cannot be written (a full disk behind
// `lp-api customer export … > auskunft.json`) ended with a stack trace from the stdout stream. It must end with one
// line and exit code 1, and say that what it changed is done. Linux's /dev/full answers every write with ENOSPC.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/createApi';

const dir = mkdtempSync(join(tmpdir(), 'lp-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `lp-api <args>` from the sources with its stdout on `stdout` (a file descriptor); answers code and stderr. */
function lpApiTo(args: string[], env: Record<string, string>, stdout: number | 'pipe') {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', new URL('../src/cli.ts', import.meta.url).pathname, ...args],
    {
      cwd: new URL('..', import.meta.url).pathname,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', stdout, 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, out, err })),
  );
}

describe.skipIf(!existsSync('/dev/full') || process.env.TEST_DATABASE_URL)('output to a full disk', () => {
  it('one line, exit code 1, and what the command did is done', async () => {
    const env = { DATA_DIR: join(dir, 'pglite') };
    await (
      await createApi({
        dataDir: env.DATA_DIR,
        rateLimit: false,
        loadShedding: false,
        uploadDir: join(dir, 'up'),
      })
    ).close();
    const full = openSync('/dev/full', 'w');
    const added = await lpApiTo(
      [
        'dealer',
        'add',
        '--id',
        'autohaus-voll',
        '--name',
        'Autohaus Voll',
        '--origin',
        'https://voll.example',
      ],
      env,
      full,
    ).finally(() => closeSync(full));
    expect(added.code).toBe(1);
    expect(added.err.trim()).toBe(
      'The output could not be written (ENOSPC) and is incomplete; what the command changed is done.',
    );
    const listed = await lpApiTo(['dealer', 'list'], env, 'pipe');
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain('autohaus-voll');
  }, 60_000);
});
