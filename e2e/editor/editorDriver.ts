// Interaction helpers for editor tests (CONVENTIONS: Pointer.downAt / Keyboard.undo instead of raw events).
import type { Locator, Page } from 'playwright-core';

const CANVAS_WIDTH = 6056;

/** The editor stage inside the element's open shadow root (Playwright's CSS pierces it). */
export function stageOf(page: Page): Locator {
  return page.locator('lp-print-editor .stage');
}

/** Pointer in canvas coordinates (0..6056 x 0..300), mapped onto the scaled stage on screen. */
export class Pointer {
  constructor(private readonly page: Page) {}

  private async toScreen(x: number, y: number) {
    const box = await stageOf(this.page).boundingBox();
    if (!box) throw new Error('editor stage not visible');
    const scale = box.width / CANVAS_WIDTH;
    return { x: box.x + x * scale, y: box.y + y * scale };
  }

  async downAt(x: number, y: number) {
    const p = await this.toScreen(x, y);
    await this.page.mouse.move(p.x, p.y);
    await this.page.mouse.down();
  }

  async moveTo(x: number, y: number, steps = 8) {
    const p = await this.toScreen(x, y);
    await this.page.mouse.move(p.x, p.y, { steps });
  }

  async up() {
    await this.page.mouse.up();
  }

  async clickAt(x: number, y: number) {
    await this.downAt(x, y);
    await this.up();
  }
}

export class Keyboard {
  constructor(private readonly page: Page) {}
  private get mod() {
    return process.platform === 'darwin' ? 'Meta' : 'Control';
  }
  undo = () => this.page.keyboard.press(`${this.mod}+z`);
  redo = () => this.page.keyboard.press(`${this.mod}+Shift+z`);
  press = (key: string) => this.page.keyboard.press(key);
}

/** The toolbar button of a registered command. */
export function tool(page: Page, command: string): Locator {
  return page.locator(`lp-print-editor [data-command="${command}"]`);
}

export interface StoredItem {
  id: string;
  type: string;
  active: boolean;
  value: string;
  left: number;
  top: number;
  width: number;
  height: number;
  rotation: number;
  color: string;
}

/** The design as the editor keeps it for a reload (localStorage). */
export async function storedDesign(
  page: Page,
  slot = 'printable-holder',
): Promise<{ items: StoredItem[] } | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), `lp-print-editor:${slot}`);
  return raw ? (JSON.parse(raw) as { items: StoredItem[] }) : null;
}

/** RGBA of a canvas point of the live stage (content layer = first canvas), in canvas coordinates. */
export async function stagePixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([cx, cy]) => {
      const host = document.querySelector('lp-print-editor')!;
      const canvas = host.shadowRoot!.querySelector('.stage canvas') as HTMLCanvasElement;
      const ratio = canvas.width / 6056;
      const data = canvas
        .getContext('2d')!
        .getImageData(Math.round(cx! * ratio), Math.round(cy! * ratio), 1, 1).data;
      return Array.from(data);
    },
    [x, y],
  );
}

/**
 * The phone's working view as a shopper sees it: the full 300 px height is always in view, so the scale is the
 * stage's height / 300; the "Ausschnitt" slider says which canvas x is at the left edge (0 when not zoomed).
 */
export async function phoneView(page: Page) {
  const box = await stageOf(page).boundingBox();
  if (!box) throw new Error('editor stage not visible');
  const pan = page.locator('lp-print-editor [data-view="pan"]');
  const left = (await pan.count()) > 0 ? Number(await pan.inputValue()) : 0;
  const scale = box.height / 300;
  return {
    box,
    left,
    scale,
    /** Canvas x at the view's right edge. */
    right: left + box.width / scale,
    toScreen: (x: number, y: number) => ({ x: box.x + (x - left) * scale, y: box.y + y * scale }),
  };
}

