// The photo code of the print editor (src/editor/io/uploadPickedImage.ts: format sniffing, the pixel-bomb guard,
// re-encoding without metadata) runs only once a shopper picks a picture, so the editor imports it with `import()`.
// Vite (the storefront) and tsup's module build split that import into a chunk of their own. The script-tag build
// bundles each chunk into one file without shared chunks (tsup.config.ts), so there this import is left to the
// browser instead, as `import('./lp-editor-photo.js')`: resolved against lp-editor.js's own URL, so it comes from
// the same folder (and release) as lp-editor.js, under the same `script-src`, and carries the same nonce.

/** The file of the script-tag build that holds the photo code (built from src/editorPhotoChunk.ts). */
export const PHOTO_CHUNK_FILE = 'lp-editor-photo.js';

/**
 * esbuild plugin: the editor's dynamic import of `io/uploadPickedImage` becomes the external
 * `./lp-editor-photo.js`. Static imports of the module (tests, the photo chunk's own entry) are left alone.
 *
 * @returns {import('esbuild').Plugin}
 */
export function editorPhotoChunkPlugin() {
  return {
    name: 'lp-editor-photo-chunk',
    setup(build) {
      build.onResolve({ filter: /[\\/]io[\\/]uploadPickedImage$/ }, (args) =>
        args.kind === 'dynamic-import' ? { path: `./${PHOTO_CHUNK_FILE}`, external: true } : undefined,
      );
    },
  };
}
