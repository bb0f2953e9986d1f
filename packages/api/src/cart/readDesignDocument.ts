/**
 * How deep a design document may nest. The editor's format (docs/reference/print-editor.md) is three levels deep
 * (document, items, item); a hostile one 5,000 levels deep parses, but writing it back out overflows the stack, so
 * the order's designs would answer 500 for good.
 */
export const MAX_DESIGN_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') deepest = Math.max(deepest, ++depth);
    else if (ch === ']' || ch === '}') depth--;
  }
  return deepest;
}

/**
 * The `Design-Dokument` attribute as a value: a JSON object or array nested at most {@link MAX_DESIGN_DEPTH} deep,
 * else undefined. The add refuses what this refuses; the order's designs read older lines through it too.
 */
export function readDesignDocument(text: string): object | undefined {
  if (nestingDepth(text) > MAX_DESIGN_DEPTH) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
