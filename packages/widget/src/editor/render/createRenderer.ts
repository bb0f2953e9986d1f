import { CANVAS_HEIGHT, CANVAS_WIDTH, TAP_MAX_MOVE, TAP_MAX_MS } from '../model/constants';
import type { DesignItem } from '../model/designTypes';
import { itemBounds } from '../model/geometry';
import { findItem } from '../model/items';
import { guidePoints, snapBox } from '../model/snap';
import type { EditorStore } from '../store/editorStore';
import type { ImageCache } from './imageCache';
import { syncLayer } from './itemNodes';
import {
  Konva,
  type KonvaEventObject,
  Line,
  type Rect,
  type Shape,
  type Stage,
  Transformer,
} from './konvaParts';
import { fitHandles } from './handles';
import { clampView, fitScale, followSpan, isZoomed, type View } from './viewport';

export interface Renderer {
  stage: Stage;
  /** Re-fits the stage to its container width (call on resize); `scale` sets the zoom, else it is kept. */
  fit(width: number, scale?: number): void;
  /** Zoom and pan of the live stage (screen only: items keep their canvas coordinates). */
  getView(): View;
  setView(change: Partial<Pick<View, 'scale' | 'left'>>): void;
  onView(listener: (view: View) => void): () => void;
  destroy(): void;
}

/** Hit area of a selection handle on touch screens (WCAG 2.5.5 and platform guides: 44 CSS px). */
const TOUCH_TARGET = 44;
const TOUCH_ANCHOR = 20;

/** Left/top of an item whose centre sits at the node's x/y. */
function boxFromNode(node: Shape, item: DesignItem) {
  return { left: node.x() - item.width / 2, top: node.y() - item.height / 2 };
}

/**
 * The live editor stage. It only renders the store's document and turns pointer gestures into commands
 * (CONVENTIONS: Konva only renders the document): tap selects, drag ends in `moveTo`, Transformer handles end in
 * `resize` (with rotation). Guides show while a drag snaps.
 */
