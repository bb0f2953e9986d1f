import { Image as NapiImage, createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEditorStore } from '../../store/editorStore';
import { createImageCache } from '../imageCache';
import { createKonvaMeasure } from '../konvaMeasure';
import { renderDocument } from '../renderDocument';
import { type loadNodeImage, pixelAt, useNapiCanvas } from './konvaNode';

beforeAll(() => useNapiCanvas());

async function png(canvas: HTMLCanvasElement) {
  const bytes = (canvas as unknown as { encode(f: 'png'): Promise<Buffer> }).encode('png');
  const image = new NapiImage();
  image.src = await bytes;
  return image;
}

describe('renderDocument (Konva in Node with @napi-rs/canvas)', () => {
  it('exports a 6056 x 300 PNG with the default black background', async () => {
    const canvas = await renderDocument(createEditorStore().getState().doc);
    const image = await png(canvas);
    expect([image.width, image.height]).toEqual([6056, 300]);
    expect(pixelAt(canvas, 10, 10)).toEqual([0, 0, 0, 255]);
    expect(pixelAt(canvas, 6050, 290)).toEqual([0, 0, 0, 255]);
  });

  it('fills the background colour and draws white text where the item is', async () => {
    const store = createEditorStore();
    store.dispatch('setBackground', { color: '#ff0000' });
    store.dispatch('addText', { value: 'MMMM', id: 't' });
    store.dispatch('updateStyle', { font_size: 280 });
    store.dispatch('alignLeft');
    const canvas = await renderDocument(store.getState().doc);
    expect(pixelAt(canvas, 5000, 150)).toEqual([255, 0, 0, 255]);
    // Some pixel inside the text box is (near) white: the glyphs are drawn, not the background.
    const item = store.getState().doc.items[1]!;
    let whiteish = 0;
    for (let x = item.left; x < item.left + item.width; x += 7) {
      for (let y = item.top; y < Math.min(300, item.top + item.height); y += 7) {
        const [r, g, b] = pixelAt(canvas, Math.round(x), Math.round(y));
        if (r > 200 && g > 200 && b > 200) whiteish++;
      }
    }
    expect(whiteish).toBeGreaterThan(20);
  });

  it('draws icons in their colour at their place and nothing where no item is', async () => {
    const store = createEditorStore();
    store.dispatch('addIcon', { value: 'shield' });
    store.dispatch('updateStyle', { color: '#00ff00' });
    store.dispatch('alignRight');
    const canvas = await renderDocument(store.getState().doc);
    // The shield is solid around its centre (grid 12,10 of 24 -> 100, 83 px into a 200 px icon).
    const icon = store.getState().doc.items[0]!;
    expect(pixelAt(canvas, Math.round(icon.left + 100), Math.round(icon.top + 83))).toEqual([0, 255, 0, 255]);
    expect(pixelAt(canvas, 1000, 150)).toEqual([0, 0, 0, 255]);
  });

  it('draws an uploaded image, rotated items and paint order', async () => {
    const source = createCanvas(20, 10);
    const ctx = source.getContext('2d');
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(0, 0, 20, 10);
    const url = 'https://cdn.example/blue.png';
    const images = createImageCache(
      async () => source as unknown as Awaited<ReturnType<typeof loadNodeImage>>,
    );
    const store = createEditorStore();
    store.dispatch('addImage', { url, aspect: 2, id: 'img' });
    store.dispatch('moveTo', { left: 100, top: 50 });
    const canvas = await renderDocument(store.getState().doc, images);
    expect(pixelAt(canvas, 300, 150)).toEqual([0, 0, 255, 255]);
    expect(pixelAt(canvas, 510, 150)).toEqual([0, 0, 0, 255]);

    store.dispatch('rotate', { rotation: 90 });
    const rotated = await renderDocument(store.getState().doc, images);
    // 400 x 200 turned around its centre (300, 150) becomes 200 x 400: x 450 is now outside.
    expect(pixelAt(rotated, 450, 150)).toEqual([0, 0, 0, 255]);
    expect(pixelAt(rotated, 300, 20)).toEqual([0, 0, 255, 255]);
  });

  it('keeps drawing when an image fails to load', async () => {
    const images = createImageCache(async () => {
      throw new Error('404');
    });
    const store = createEditorStore();
    store.dispatch('addImage', { url: 'https://cdn.example/missing.png', aspect: 1 });
    const canvas = await renderDocument(store.getState().doc, images);
    expect(canvas.width).toBe(6056);
  });
});

describe('alignment as printed', () => {
  it('ends right-aligned Rubik text at the 6041 edge and starts left-aligned text at 15', async () => {
    // The editor measures with Konva itself, so the box it aligns is the box that is drawn.
    const store = createEditorStore({ measure: createKonvaMeasure() });
    store.dispatch('setBackground', { color: '#1d3557' });
    store.dispatch('addText', { value: 'Autohaus Müller' });
    store.dispatch('alignLeft');
    store.dispatch('addText', { value: '0123 456789' });
    store.dispatch('alignRight');
    const canvas = await renderDocument(store.getState().doc);
    const LP_EDITOR_SAMPLE = process.env.LP_EDITOR_SAMPLE; // set it to a path to look at the picture
    if (LP_EDITOR_SAMPLE) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        LP_EDITOR_SAMPLE,
        await (canvas as unknown as { encode(f: 'png'): Promise<Buffer> }).encode('png'),
      );
    }
    const inkInColumns = (from: number, to: number) => {
      let ink = 0;
      for (let x = from; x < to; x++) {
        for (let y = 60; y < 240; y += 3) if (pixelAt(canvas, x, y)[0] > 200) ink++;
      }
      return ink;
    };
    expect(inkInColumns(6000, 6041)).toBeGreaterThan(0);
    expect(inkInColumns(6046, 6056)).toBe(0);
    expect(inkInColumns(15, 60)).toBeGreaterThan(0);
    expect(inkInColumns(0, 10)).toBe(0);
  });
});
