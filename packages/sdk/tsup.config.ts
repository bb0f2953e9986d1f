import { type Options, defineConfig } from 'tsup';

const library: Options = {
  entry: {
    index: 'src/index.ts',
    cart: 'src/cart.ts',
    compose: 'src/compose.ts',
    catalogue: 'src/catalogue.ts',
    account: 'src/account.ts',
    dealer: 'src/dealer.ts',
    contract: 'src/contract/index.ts',
    // Server-side schemas (TypeBox values), a separate entry so browser bundles never load them.
    'contract/schemas': 'src/contract/schemas/index.ts',
    validation: 'src/validation/index.ts',
    plates: 'src/plates/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  // Both builds run at once: this one leaves the browser build's folder to it.
  clean: ['!browser/**'],
  sourcemap: true,
  treeshake: true,
  target: 'es2022',
};

/**
 * `dist/browser/sdk.js`: the main entry as one minified ES module with zustand bundled in, for a page without a
 * bundler (`<script type="module">import { createSdk } from '…/sdk/<version>/sdk.js'`; the storefront serves it
 * under that path). A page cannot resolve bare specifiers, so nothing stays external.
 */
export const browserBuild: Options = {
  entry: { sdk: 'src/index.ts' },
  outDir: 'dist/browser',
  format: ['esm'],
  outExtension: () => ({ js: '.js' }),
  platform: 'browser',
  noExternal: [/./],
  splitting: false,
  minify: true,
  // zustand's MIT notice travels with its code: scripts/bundleLicences.mjs writes the file next to sdk.js.
  banner: { js: '/*! @lp/sdk (MIT) and the code it bundles: licences in sdk.js.LICENSE.txt */' },
  sourcemap: true,
  dts: false,
  clean: true,
  target: 'es2022',
};

export default defineConfig([library, browserBuild]);
