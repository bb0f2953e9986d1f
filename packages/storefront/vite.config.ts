import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import {
  type BuildEnvironmentOptions,
  type Plugin,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
} from 'vite';

// react-router's package exports point every bundler at its development build; the browser bundle takes the
// production build it ships next to it (no dev warnings; framework chunk 94.2 instead of 94.8 KB gzip).
const require = createRequire(import.meta.url);
const routerDir = dirname(
  createRequire(require.resolve('react-router-dom/package.json')).resolve('react-router/package.json'),
);
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];

const serverBuild: BuildEnvironmentOptions = {
  outDir: 'dist/server',
  emptyOutDir: true,
  target: 'node20',
  rollupOptions: {
    input: { 'entry-server': 'src/entry-server.tsx', index: 'server/index.ts', main: 'server/main.ts' },
    output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
};

const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist/client',
  emptyOutDir: true,
  manifest: true,
  target: 'es2022',
  rollupOptions: {
    input: { app: 'src/entry-client.tsx' },
    output: {
      // React, React DOM (with its scheduler) and React Router change rarely: one long-cached chunk, measured apart
      // from the app's code. The widget's Preact is not in it: the widget loads on demand with its own chunk.
      codeSplitting: {
        groups: [
          {
            name: 'framework',
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            priority: 2,
          },
          // Everything else the entry imports statically (SDK, route table, header, providers) in one chunk with the
          // entry: without it the bundler splits what the lazy chunks share with the entry into eight small chunks,
          // which compress worse apart (per route 2 KB gzip more) and cost eight requests on every page.
          { name: 'shop', tags: ['$initial'], priority: 1 },
          // The product form's small modules (1-1.5 KB each) and its toast call, which the product and configurator
          // pages share: one chunk instead of five, so the product route preloads 9 scripts instead of 13; on a phone
          // each request before the first paint delays it (decisions.md, "Product page: fewer, larger chunks").
          {
            name: 'productform',
            test: /storefront[\\/]src[\\/](features[\\/]product[\\/](VariantPicker|quantity|cartErrorText|addToCartBody|configuredByGenerator)|data[\\/]variants|chrome[\\/]showToast)\./,
            priority: 0,
          },
          // What every page with product cards or a product view shares (wish-list button, the picture's alt text,
          // the price note): one chunk, not small ones before the first paint.
          {
            name: 'productshared',
            test: /storefront[\\/]src[\\/](features[\\/](wishlist[\\/]WishlistButton|product[\\/]pictureAlt|prices[\\/]PriceNote)|data[\\/]trackItem)\./,
            priority: 0,
          },
          // The wrappers of the product grid and the widget slots that hydrate from their own chunks (home and product
          // show both): one chunk instead of two small ones. Each makes its part (and requests its chunk) when a page
          // first renders it, so a page with only one of them loads no code of the other.
          {
            name: 'deferredparts',
            test: /storefront[\\/]src[\\/]features[\\/](catalogue[\\/]deferredProductGrid|widget[\\/]deferredWidgetSlot)\./,
            priority: 0,
          },
          // The SDK services no first view uses (src/sdk/: checkout, orders, content, the image upload; the SDK's
          // core is in the entry): one chunk for the pages and loaders that make them, not a request per service.
          {
            name: 'sdkservices',
            test: /(storefront[\\/]src[\\/]sdk[\\/]\w+|sdk[\\/]src[\\/]services[\\/](checkoutService|orderService|contentService|couponService|cartImageUpload))\./,
            priority: 0,
          },
        ],
      },
    },
  },
};

// Hashed text files are compressed once, at build time, at the best levels (brotli 11, gzip 9); the server sends
// `name.br` / `name.gz` as they are (@fastify/static `preCompressed`) instead of compressing every response at a
// fast level (framework chunk: 83.7 KB at brotli 11 against 92.0 KB at brotli 5).
const precompress: Plugin = {
  name: 'lp-precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = join(options.dir ?? clientBuild.outDir ?? 'dist/client', 'assets');
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue;
      const body = readFileSync(join(dir, name));
      if (body.length < 1024) continue;
      const quality = {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      };
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body, { params: quality }));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    }
  },
};

// One config for both builds: `vite build` makes the browser bundle (hashed, with a manifest the server reads
// for script, style and preload tags); `vite build --ssr` makes the Node server and the render module.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), precompress],
  // Workspace packages resolve to their TypeScript sources (no package build needed first).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: isSsrBuild ? [] : productionRouter,
  },
  ssr: {
    noExternal: [/^@lp\//],
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['node'] },
  },
  build: isSsrBuild ? serverBuild : clientBuild,
}));
