// @vitest-environment node
// Type tests: the fixtures (JSX of every element, event props with typed detail, `@ts-expect-error` on the
// camel-case `onLpAddToCart`, the detail types equal to the widget's) and every ```tsx example with an import in
// the React guides compile under strict settings, as an app would compile them.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const GUIDES = ['docs/learn/react.md', 'docs/reference/react.md'];
// Inside this package's node_modules, so that '@lp/react', 'react' and '@lp/widget' resolve as for the fixtures.
const scratch = `${root}node_modules/.type-check`;

describe('types', () => {
  it('the fixtures and the guides compile: typed onlp-* details, onLpAddToCart refused', async () => {
    const blocks = GUIDES.flatMap((guide) =>
      [...readFileSync(`${repo}${guide}`, 'utf8').matchAll(/```tsx\n([\s\S]*?)```/g)]
        .map((match) => match[1]!)
        .filter((code) => /^import /m.test(code)),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    for (const [index, code] of blocks.entries()) writeFileSync(`${scratch}/guide${index + 1}.tsx`, code);
    writeFileSync(
      `${scratch}/tsconfig.json`,
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { noUnusedLocals: true },
        include: ['*.tsx', '../../__tests__/fixtures/*'],
      }),
    );
    const tsc = `${repo}node_modules/typescript/bin/tsc`;
    const result = await run(process.execPath, [tsc, '-p', `${scratch}/tsconfig.json`], { cwd: root }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(result).toBe('');
  }, 120_000);
});
