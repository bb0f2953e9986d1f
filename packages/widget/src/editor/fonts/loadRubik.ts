/**
 * Rubik, the editor's default font (spec 9), self-hosted: only the latin 400 woff2 of @fontsource/rubik (SIL OFL
 * 1.1, ./rubik-OFL-1.1.txt) is used, loaded with the FontFace API inside the editor chunk, so no third-party font
 * request is made.
 */

/**
 * Where the font is: the file beside this module. It sits next to the source (Vite and the storefront resolve it
 * from here) and the build copies it next to every built editor chunk (dist/editor.js, dist/lp-editor.js), so the
 * one relative URL holds in both and dist names no path outside the package (bundlers warn about such paths).
 */
export function rubikCandidates(explicit?: string): string[] {
  return [explicit ?? new URL('./rubik-latin-400-normal.woff2', import.meta.url).href];
}

/** A URL safe inside CSS url("..."): quotes, brackets and backslashes percent-encoded. */
export function cssUrl(url: string): string {
  return url.replace(/["'()\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);
}

let loading: Promise<boolean> | undefined;

/**
 * Resolves true once Rubik is usable, false when it could not load (text then falls back to sans-serif and the
 * editor keeps working). `url` is the element's `font-url` attribute.
 */
export function loadRubik(url?: string): Promise<boolean> {
  if (typeof document === 'undefined' || typeof FontFace === 'undefined') return Promise.resolve(false);
  loading ??= (async () => {
    for (const candidate of rubikCandidates(url)) {
      try {
        const face = new FontFace('Rubik', `url("${cssUrl(candidate)}") format("woff2")`, {
          weight: '400',
          style: 'normal',
          display: 'swap',
        });
        document.fonts.add(await face.load());
        return true;
      } catch {
        // try the next place
      }
    }
    loading = undefined; // allow a later retry
    return false;
  })();
  return loading;
}
