// A module of its own: the withdrawal form needs only this and the checkout only `isSingleLineText`, so neither page
// loads the other's code, nor a chunk shared by both (session 22, route sizes).

/**
 * A single-line field's text as the shopper saw it and as the API takes it: line breaks of any kind and other
 * controls (which an input shows as a space) become spaces, bidi controls and lone surrogates (which it shows as
 * nothing) go. For a form that must never refuse because of a character the screen did not show (the withdrawal).
 *
 * @example
 * asOneLine('Erika\u2028Musterfrau'); // 'Erika Musterfrau'
 * asOneLine('\u2066Müller GmbH\u2069'); // 'Müller GmbH'
 */
export const asOneLine = (value: string): string =>
  // A plain-JavaScript caller's non-string is no text: '' (publicSweep.test.ts).
  (typeof value === 'string' ? value : '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces.
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(
      /[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    );
