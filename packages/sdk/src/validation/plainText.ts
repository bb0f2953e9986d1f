/**
 * Session 22 (decisions.md "Invisible line breaks and text-direction controls in text fields"): what no text field of
 * the shop takes, besides each field's own rule. A character-class body, for JSON-schema patterns (Ajv compiles them
 * with the `u` flag) and for RegExps with the `u` flag:
 * - C1 controls (U+0080-U+009F: NEL U+0085 breaks lines in some readers, CSI starts a terminal escape);
 * - the line and paragraph separators U+2028 and U+2029: line breaks, which a single line must not carry;
 * - the bidi embeddings and overrides U+202A-U+202E and isolates U+2066-U+2069: they reorder the text around them,
 *   so a company name could read differently on the parcel label, the invoice, the XRechnung and the operator's CSV
 *   than what was stored ("Trojan Source"). Arabic or Hebrew text needs none of them: the Unicode bidi algorithm
 *   orders it. The marks U+200E/U+200F/U+061C and the joiners U+200C/U+200D (Persian, Indic names, emoji) stay.
 * - lone UTF-16 surrogates (with the `u` flag, a well-formed pair, an emoji, is one code point and passes).
 */
const INVISIBLE = '\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069\\uD800-\\uDFFF';

/** One line of text: no C0 control (so no line feed or tab either) and nothing of {@link INVISIBLE}. */
export const SINGLE_LINE_PATTERN = `^[^\\u0000-\\u001F${INVISIBLE}]*$`;

/** Text of several lines: as {@link SINGLE_LINE_PATTERN}, but the line feed (U+000A) is how a line ends. */
export const MULTI_LINE_PATTERN = `^[^\\u0000-\\u0009\\u000B-\\u001F${INVISIBLE}]*$`;

const SINGLE_LINE = /* @__PURE__ */ new RegExp(SINGLE_LINE_PATTERN, 'u');

/**
 * True for a string that is one line of plain text: no control characters, no line or paragraph separator, no bidi
 * control, no lone surrogate. The API's single-line fields (names, addresses, company, order numbers, a cart line's
 * title) follow the same rule, so a form refuses what the API would refuse.
 *
 * @example
 * isSingleLineText('Müller & Söhne GmbH'); // true
 * isSingleLineText('شركة الأمل'); // true (Arabic orders itself, no controls needed)
 * isSingleLineText('Müller\u2028GmbH'); // false (a line separator)
 * isSingleLineText('\u202EHbmG rellüM'); // false (a right-to-left override)
 */
export const isSingleLineText = (value: unknown): boolean =>
  typeof value === 'string' && SINGLE_LINE.test(value);
