import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cart: 'src/cart.ts',
    catalogue: 'src/catalogue.ts',
    account: 'src/account.ts',
    contract: 'src/contract/index.ts',
    // Server-side schemas (TypeBox values), a separate entry so browser bundles never load them.
    'contract/schemas': 'src/contract/schemas/index.ts',
    validation: 'src/validation/index.ts',
    plates: 'src/plates/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  treeshake: true,
  target: 'es2022',
});
