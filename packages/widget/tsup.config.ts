import { copyFile, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Plugin, transform } from 'esbuild';
import { type Options, defineConfig } from 'tsup';
import { editorPhotoChunkPlugin } from './build/editorPhotoChunk.mjs';
import { sharedModulesPlugin } from './build/sharedModulesPlugin';

/**
 * Minifies the CSS held in template literals of `*Styles.ts` modules (the shadow-root stylesheets), so the
 * script-tag build does not ship indentation and comments. Literals with `${` are left alone.
 */
const minifyStyleModules: Plugin = {
  name: 'minify-style-modules',
  setup(build) {
    build.onLoad({ filter: /[\\/]\w*[sS]tyles\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const literals = [...source.matchAll(/`([^`$\\]*)`/g)];
      let output = source;
      for (const [whole, css = ''] of literals) {
        const { code } = await transform(css, { loader: 'css', minify: true });
        // esbuild keeps the space after a var()'s comma; before its fallback value it means nothing.
        const minified = code.trim().replace(/(var\(--[\w-]+),\s+/g, '$1,');
        output = output.replace(whole, JSON.stringify(minified));
      }
      return { contents: output, loader: 'ts' };
    });
  },
};

// Workspace packages resolve to their TypeScript sources, so the bundles never depend on another package's dist.
const shared: Options = {
  target: 'es2020',
  sourcemap: false,
  clean: false,
  esbuildPlugins: [minifyStyleModules],
  esbuildOptions(options) {
    options.conditions = ['source'];
  },
};

export default defineConfig([
  // For bundlers and Node: `@lp/widget` and `@lp/widget/editor`, ES modules and CommonJS (`require` in SSR
  // frameworks), dependencies external, with types.
  {
    ...shared,
    // `types`: the element typings alone (an empty module), for @lp/react and plain TypeScript.
    entry: { index: 'src/index.ts', editor: 'src/editorChunk.ts', types: 'src/types/index.ts' },
    format: ['esm', 'cjs'],
    esbuildOptions(options, { format }) {
      options.conditions = ['source'];
      if (format !== 'cjs') return;
      options.inject = ['build/cjsImportMetaUrl.ts'];
      options.define = { ...options.define, 'import.meta.url': 'cjsImportMetaUrl' };
    },
    dts: true,
    splitting: true,
    treeshake: true,
  },
  // The script-tag build: one classic script (it reads its own tag's data-*), Preact and the SDK bundled, the
  // chunks left out (loaded by URL).
  {
    ...shared,
    entry: { 'lp-widget': 'src/scriptTag.ts' },
    format: ['iife'],
    noExternal: [/.*/],
    // esbuild folds syntax and renames, then Terser (tsup's own option) packs the file: about 900 B gzip smaller
    // than esbuild's minifier alone, the room the cart badge, `LpWidget.ready`/`cart`, the dealer id and the
    // origin check need under the 20 KB budget (DESIGN 7).
    minify: 'terser',
    minifySyntax: true,
    minifyIdentifiers: true,
    terserOptions: { ecma: 2020, compress: { passes: 3 } },
    // Drops the listener-spelling check of src/elements/defineElement.ts: no room under the 20 KB budget.
    define: { LP_SCRIPT_TAG_BUILD: 'true' },
    outExtension: () => ({ js: '.js' }),
  },
  // The lazy chunks of the script-tag build: ES modules next to lp-widget.js, which loads them with `import()`
  // (src/plates/loadChunk.ts: no Trusted Types sink), each one file (no shared chunks) that registers its exports.
  // They reuse lp-widget.js's Preact, SDK registry and element helper instead of bundling copies (see
  // src/shared/sharedModuleNames.ts). `import.meta.url` (the editor finds its font with it) is the chunk's own URL.
  // lp-editor.js leaves its photo code to lp-editor-photo.js, imported when a picture is picked
  // (build/editorPhotoChunk.mjs).
  {
    ...shared,
    entry: {
      'lp-plates': 'src/plates/platesChunk.ts',
      'lp-editor': 'src/editorScriptChunk.ts',
      'lp-editor-photo': 'src/editorPhotoChunk.ts',
    },
    format: ['esm'],
    splitting: false,
    noExternal: [/.*/],
    minify: true,
    esbuildPlugins: [sharedModulesPlugin(resolve('src')), editorPhotoChunkPlugin(), minifyStyleModules],
    outExtension: () => ({ js: '.js' }),
    esbuildOptions(options) {
      options.conditions = ['source'];
    },
    // The editor's font (Rubik, self-hosted) and its licence sit beside the chunks (dist/editor.js and
    // dist/lp-editor.js find it with `new URL('./rubik-latin-400-normal.woff2', import.meta.url)`).
    onSuccess: async () => {
      for (const file of ['rubik-latin-400-normal.woff2', 'rubik-OFL-1.1.txt'])
        await copyFile(`src/editor/fonts/${file}`, `dist/${file}`);
    },
  },
  // The optional loader stub (< 1 KB).
  {
    ...shared,
    entry: { 'lp-loader': 'src/loader.ts' },
    format: ['iife'],
    minify: true,
    outExtension: () => ({ js: '.js' }),
  },
]);
