import { defineConfig } from 'tsup';

export default defineConfig({
  // The embedded database's thread is its own module beside the bundle (pgliteDb.ts starts it by URL).
  entry: { index: 'src/index.ts', cli: 'src/cli.ts', pgliteServer: 'src/db/pgliteServer.js' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  // The SDK's contract and rules are bundled from source, so dist runs without building the SDK first.
  noExternal: ['@lp/sdk'],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
});