export function createRenderer(container: HTMLDivElement, store: EditorStore, images: ImageCache): Renderer {
  const stage = new Konva.Stage({ container, width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
  const content = new Konva.Layer();
  const ui = new Konva.Layer();
  stage.add(content, ui);
  // A finger needs bigger handles than a mouse: round 20 px handles with a 44 px hit area, set a little off the
  // box so they do not sit on the text (the media query, not the user agent, says what the pointer is).
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const handles = coarse
    ? { anchor: TOUCH_ANCHOR, hit: TOUCH_TARGET, padding: 6 }
    : { anchor: 10, hit: 10, padding: 0 };
  const transformer = new Transformer({
    keepRatio: true,
    enabledAnchors: ['top-left', 'top-right', 'bottom-left', 'bottom-right'],
    rotationSnaps: [0, 90, 180, 270],
    anchorSize: handles.anchor,
    anchorCornerRadius: coarse ? TOUCH_ANCHOR / 2 : 0,
    anchorStyleFunc: coarse
      ? (anchor: Rect) => anchor.hitStrokeWidth(TOUCH_TARGET - TOUCH_ANCHOR)
      : undefined,
    borderStroke: '#56afeb',
    anchorStroke: '#56afeb',
    flipEnabled: false,
  });
  const guide = () =>
    new Line({ stroke: '#ff3bd4', strokeWidth: 4, dash: [20, 12], visible: false, listening: false });
  const guides = [guide(), guide()];
  ui.add(transformer, ...guides);

  let view: View = clampView({ width: CANVAS_WIDTH, scale: 1, left: 0 });
  const viewListeners = new Set<(view: View) => void>();
  const selected = () => store.getState().doc.items.find((i) => i.active);
  // Every handle stays on the stage, whatever the zoom and wherever the item sits (handles.ts).
  const placeHandles = () => {
    const item = selected();
    if (!item) return;
    const { scale, left } = view;
    const box = {
      x: (item.left + item.width / 2 - left) * scale,
      y: (item.top + item.height / 2) * scale,
      width: item.width * scale,
      height: item.height * scale,
      rotation: item.rotation,
    };
    transformer.setAttrs(fitHandles(box, stage.size(), handles));
    transformer.forceUpdate();
  };
  const applyView = (next: View) => {
    view = clampView(next);
    const { width, scale, left } = view;
    stage.size({
      width: Math.max(1, Math.round(width)),
      height: Math.max(1, Math.round(CANVAS_HEIGHT * scale)),
    });
    stage.scale({ x: scale, y: scale });
    stage.position({ x: -left * scale, y: 0 });
    // Zoomed in, a drag on empty canvas pans (items keep their own drag).
    stage.draggable(isZoomed(view));
    // Handles keep their screen size; only the lines of guides scale with the content.
    for (const line of guides) line.strokeWidth(2 / scale);
    placeHandles();
    stage.batchDraw();
    for (const listener of viewListeners) listener(view);
  };
  stage.dragBoundFunc((pos) => ({
    x: Math.min(0, Math.max(pos.x, stage.width() - CANVAS_WIDTH * view.scale)),
    y: 0,
  }));
  // A touch on empty canvas is the stage's own (pan, deselect): taken like Konva takes a touch on a shape, else
  // Chromium drops the click of the next tap elsewhere (a toolbar button) after such a drag.
  stage.on('touchstart', (e) => {
    if (e.target === stage && e.evt.cancelable) e.evt.preventDefault();
  });
  stage.on('dragmove dragend', (e) => {
    if (e.target !== stage) return; // item drags bubble up here too
    view = clampView({ ...view, left: -stage.x() / view.scale });
    placeHandles();
    for (const listener of viewListeners) listener(view);
  });

  // Two fingers zoom the view around their midpoint (and pan with it), bounded like the buttons. They never move
  // or resize an item: the container takes the gesture (capture phase) before Konva sees the second finger, and
  // a drag or resize the first finger had begun is dropped, the item redrawn from the document.
  let pinch: { distance: number; scale: number; at: number } | undefined;
  /** The gesture had two fingers: what the first finger did is not committed. */
  let multi = false;
  const onTouch = (e: TouchEvent) => {
    const [a, b] = e.touches;
    if (!a || !b) {
      pinch = undefined;
      return;
    }
    e.stopPropagation();
    if (e.cancelable) e.preventDefault();
    const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
    const x = (a.clientX + b.clientX) / 2 - container.getBoundingClientRect().left;
    if (!pinch) {
      multi = true;
      transformer.stopTransform();
      for (const node of [stage, ...content.getChildren()]) node.draggable(false);
      render();
      stage.draggable(isZoomed(view));
      pinch = { distance, scale: view.scale, at: view.left + x / view.scale };
      return;
    }
    const next = clampView({ ...view, scale: (pinch.scale * distance) / pinch.distance });
    applyView({ ...next, left: pinch.at - x / next.scale });
  };
  const touchEvents = ['touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;
  for (const type of touchEvents)
    container.addEventListener(type, onTouch, { capture: true, passive: false });

  let nodes = new Map<string, Shape>();
  /** `follow`: the document changed (not the view), so the view may move to the selection. */
  const render = (follow = false) => {
    const { doc } = store.getState();
    nodes = syncLayer(content, doc, images);
    const active = selected();
    const node = active ? nodes.get(active.id) : undefined;
    transformer.nodes(node ? [node] : []);
    placeHandles();
    // Zoomed in, the view follows the selection when it leaves the view (added, aligned, moved by keys), and
    // pans a little when the item is in view but a handle is not.
    if (follow && active && isZoomed(view)) {
      const box = itemBounds(active);
      const grip = (handles.padding * 1.5 + handles.anchor / 2) / view.scale;
      const next = followSpan(view, { left: box.left, width: box.right - box.left }, grip);
      if (next.left !== view.left) applyView(next);
    }
    content.batchDraw();
    ui.batchDraw();
    void images.load(doc.items.filter((i) => i.type === 'image').map((i) => i.value));
  };
  images.onLoad(() => render());
  const unsubscribe = store.subscribe(() => render(true));

  const itemOf = (target: unknown) => {
    const id = (target as Shape).getAttr?.('lpId') as string | undefined;
    return findItem(store.getState().doc, id);
  };

  // spec 9: a touch/click selects when shorter than 500 ms and moved less than 10 px.
  let down: { time: number; x: number; y: number } | undefined;
  stage.on('pointerdown', () => {
    multi = false; // a new gesture (Konva never sees a second finger)
    const p = stage.getPointerPosition();
    down = p ? { time: Date.now(), x: p.x, y: p.y } : undefined;
  });
  stage.on('pointerup', (e: KonvaEventObject<PointerEvent>) => {
    const p = stage.getPointerPosition();
    if (!down || !p || multi) return;
    const tap = Date.now() - down.time < TAP_MAX_MS && Math.hypot(p.x - down.x, p.y - down.y) < TAP_MAX_MOVE;
    down = undefined;
    if (!tap) return;
    if (e.target.getParent() === transformer) return;
    const item = itemOf(e.target);
    if (item) store.dispatch('select', { id: item.id });
    else store.dispatch('deselect');
  });

  content.on('dragstart', (e) => {
    const item = itemOf(e.target);
    if (item && !item.active) store.dispatch('select', { id: item.id });
  });
  content.on('dragmove', (e) => {
    const node = e.target as Shape;
    const item = itemOf(node);
    if (!item) return;
    const box = itemBounds({ ...item, ...boxFromNode(node, item) });
    const snap = snapBox(box, 12 / stage.scaleX());
    node.position({ x: node.x() + snap.dx, y: node.y() + snap.dy });
    guides.forEach((line, i) => {
      const guide = snap.guides[i];
      line.visible(Boolean(guide));
      if (guide) line.points(guidePoints(guide));
    });
  });
  content.on('dragend', (e) => {
    for (const line of guides) line.visible(false);
    const node = e.target as Shape;
    const item = itemOf(node);
    if (item && !multi) store.dispatch('moveTo', { id: item.id, ...boxFromNode(node, item) });
    ui.batchDraw();
  });
  transformer.on('transformend', () => {
    const node = transformer.nodes()[0] as Shape | undefined;
    const item = node && itemOf(node);
    if (!node || !item || multi) return;
    const factor = Math.abs(node.scaleY()) / (item.type === 'icon' ? item.height / 24 : 1);
    const height = item.height * factor;
    const width = item.width * factor;
    store.dispatch('resize', {
      id: item.id,
      height,
      left: node.x() - width / 2,
      top: node.y() - height / 2,
      rotation: node.rotation(),
    });
    render();
  });

  const fit = (width: number, scale?: number) => {
    const w = Math.max(1, Math.round(width));
    // The whole strip stays the whole strip when the box resizes; a zoom is kept as it is.
    const next = scale ?? (isZoomed(view) ? view.scale : fitScale(w));
    applyView({ width: w, scale: next, left: view.left });
    render(scale !== undefined);
  };

  render();
  return {
    stage,
    fit,
    getView: () => view,
    setView: (change) => applyView({ ...view, ...change }),
    onView(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    destroy() {
      viewListeners.clear();
      for (const type of touchEvents) container.removeEventListener(type, onTouch, true);
      unsubscribe();
      stage.destroy();
    },
  };
}
