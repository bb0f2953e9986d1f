import { CANVAS_HEIGHT, CANVAS_WIDTH } from '../model/constants';
import type { DesignDocument } from '../model/designTypes';
import type { ImageCache } from './imageCache';
import { syncLayer } from './itemNodes';
import { Konva } from './konvaParts';

/**
 * Draws a document at its full print size (6056 x 300, pixel ratio 1; spec 4) on an offscreen stage and returns
 * the canvas. Guides, selection frame and transformer live on the editor's own stage, so they never appear here.
 * `container` is needed in a browser (a detached div is fine); in Node Konva runs without one.
 */
export async function renderDocument(
  doc: DesignDocument,
  images?: ImageCache,
  container?: HTMLDivElement,
): Promise<HTMLCanvasElement> {
  const urls = doc.items.filter((i) => i.type === 'image').map((i) => i.value);
  if (images && urls.length > 0) await images.load(urls);
  const stage = new Konva.Stage({ container, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, listening: false });
  try {
    const layer = new Konva.Layer({ listening: false });
    stage.add(layer);
    syncLayer(layer, doc, images);
    for (const node of layer.getChildren()) node.draggable(false);
    layer.draw();
    return layer.toCanvas({ x: 0, y: 0, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, pixelRatio: 1 });
  } finally {
    stage.destroy();
  }
}

/** PNG bytes of a canvas in the browser. */
export function canvasToPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas export failed'))), 'image/png');
  });
}
