import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';

// CONVENTIONS: examples in docs must run. Every ```ts block with an import in these guides is a whole script.
const GUIDES = ['docs/learn/getting-started.md', 'docs/learn/build-on-the-sdk.md'];
const root = fileURLToPath(new URL('../..', import.meta.url));
const e2e = fileURLToPath(new URL('..', import.meta.url));
// Inside e2e/node_modules so that '@lp/sdk' resolves; .mts for top-level await.
const scratch = `${e2e}node_modules/.docs-run`;
const run = promisify(execFile);

const blocks = GUIDES.flatMap((guide) =>
  [...readFileSync(`${root}${guide}`, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match, index) => ({ name: `${guide.split('/').pop()} #${index + 1}`, code: match[1]! }))
    .filter((block) => /^import /m.test(block.code)),
);

let api: ApiHandle;
beforeAll(async () => {
  api = await withApi();
  mkdirSync(scratch, { recursive: true });
});
afterAll(() => api?.close());

describe('guide examples run against the real API', () => {
  it('finds the examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6);
  });

  it.each(blocks)('$name', async ({ name, code }) => {
    const file = `${scratch}/${name.replace(/\W+/g, '-')}.mts`;
    writeFileSync(file, code);
    const { stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
      cwd: e2e,
      env: { ...process.env, LP_API_URL: api.url },
      // A fresh node with tsx compiling the guide's imports: several seconds on a busy 2-core machine.
      timeout: 45_000,
    });
    expect(stderr).toBe('');
  });
});
