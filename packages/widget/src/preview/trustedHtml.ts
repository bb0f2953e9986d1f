/** The browser's Trusted Types factory (not in TypeScript's DOM types yet); absent in browsers without them. */
declare const trustedTypes: {
  createPolicy(
    name: string,
    rules: { createHTML(text: string): string },
  ): { createHTML(html: string): unknown };
};

/** The widget's Trusted Types policy, made on first use; `null` where there is none (no Trusted Types, or refused). */
let policy: { createHTML(html: string): unknown } | null | undefined;

/**
 * Our own renderer's markup for `innerHTML`: a `TrustedHTML` where the browser has Trusted Types, so a page that
 * enforces them (`require-trusted-types-for 'script'`) takes it; the string itself elsewhere. The policy is named
 * `lp-widget`: a page that lists its allowed policies (`trusted-types …`) adds that name. It passes the text
 * through, so it stays in this module and is only given {@link PlatePreview}'s SVG, whose one piece of shopper
 * text (the `<title>`) the renderer escapes. A page that refuses the name gets the string (and the browser's
 * own "requires 'TrustedHTML'" error).
 */
export function trustedHtml(html: string): string {
  if (policy === undefined)
    try {
      policy = trustedTypes.createPolicy('lp-widget', { createHTML: (text: string) => text });
    } catch {
      policy = null;
    }
  return (policy?.createHTML(html) as string | undefined) ?? html;
}
