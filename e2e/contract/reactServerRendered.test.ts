// docs/learn/react.md, "Next.js and React Router 7": a page rendered on the server and hydrated, with the guide's
// provider file as written. Its generator tag is in the HTML and upgraded by `defineElements()` before React
// hydrates it; the guide promises that it then already talks to the shop API through the provider's SDK, so the
// page asks its own origin nothing (an SDK of the element's own would ask `/api/v1/business/get` there: a 404 on
// every page load in Next.js and React Router), requests the company once, and the header counts an add.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';
import { launchBrowser, listen, watchProblems } from '../support/browser';
import { readDocBlocks } from './docsBlocks';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside @lp/react's node_modules, where '@lp/react', '@lp/widget', '@lp/sdk', 'react' and 'react-dom' resolve.
const scratch = `${root}packages/react/node_modules/.docs-ssr`;

const providersBlock = readDocBlocks(`${root}docs`).find(
  (block) => block.file.endsWith('learn/react.md') && block.code.includes('// app/providers.tsx'),
);

// The app around the guide's file: its layout renders <Providers>, a page a cart count and a generator.
const PAGE = `import { LpPlateGenerator, useCart } from '@lp/react';
import { Providers } from './providers';

function Header() {
  return <header>Warenkorb: {useCart((cart) => cart.count)}</header>;
}

export function App() {
  return (
    <Providers>
      <Header />
      <LpPlateGenerator kennzeichen="B-AB 123" />
    </Providers>
  );
}
`;

const bundleOptions = {
  bundle: true,
  format: 'esm',
  write: false as const,
  jsx: 'automatic',
  conditions: ['source'],
  alias: { '@lp/react': `${root}packages/react/src/index.ts` },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
} satisfies BuildOptions;

let api: ApiHandle;
let browser: Browser;
let site: { url: string; close(): Promise<void> };
/** The page and its script, set once the API's address is known (the site's origin must exist first, for CORS). */
const served: { html: string; client: Uint8Array } = { html: '', client: new Uint8Array() };

async function startSite(): Promise<typeof site> {
  return listen((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(served.html);
    } else if (path === '/client.js') {
      res.setHeader('content-type', 'text/javascript');
      res.end(served.client);
    } else if (path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
    } else {
      // What a Next.js or React Router server answers for a path it does not know.
      res.statusCode = 404;
      res.end('Not found');
    }
  });
}

/** Renders the app on the server (Node) and bundles its hydration for the browser, as a framework's build does. */
async function buildApp(): Promise<void> {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  writeFileSync(
    `${scratch}/providers.tsx`,
    providersBlock!.code.replaceAll('http://127.0.0.1:4000', api.url),
  );
  writeFileSync(`${scratch}/page.tsx`, PAGE);
  writeFileSync(
    `${scratch}/server.tsx`,
    `import { renderToString } from 'react-dom/server';\nimport { App } from './page';\nexport const render = () => renderToString(<App />);\n`,
  );
  writeFileSync(
    `${scratch}/client.tsx`,
    `import { hydrateRoot } from 'react-dom/client';\nimport { App } from './page';\nhydrateRoot(document.getElementById('root')!, <App />);\n`,
  );
  const [server, client] = await Promise.all([
    build({
      ...bundleOptions,
      entryPoints: [`${scratch}/server.tsx`],
      platform: 'node',
      target: 'node20',
      // React's server build requires Node's modules: Node loads it, from @lp/react's node_modules.
      external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    }),
    build({
      ...bundleOptions,
      entryPoints: [`${scratch}/client.tsx`],
      platform: 'browser',
      target: 'es2022',
    }),
  ]);
  writeFileSync(`${scratch}/server.mjs`, server.outputFiles[0]!.contents);
  const { render } = (await import(pathToFileURL(`${scratch}/server.mjs`).href)) as { render(): string };
  const markup = render();
  expect(markup).toContain('<lp-plate-generator kennzeichen="B-AB 123">');
  served.html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>SSR</title></head><body><div id="root">${markup}</div><script type="module" src="/client.js"></script></body></html>`;
  served.client = client.outputFiles[0]!.contents;
}

beforeAll(async () => {
  if (!providersBlock) throw new Error('docs/learn/react.md has no app/providers.tsx block');
  site = await startSite();
  [api, browser] = await Promise.all([withApi({ corsOrigins: [site.url] }), launchBrowser()]);
  await buildApp();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), site?.close()]);
});

describe("react.md's provider file on a server-rendered page", () => {
  it('asks its own origin nothing, loads the company once, and the header counts the add', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    watchProblems(page, problems);
    const ownOrigin: string[] = [];
    const companyLoads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === site.url && url.pathname.startsWith('/api/')) ownOrigin.push(url.pathname);
      if (url.pathname === '/api/v1/business/get') companyLoads.push(url.origin);
    });
    try {
      await page.goto(site.url, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('header').textContent()).toBe('Warenkorb: 0');
      await page.locator('lp-plate-generator').getByRole('button', { name: 'In den Warenkorb' }).click();
      await expect.poll(() => page.locator('header').textContent()).toBe('Warenkorb: 2');
      expect(ownOrigin).toEqual([]);
      expect(companyLoads).toEqual([api.url]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
