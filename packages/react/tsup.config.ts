import { type Options, defineConfig } from 'tsup';

// No `clean`: the two builds run at the same time, and each one's declaration build would delete every .d.ts and
// .d.cts in dist, the other's too (a race that failed builds with ENOENT). The build script empties dist first.
const shared: Options = {
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  target: 'es2022',
  // Hooks and context: client code for React Server Components frameworks (every file, chunks included).
  banner: { js: "'use client';" },
};

export default defineConfig([
  {
    ...shared,
    // ESM keeps one module per source file (esbuild splits shared code into chunks): a bundler that splits an app
    // by route then puts the plate rules of usePlateCheck and the element wrappers only into the routes that use
    // them. As one file, they went into the chunk of every route reaching LpProvider (+20 KB gzip each in
    // Next.js and React Router 7 builds).
    entry: ['src/**/*.ts'],
    format: 'esm',
    splitting: true,
  },
  {
    ...shared,
    entry: { index: 'src/index.ts' },
    format: 'cjs',
  },
]);
