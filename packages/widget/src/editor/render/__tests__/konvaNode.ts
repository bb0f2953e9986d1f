import { fileURLToPath } from 'node:url';
import { createCanvas, DOMMatrix, GlobalFonts, Image, loadImage, Path2D } from '@napi-rs/canvas';
import { Konva } from '../konvaParts';
import type { ImageLoader } from '../imageCache';

/**
 * Konva in Node needs a canvas implementation; this mirrors konva/lib/index-node (which expects node-canvas) with
 * @napi-rs/canvas, so the renderer's real drawing code runs in unit tests.
 */
export function useNapiCanvas(): void {
  const g = globalThis as unknown as { DOMMatrix?: unknown; Path2D?: unknown };
  g.DOMMatrix ??= DOMMatrix;
  g.Path2D ??= Path2D;
  // The same self-hosted Rubik file the browser loads, so text widths match the editor's.
  const font = fileURLToPath(new URL('../../fonts/rubik-latin-400-normal.woff2', import.meta.url));
  GlobalFonts.registerFromPath(font, 'Rubik');
  Konva.Util.createCanvasElement = () => {
    const canvas = createCanvas(300, 300) as unknown as { style?: object };
    canvas.style ??= {};
    return canvas as unknown as HTMLCanvasElement;
  };
  Konva.Util.createImageElement = () => new Image() as unknown as HTMLImageElement;
}

export const loadNodeImage: ImageLoader = async (url) =>
  (await loadImage(url)) as unknown as Awaited<ReturnType<ImageLoader>>;

/** RGBA of one pixel of a canvas created by Konva in Node. */
export function pixelAt(canvas: HTMLCanvasElement, x: number, y: number): [number, number, number, number] {
  const data = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
  return [data[0]!, data[1]!, data[2]!, data[3]!];
}
