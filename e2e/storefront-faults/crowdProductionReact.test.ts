// The storefront's own start (`node dist/server/main.js`, `pnpm start`, the cluster's processes) renders pages with
// React's production build. React picks its build by NODE_ENV when first loaded, and nothing set it: every page was
// rendered by the development build (its checks and warnings; ~1.6x the server's CPU per page, so a crowd that the
// shop could serve waited seconds; decisions.md "Storefront pages under a crowd", session 24).
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';

const MAIN = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/storefront/dist/server/main.js',
);

// Loaded before main.js: on exit, names the files of React's server renderer the process loaded (the CommonJS
// modules an ES import loads are in require.cache too).
const LIST_REACT = `data:text/javascript,${encodeURIComponent(
  `import { createRequire } from 'node:module';
  const cache = createRequire(process.cwd() + '/').cache;
  process.on('exit', () => process.stderr.write('LOADED ' + Object.keys(cache).filter((f) => /react-dom-server/.test(f)).join(' ') + '\\n'));`,
)}`;

/** Starts main.js with `env` as its whole environment, waits until it listens, stops it; its React files. */
async function reactFilesOfStart(env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, ['--import', LIST_REACT, MAIN], {
    // The API is not needed: the renderer's module (and React with it) is loaded before the API is asked.
    env: { ...env, API_URL: 'http://127.0.0.1:9', PORT: '0' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise((done) => child.once('exit', done));
  for (let waited = 0; !out.includes('listening') && child.exitCode === null && waited < 30_000; waited += 50)
    await new Promise((done) => setTimeout(done, 50));
  child.kill('SIGTERM');
  await exited;
  expect(out, err).toContain('Storefront listening on');
  return err.split('\n').find((line) => line.startsWith('LOADED ')) ?? '';
}

/** The environment of the test run without NODE_ENV (vitest sets it to 'test'). */
function withoutNodeEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _left, ...env } = process.env;
  return env;
}

beforeAll(() => ensureStorefrontBuilt());

describe("the storefront start's React build", () => {
  it('renders with the production build when NODE_ENV is unset', async () => {
    const loaded = await reactFilesOfStart(withoutNodeEnv());
    expect(loaded).toMatch(/react-dom-server[^ ]*\.production\.js/);
    expect(loaded).not.toMatch(/development/);
  });

  it("keeps an operator's own NODE_ENV", async () => {
    const loaded = await reactFilesOfStart({ ...withoutNodeEnv(), NODE_ENV: 'development' });
    expect(loaded).toMatch(/react-dom-server[^ ]*\.development\.js/);
  });
});
