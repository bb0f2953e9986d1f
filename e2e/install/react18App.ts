// A React 18.3 app on the installed tarballs, the way a user of the binding's older peer writes it: the provider, a
// hook and the wrapper component (React 18 renders custom-element props as attributes and drops event props, so a
// plain <lp-plate-generator onlp-add-to-cart> would never fire; the wrapper adds the listener and the `sdk`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const APP = `import { LpPlateGenerator, LpProvider, useCart } from '@lp/react';
import { createSdk } from '@lp/sdk';
import { defineElements } from '@lp/widget';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

declare const LP_API: string;
const sdk = createSdk({ baseUrl: LP_API });
defineElements({ api: LP_API, editor: false });

function CartHeader() {
  const count = useCart((cart) => cart.count);
  return <p data-testid="cart-count">Warenkorb: {count}</p>;
}

function App() {
  const [added, setAdded] = useState('');
  return (
    <LpProvider sdk={sdk}>
      <CartHeader />
      <LpPlateGenerator onAddToCart={(event) => setAdded(event.detail.configuration.plateText)} />
      <p data-testid="last-added">{added}</p>
    </LpProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`;

const PAGE = `<!doctype html>
<html lang="de">
  <head><meta charset="utf-8" /><title>Kennzeichen-Shop</title></head>
  <body><div id="root"></div><script type="module" src="/app.js"></script></body>
</html>
`;

/**
 * Writes the app into `project` (`react18.tsx`) and bundles it with the project's own node_modules into
 * `project/site` (index.html + app.js, React's production build), its API at `api`.
 */
export async function buildReact18App(project: string, api: string): Promise<void> {
  const site = join(project, 'site');
  writeFileSync(join(project, 'react18.tsx'), APP);
  await build({
    absWorkingDir: project,
    entryPoints: ['react18.tsx'],
    outfile: join(site, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    minify: true,
    define: { LP_API: JSON.stringify(api), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  writeFileSync(join(site, 'index.html'), PAGE);
}
