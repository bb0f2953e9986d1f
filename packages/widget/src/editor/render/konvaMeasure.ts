import type { TextMeasurer } from '../model/textMetrics';
import { Text } from './konvaParts';

/**
 * Measures text exactly as Konva will draw it (same font string, same canvas), cached because the store
 * re-measures every text item after each command. Create a new one after a font finished loading.
 */
export function createKonvaMeasure(): TextMeasurer {
  const cache = new Map<string, number>();
  const probe = new Text({ wrap: 'none', padding: 0, lineHeight: 1 });
  return (text, fontFamily, fontSize) => {
    const key = `${fontFamily}|${fontSize}|${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      probe.setAttrs({ text, fontFamily, fontSize });
      width = probe.getTextWidth();
      if (cache.size > 2000) cache.clear();
      cache.set(key, width);
    }
    return width;
  };
}
