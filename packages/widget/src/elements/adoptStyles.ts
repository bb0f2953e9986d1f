/** CSS for a shadow root: a ready stylesheet, CSS text, or several of them in order. */
export type ElementStyles = CSSStyleSheet | string | ReadonlyArray<CSSStyleSheet | string>;

/** One constructed sheet per CSS text, shared by every instance (adopted sheets are not copied per root). */
const sheets = new Map<string, CSSStyleSheet>();

function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function'
  );
}

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

function cssText(sheet: CSSStyleSheet): string {
  return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
}

/**
 * Styles a shadow root. Constructable stylesheets need no `style-src 'unsafe-inline'` under a strict CSP and are
 * parsed once per page; where they are missing (old Safari, jsdom) the CSS text is returned so the caller renders
 * it as a `<style>` element inside the shadow root.
 *
 * @returns `null` when the sheets were adopted, else the CSS text to render.
 */
export function adoptStyles(root: ShadowRoot, styles: ElementStyles): string | null {
  const list = Array.isArray(styles) ? styles : [styles as CSSStyleSheet | string];
  if (supportsAdoptedSheets(root)) {
    root.adoptedStyleSheets = [
      ...root.adoptedStyleSheets,
      ...list.map((item) => (typeof item === 'string' ? sheetFor(item) : item)),
    ];
    return null;
  }
  return list.map((item) => (typeof item === 'string' ? item : cssText(item))).join('\n');
}
