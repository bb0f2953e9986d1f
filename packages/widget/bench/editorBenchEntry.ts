// Page-side code of editorBench.mjs: builds documents with the real commands and times export and dragging.
import { createImageCache, loadBrowserImage } from '../src/editor/render/imageCache';
import { createRenderer } from '../src/editor/render/createRenderer';
import { canvasToPngBlob, renderDocument } from '../src/editor/render/renderDocument';
import { createKonvaMeasure } from '../src/editor/render/konvaMeasure';
import { ICON_NAMES } from '../src/editor/icons/iconPaths';
import { createEditorStore } from '../src/editor/store/editorStore';

function filledStore(count: number) {
  const store = createEditorStore({ measure: createKonvaMeasure() });
  store.dispatch('setBackground', { color: '#123456' });
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) store.dispatch('addText', { value: `Autohaus ${i}` });
    else if (i % 3 === 1) store.dispatch('addIcon', { value: ICON_NAMES[i % ICON_NAMES.length] });
    else store.dispatch('addSmile', { value: '🚗' });
    store.dispatch('moveTo', { left: (i * 197) % 5800, top: (i * 37) % 150 });
    store.dispatch('resize', { height: 60 + (i % 5) * 20 });
  }
  return store;
}

const images = createImageCache(loadBrowserImage);

/** Median and p95 of `runs` full exports (render at pixel ratio 1 + PNG encode). */
async function exportTimes(items: number, runs: number) {
  const doc = filledStore(items).getState().doc;
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    const canvas = await renderDocument(doc, images, document.createElement('div'));
    const blob = await canvasToPngBlob(canvas);
    const t = performance.now() - t0;
    size = blob.size;
    if (i >= 2) times.push(t); // first runs warm up the JIT and fonts
  }
  return { times, width: 6056, bytes: size };
}

/** Mounts a live stage with `items` items; the Node side drags with the real mouse. */
function mountStage(items: number) {
  const box = document.getElementById('stage') as HTMLDivElement;
  const store = filledStore(items);
  store.dispatch('deselect');
  const renderer = createRenderer(box, store, images);
  renderer.fit(box.clientWidth);
  const frames: number[] = [];
  let last = 0;
  let recording = false;
  const tick = (now: number) => {
    if (recording && last) frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const first = store.getState().doc.items[1]!;
  return {
    target: {
      x: first.left + first.width / 2,
      y: first.top + first.height / 2,
      scale: box.clientWidth / 6056,
    },
    start() {
      recording = true;
    },
    stop() {
      recording = false;
      return frames;
    },
    draws() {
      const layer = renderer.stage.getLayers()[0]!;
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) layer.draw();
      return (performance.now() - t0) / 20;
    },
  };
}

(window as unknown as Record<string, unknown>).editorBench = { exportTimes, mountStage };
