/** @jsxImportSource preact */
import { useEffect, useRef } from 'preact/hooks';
import { MOBILE_BREAKPOINT } from '../model/constants';
import { createRenderer, type Renderer } from '../render/createRenderer';
import type { ImageCache } from '../render/imageCache';
import type { EditorStore } from '../store/editorStore';
import { editorTexts } from './editorTexts';

interface CanvasViewProps {
  store: EditorStore;
  images: ImageCache;
  onMobile(mobile: boolean): void;
  onRenderer?(renderer: Renderer | undefined): void;
}

/**
 * The plate-holder frame with the Konva stage inside, scaled to the frame's width (any width from 320 px, the
 * 6056 x 300 aspect kept). The stage region is focusable so the keyboard shortcuts reach the editor.
 */
export function CanvasView({ store, images, onMobile, onRenderer }: CanvasViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = stage.current!;
    const renderer = createRenderer(box, store, images);
    onRenderer?.(renderer);
    const fit = () => {
      renderer.fit(box.clientWidth);
      onMobile((frame.current?.clientWidth ?? 0) < MOBILE_BREAKPOINT);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      onRenderer?.(undefined);
      renderer.destroy();
    };
  }, [store, images]);
  return (
    <div class="holder" ref={frame} part="holder">
      <div
        class="stage"
        ref={stage}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas region takes keyboard shortcuts.
        tabIndex={0}
        role="application"
        aria-label={editorTexts.canvas}
        aria-describedby="lp-canvas-help"
      />
      <p id="lp-canvas-help" class="hint">
        {editorTexts.canvasHelp}
      </p>
    </div>
  );
}
