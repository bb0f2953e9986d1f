// Injected into the classic-script chunks (esbuild `inject` + `define`): `import.meta.url` does not exist in a
// classic script, so it becomes the URL of the chunk's own <script>, read while the chunk runs.
export const importMetaUrl: string =
  (typeof document !== 'undefined' && (document.currentScript as HTMLScriptElement | null)?.src) ||
  (typeof location !== 'undefined' ? location.href : 'http://localhost/');
