// Injected into the CommonJS build of `@lp/widget` and `@lp/widget/editor` (esbuild `inject` + `define`):
// `import.meta.url` does not exist in CommonJS, so it becomes the URL of the built file in dist/, where the
// editor's font lies (`new URL('./rubik-latin-400-normal.woff2', import.meta.url)`).
import { pathToFileURL } from 'node:url';

export const cjsImportMetaUrl: string = pathToFileURL(__filename).href;
