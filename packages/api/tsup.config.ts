import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
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
