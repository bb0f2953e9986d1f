import type { DesignItem } from './designTypes';

/** Measures the advance width of a text run at a font size (without letter spacing). */
export type TextMeasurer = (text: string, fontFamily: string, fontSize: number) => number;

/**
 * Width estimate used where no canvas is at hand (unit tests, Node): Rubik's average advance is about 0.58 em.
 * The browser editor replaces it with canvas measureText so alignment is exact.
 */
export const estimateTextWidth: TextMeasurer = (text, _fontFamily, fontSize) =>
  Array.from(text).length * fontSize * 0.58;

/** Width of a text or emoji item including letter spacing, as Konva draws it. */
export function measureItemWidth(item: DesignItem, measure: TextMeasurer): number {
  const glyphs = Array.from(item.value).length;
  const base = measure(item.value, item.font_family, item.font_size);
  // Konva adds the spacing between glyphs, not after the last one.
  return Math.max(1, Math.round(base + item.letter_spacing * Math.max(0, glyphs - 1)));
}

/**
 * Recomputes the box of text-like items (text, smile) after a command changed them; keeps the document
 * reference when nothing changed so renders and history stay cheap.
 */
export function applyTextMetrics<T extends { items: DesignItem[] }>(doc: T, measure: TextMeasurer): T {
  let changed = false;
  const items = doc.items.map((item) => {
    if (item.type !== 'text' && item.type !== 'smile') return item;
    const width = measureItemWidth(item, measure);
    const height = item.font_size;
    if (width === item.width && height === item.height) return item;
    changed = true;
    return { ...item, width, height };
  });
  return changed ? { ...doc, items } : doc;
}
