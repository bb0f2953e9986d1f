// The files of a new user's project, written the way the READMEs tell a user to: Node scripts (ESM and CommonJS)
// on @lp/sdk, and a strict Vite + React 19 app on @lp/react and the widget's elements, with no typings of its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a user installs: the release set from the shop's registry, the rest from the public one. */
export const INSTALL = [
  '@lp/sdk',
  '@lp/react',
  '@lp/widget',
  'react@^19',
  'react-dom@^19',
  'typescript@~5.9',
  'vite@^8',
  '@vitejs/plugin-react@^5',
  '@types/react@^19',
  '@types/react-dom@^19',
];

// One cart line of the demo catalogue's "funschild" (docs/reference/demo-catalogue.md), as in examples/sdk-node.
const ORDER_BODY = `
  const sdk = createSdk({ baseUrl: process.env.LP_API_URL });
  const company = await sdk.getCompany();
  const product = await sdk.catalogue.productByAlias(company.UniqueId, 'funschild');
  await sdk.cartStore.getState().add({
    productUniqueId: product.UniqueId,
    quantity: 2,
    addData: [
      {
        count: 2,
        info: {
          Alias: product.Alias,
          Title: product.Title,
          Attributes: { Kennzeichen: 'LP SHOP', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
        },
      },
    ],
  });
  console.log(JSON.stringify({ product: product.Alias, count: sdk.cartStore.getState().count }));
`;

const FILES: Record<string, string> = {
  'order.mjs': `import { createSdk } from '@lp/sdk';\n${ORDER_BODY}`,
  'order.cjs': `const { createSdk } = require('@lp/sdk');\n\n(async () => {${ORDER_BODY}})().catch((error) => {\n  console.error(error);\n  process.exit(1);\n});\n`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        types: ['vite/client'],
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`,
  // Plain TypeScript on the widget alone (no React, no typings of its own): the tag map gives the typed element,
  // its event map the typed detail. Compiled by itself (tsconfig.plain.json) in a project without @lp/react.
  'plain/elements.ts': `import { defineElements } from '@lp/widget';

defineElements({ api: 'https://api.example.de', editor: false });

const generator = document.querySelector('lp-plate-generator');
if (generator) generator.kennzeichen = 'B-AB 123';
generator?.addEventListener('lp-add-to-cart', (event) => {
  const count: number = event.detail.count;
  const plate: string = event.detail.configuration.plateText;
  console.log(count, plate, event.detail.line?.quantity);
});
// @ts-expect-error the add-to-cart detail has no 'total' (it is in detail.configuration)
generator?.addEventListener('lp-add-to-cart', (event) => event.detail.total);
// @ts-expect-error kennzeichen is a string property
if (generator) generator.kennzeichen = 123;
// Delegated: every element's lp-error detail, on an ancestor or the document.
document.body.addEventListener('lp-error', (event) => console.log(event.detail.message));
// On the document, lp-add-to-cart is the generator's or the print editor's: the detail says which.
document.addEventListener('lp-add-to-cart', (event) =>
  console.log('count' in event.detail ? event.detail.count : event.detail.url),
);
const banner = document.createElement('lp-banner-configurator');
banner.addEventListener('lp-continue', (event) => console.log(event.detail.how satisfies 'generator' | 'navigate'));
`,
  'tsconfig.plain.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        types: [],
      },
      include: ['plain'],
    },
    null,
    2,
  )}\n`,
  'vite.config.ts': `import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [react()] });\n`,
  'index.html': `<!doctype html>
<html lang="de">
  <head><meta charset="utf-8" /><title>Kennzeichen-Shop</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  // Strict TSX on the binding and the raw element: the element's props and its typed event come from '@lp/react'.
  'src/main.tsx': `import { LpProvider, useCart } from '@lp/react';
import { createSdk } from '@lp/sdk';
import { defineElements } from '@lp/widget';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const api: string = import.meta.env.VITE_LP_API;
const sdk = createSdk({ baseUrl: api });
defineElements({ api, editor: false });

function CartHeader() {
  const count = useCart((cart) => cart.count);
  return (
    <header>
      <h1>Kennzeichen-Shop</h1>
      <p data-testid="cart-count">Warenkorb: {count}</p>
    </header>
  );
}

function App() {
  const [added, setAdded] = useState('');
  return (
    <LpProvider sdk={sdk}>
      <CartHeader />
      <lp-plate-generator sdk={sdk} onlp-add-to-cart={(event) => setAdded(event.detail.configuration.plateText)} />
      <p data-testid="last-added">{added}</p>
    </LpProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`,
};

/**
 * Writes a new project into `dir` (outside the workspace): package.json, an `.npmrc` that takes the `@lp` scope
 * from `registry` (everything else from the public registry), the scripts and the app.
 */
export function writeConsumerProject(dir: string, registry: string): void {
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'lp-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  writeFileSync(join(dir, '.npmrc'), `@lp:registry=${registry}\n`);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
