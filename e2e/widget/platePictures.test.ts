import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PLATE_SIZES, type PlateKind, renderPlateSvg } from '@lp/sdk/plates';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { ROOT } from './widgetWorld';

const ARTIFACTS = join(ROOT, 'e2e/.artifacts/plates');
const KINDS: PlateKind[] = ['standard', 'E', 'H', 'season', 'H+season', 'E+season'];
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('plate pictures in Chromium', () => {
  it('renders every size and every kind; the PNGs are saved and not blank', async () => {
    const plates = PLATE_SIZES.flatMap((size) =>
      KINDS.map((kind) => {
        const freeText = size.id === 'parkplatz';
        const text = freeText ? 'Reserviert' : 'B-MW 1234';
        return {
          name: `${size.id}-${kind.replace('+', '-')}`,
          svg: renderPlateSvg({
            text,
            kind,
            size: size.id,
            season: { start: 4, end: 10 },
            freeText,
            title: text,
          }),
        };
      }),
    );
    const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:#fff">${plates
        .map((plate) => `<div id="p-${plate.name}" style="width:600px;padding:4px">${plate.svg}</div>`)
        .join('')}</body></html>`,
    );
    for (const plate of plates) {
      const element = page.locator(`#p-${plate.name.replace(/[^a-z0-9-]/gi, '\\$&')} svg`);
      await element.screenshot({ path: join(ARTIFACTS, `${plate.name}.png`) });
    }
    // Non-blank: the share of clearly dark pixels (lettering, band) of each picture, measured in the page.
    const inked = await page.evaluate(async () => {
      const results: Record<string, number> = {};
      for (const svg of document.querySelectorAll('svg')) {
        const id = (svg.parentElement as HTMLElement).id;
        const box = svg.getBoundingClientRect();
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(box.width);
        canvas.height = Math.round(box.height);
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4)
          if ((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255) < 300) dark++;
        results[id] = dark / (data.length / 4);
      }
      return results;
    });
    expect(Object.keys(inked)).toHaveLength(PLATE_SIZES.length * KINDS.length);
    for (const [id, share] of Object.entries(inked)) {
      expect(share, id).toBeGreaterThan(0.02);
      expect(share, id).toBeLessThan(0.9);
    }
    await page.close();
  });
});
