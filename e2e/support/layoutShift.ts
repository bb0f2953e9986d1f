// Cumulative layout shift as the browser reports it (PerformanceObserver 'layout-shift'), for browser tests.
import type { Page } from 'playwright-core';

/** One layout shift: its score and the elements that moved (tag#id.class, inside shadow roots too). */
export interface ShiftEntry {
  value: number;
  time: number;
  sources: string[];
}

declare global {
  interface Window {
    __lpShifts?: ShiftEntry[];
  }
}

/**
 * Starts recording layout shifts from the first paint of every page the `page` opens (call before `goto`).
 * Shifts right after user input are left out, as CLS does.
 *
 * @example
 * await recordLayoutShifts(page);
 * await page.goto(url);
 * const { cls, entries } = await readLayoutShifts(page);
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: ShiftEntry[] = [];
    window.__lpShifts = shifts;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'unknown');
      const id = node.id ? `#${node.id}` : '';
      const classes = node.getAttribute('class')?.trim().split(/\s+/).slice(0, 2).join('.') ?? '';
      return `${node.localName}${id}${classes ? `.${classes}` : ''}`;
    };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          time: entry.startTime,
          sources: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far and their sum (every shift counted: stricter than CLS's worst session window). */
export async function readLayoutShifts(page: Page): Promise<{ cls: number; entries: ShiftEntry[] }> {
  const entries = await page.evaluate(() => window.__lpShifts ?? []);
  return { cls: entries.reduce((sum, entry) => sum + entry.value, 0), entries };
}
