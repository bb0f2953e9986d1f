/** Longest input the plate rules look at; anything longer is rejected before any work is done. */
export const MAX_INPUT_LENGTH = 64;

/** Hyphens and dashes a shopper may type between the parts (keyboard, autocorrect, copy and paste). */
const SEPARATOR = /[\s\-‐‑‒–—_]/u;

/**
 * Upper-cases character by character, so 'ß' stays 'ß' (and is then rejected) instead of becoming 'SS',
 * and composes typed umlauts ('O' + U+0308) into 'Ö'. Compatibility forms are folded too (NFKC): full-width
 * 'Ｂ－ＡＢ　１２３' from an East Asian input method is the shopper's 'B-AB 123', not "unzulässige Zeichen".
 */
export function upperPlateChars(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC')) {
    const up = ch.toUpperCase();
    out += up.length === 1 ? up : ch;
  }
  return out;
}

export interface NormalisedInput {
  /** Characters without separators, upper case. */
  compact: string;
  /** Indexes into `compact` before which the shopper typed a separator (runs of separators count once). */
  breaks: number[];
}

/** Splits typed text into its characters and the places where the shopper separated the parts. */
export function normalisePlateInput(text: string): NormalisedInput {
  const upper = upperPlateChars(text.trim());
  let compact = '';
  const breaks: number[] = [];
  for (const ch of upper) {
    if (SEPARATOR.test(ch)) {
      if (compact.length > 0 && breaks[breaks.length - 1] !== compact.length) breaks.push(compact.length);
    } else {
      compact += ch;
    }
  }
  return { compact, breaks };
}

/** Spellings of umlauts on keyboards without them. */
const ASCII_UMLAUTS: ReadonlyArray<readonly [string, string]> = [
  ['AE', 'Ä'],
  ['OE', 'Ö'],
  ['UE', 'Ü'],
];

/**
 * Every reading of `text` with some of its AE/OE/UE written as Ä/Ö/Ü (the plain text excluded).
 * @example
 * umlautReadings('TOEL'); // ['TÖL']
 */
export function umlautReadings(text: string): string[] {
  const results = new Set<string>();
  const walk = (done: string, rest: string, changed: boolean) => {
    if (rest.length === 0) {
      if (changed) results.add(done);
      return;
    }
    const pair = ASCII_UMLAUTS.find(([ascii]) => rest.startsWith(ascii));
    if (pair) walk(done + pair[1], rest.slice(2), true);
    walk(done + rest[0], rest.slice(1), changed);
  };
  // Districts have at most 3 letters, so at most 6 typed characters; longer text has no reading worth trying.
  if (text.length <= 8) walk('', text, false);
  return [...results];
}