/** A finger on the touch screen (CDP touch events, as Chromium gets them from a phone). */
export class Finger {
  constructor(private readonly page: Page) {}

  /** Touches `from`, moves to `to` in `steps` and lifts (screen px). */
  async drag(from: { x: number; y: number }, to: { x: number; y: number }, steps = 10) {
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await touch('touchStart', [from]);
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      await touch('touchMove', [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }]);
    }
    await touch('touchEnd', []);
    await cdp.detach();
  }

  /**
   * Two fingers on either side of `centre` (screen px), `from` px apart, spread or closed to `to` px apart. With
   * `lead`, the left finger lands there first and moves alone to its place (a drag or resize begins), then the
   * right one lands.
   */
  async pinch(centre: { x: number; y: number }, from: number, to: number, lead?: { x: number; y: number }) {
    const steps = 10;
    const cdp = await this.page.context().newCDPSession(this.page);
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: { x: number; y: number; id: number }[],
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    const pair = (gap: number) => [
      { x: centre.x - gap / 2, y: centre.y, id: 0 },
      { x: centre.x + gap / 2, y: centre.y, id: 1 },
    ];
    const [first, second] = pair(from);
    if (lead) {
      await touch('touchStart', [{ ...lead, id: 0 }]);
      for (let i = 1; i <= 5; i++) {
        const t = i / 5;
        await touch('touchMove', [
          { x: lead.x + (first!.x - lead.x) * t, y: lead.y + (first!.y - lead.y) * t, id: 0 },
        ]);
      }
    }
    await touch('touchStart', [first!, second!]);
    for (let i = 1; i <= steps; i++) await touch('touchMove', pair(from + ((to - from) * i) / steps));
    await touch('touchEnd', [pair(to)[0]!]);
    await touch('touchEnd', []);
    await cdp.detach();
  }
}

/**
 * The selection handles a shopper sees: the white dots the Transformer draws on the stage's UI layer (its second
 * canvas; borders are blue, guides pink), as page coordinates of their centres with their visible pixel counts.
 */
export async function handleDots(page: Page): Promise<{ x: number; y: number; pixels: number }[]> {
  const box = await stageOf(page).boundingBox();
  if (!box) throw new Error('editor stage not visible');
  const dots = await page.evaluate(() => {
    const root = document.querySelector('lp-print-editor')!.shadowRoot!;
    const canvas = root.querySelectorAll('.stage canvas')[1] as HTMLCanvasElement;
    const ratio = canvas.width / canvas.clientWidth;
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    // Connected white areas (each dot's inside), by flood fill.
    const white = (i: number) =>
      data[i * 4 + 3]! >= 200 && data[i * 4]! >= 230 && data[i * 4 + 1]! >= 230 && data[i * 4 + 2]! >= 230;
    const seen = new Uint8Array(width * height);
    const found: { sx: number; sy: number; n: number }[] = [];
    for (let start = 0; start < width * height; start++) {
      if (seen[start] || !white(start)) continue;
      const dot = { sx: 0, sy: 0, n: 0 };
      const stack = [start];
      seen[start] = 1;
      while (stack.length) {
        const i = stack.pop()!;
        const x = i % width;
        const y = (i - x) / width;
        dot.sx += x;
        dot.sy += y;
        dot.n++;
        for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width])
          if (j >= 0 && j < width * height && !seen[j] && white(j)) {
            seen[j] = 1;
            stack.push(j);
          }
      }
      found.push(dot);
    }
    return found.map((d) => ({ x: d.sx / d.n / ratio, y: d.sy / d.n / ratio, pixels: d.n / ratio / ratio }));
  });
  return dots.filter((d) => d.pixels > 20).map((d) => ({ ...d, x: box.x + d.x, y: box.y + d.y }));
}

/** A 400 x 200 green SVG as a file input takes it: a picture the editor accepts and uploads. */
export const GREEN_SVG = {
  name: 'logo.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#00ff00"/></svg>',
  ),
};
