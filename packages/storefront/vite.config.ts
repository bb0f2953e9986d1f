import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import {
  type BuildEnvironmentOptions,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
} from 'vite';

// react-router's package exports point every bundler at its development build; the browser bundle takes the
// production build it ships next to it (no dev warnings, ~25% smaller).
const require = createRequire(import.meta.url);
const routerDir = dirname(
  createRequire(require.resolve('react-router-dom/package.json')).resolve('react-router/package.json'),
);
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];

// DESIGN 7 (95 KB initial JS per route): the browser hydrates the React-rendered HTML with Preact through its
// React compatibility layer (React DOM alone is ~60 KB gzip). The server keeps rendering with React; src/compat
// restores React behaviour preact/compat lacks (server snapshots while hydrating, controlled fields, React's image
// preloads); docs/reference/decisions.md lists what was checked.
// Exact matches only: react-dom/server (server build) stays React.
const compatDir = join(import.meta.dirname, 'src', 'compat');
const preactCompat = [
  { find: /^react$/, replacement: join(compatDir, 'react.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: join(compatDir, 'reactDomClient.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
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
      // Preact (as React) and React Router change rarely: one long-cached chunk, measured apart from the app's code.
      advancedChunks: {
        groups: [
          {
            name: 'framework',
            // src/compat is the `react` the router imports: it belongs with it (no chunk cycle).
            test: /[\\/]node_modules[\\/](preact|react-router|react-router-dom)[\\/]|[\\/]src[\\/]compat[\\/]/,
          },
        ],
      },
    },
  },
};

// One config for both builds: `vite build` makes the browser bundle (hashed, with a manifest the server reads
// for script, style and preload tags); `vite build --ssr` makes the Node server and the render module.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources (no package build needed first).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: isSsrBuild ? [] : [...preactCompat, ...productionRouter],
  },
  ssr: {
    noExternal: [/^@lp\//],
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['node'] },
  },
  build: isSsrBuild ? serverBuild : clientBuild,
}));
