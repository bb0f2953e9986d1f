/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { CANVAS_CENTRE, CANVAS_WIDTH, MOBILE_BREAKPOINT } from '../model/constants';
import { createRenderer, type Renderer } from '../render/createRenderer';
import type { ImageCache } from '../render/imageCache';
import { isZoomed, MAX_SCALE, type View, visibleSpan, workingScale, zoomBy } from '../render/viewport';
import type { EditorStore } from '../store/editorStore';
import { editorTexts as t } from './editorTexts';

interface CanvasViewProps {
  store: EditorStore;
  images: ImageCache;
  onMobile(mobile: boolean): void;
  onRenderer?(renderer: Renderer | undefined): void;
  /** The stage could not be built (a page enforcing Trusted Types without the `default` policy the guide gives). */
  onStageError(error: unknown): void;
}

const ZOOM_STEP = 2;

/**
 * The plate-holder frame with the Konva stage inside, scaled to the frame's width (any width from 320 px, the
 * 6056 x 300 aspect kept). Below 767 px (spec 9) it opens zoomed in, a working view about 800 canvas px wide that
 * follows the selection; the zoom buttons and the "Ausschnitt" slider (or a drag on empty canvas, or two fingers:
 * createRenderer) change it, and all of them show the same view. The stage region is focusable so the keyboard
 * shortcuts reach the editor.
 */
export function CanvasView({ store, images, onMobile, onRenderer, onStageError }: CanvasViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const renderer = useRef<Renderer>();
  const [view, setView] = useState<View | null>(null);
  useEffect(() => {
    const box = stage.current!;
    let live: Renderer;
    try {
      live = createRenderer(box, store, images);
    } catch (error) {
      onStageError(error);
      return;
    }
    renderer.current = live;
    onRenderer?.(live);
    const stopView = live.onView(setView);
    let mobile: boolean | undefined;
    const fit = () => {
      const width = box.clientWidth;
      const nowMobile = (frame.current?.clientWidth ?? 0) < MOBILE_BREAKPOINT;
      if (nowMobile === mobile) {
        live.fit(width);
        return;
      }
      // Entering the phone layout opens the working view on the middle of the strip (or on the selection).
      mobile = nowMobile;
      onMobile(nowMobile);
      live.fit(width, nowMobile ? workingScale(width) : 0);
      if (!store.getState().doc.items.some((i) => i.active))
        live.setView({ left: CANVAS_CENTRE - visibleSpan(live.getView()) / 2 });
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      stopView();
      onRenderer?.(undefined);
      renderer.current = undefined;
      live.destroy();
    };
  }, [store, images]);

  const zoomed = view ? isZoomed(view) : false;
  const zoom = (factor: number) => view && renderer.current?.setView(zoomBy(view, factor));
  const span = view ? visibleSpan(view) : CANVAS_WIDTH;
  return (
    <div class="canvas-area">
      <div class="holder" ref={frame} part="holder">
        <div
          class="stage"
          ref={stage}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas region takes keyboard shortcuts.
          tabIndex={0}
          role="application"
          aria-label={t.canvas}
          aria-describedby="lp-canvas-help"
        />
        <p id="lp-canvas-help" class="hint">
          <span class="keys-help">{t.canvasHelp}</span>
          <span class="touch-help">{t.touchHelp}</span>
        </p>
      </div>
      <div class="view-bar">
        <button
          type="button"
          class="tool zoom"
          data-view="zoom-out"
          aria-label={t.zoomOut}
          disabled={!zoomed}
          onClick={() => zoom(1 / ZOOM_STEP)}
        >
          −
        </button>
        <button
          type="button"
          class="tool zoom"
          data-view="zoom-in"
          aria-label={t.zoomIn}
          disabled={!view || view.scale >= MAX_SCALE}
          onClick={() => zoom(ZOOM_STEP)}
        >
          +
        </button>
        {zoomed && view && (
          <label class="pan">
            <span class="sr-only">{t.pan}</span>
            <input
              type="range"
              data-view="pan"
              min={0}
              max={Math.round(CANVAS_WIDTH - span)}
              step={1}
              value={Math.round(view.left)}
              aria-valuetext={`${Math.round(view.left)} – ${Math.round(view.left + span)} px`}
              onInput={(e) => renderer.current?.setView({ left: e.currentTarget.valueAsNumber })}
            />
          </label>
        )}
      </div>
    </div>
  );
}
