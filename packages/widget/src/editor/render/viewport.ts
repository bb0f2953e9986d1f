import { CANVAS_WIDTH } from '../model/constants';

/**
 * The part of the 6056 x 300 print area the live stage shows. The full height is always in view; zooming widens
 * the drawing and the view slides along the strip. Only the screen changes: items keep their canvas coordinates,
 * so export and the document never see the zoom.
 */
export interface View {
  /** Width of the stage box in CSS px. */
  width: number;
  /** CSS px per canvas px. */
  scale: number;
  /** Canvas x at the view's left edge. */
  left: number;
}

/** Closest zoom: one canvas pixel per CSS pixel (300 px tall). */
export const MAX_SCALE = 1;
/** The phone's working view shows about this many canvas px across (a default "Ihr Text" is 624 px wide). */
const WORKING_SPAN = 800;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The scale at which the whole width fits the box. */
export const fitScale = (width: number) => Math.max(1, width) / CANVAS_WIDTH;

/** Canvas px visible across the view. */
export const visibleSpan = (view: View) => view.width / view.scale;

/** Scale between "whole strip" and 1:1, left within the strip. */
export function clampView(view: View): View {
  const fit = fitScale(view.width);
  const scale = clamp(Number.isFinite(view.scale) ? view.scale : fit, fit, Math.max(fit, MAX_SCALE));
  const span = view.width / scale;
  const left = clamp(Number.isFinite(view.left) ? view.left : 0, 0, Math.max(0, CANVAS_WIDTH - span));
  return { width: view.width, scale, left };
}

/** True when the view shows more than the whole strip's fit (there is something to pan). */
export const isZoomed = (view: View) => view.scale > fitScale(view.width) * 1.001;

/** The phone's default: big enough for a finger, wide enough to see a whole default text. */
export const workingScale = (width: number) => clamp(width / WORKING_SPAN, fitScale(width), MAX_SCALE);

/** Zooms by `factor` keeping the view's centre where it is. */
export function zoomBy(view: View, factor: number): View {
  const centre = view.left + visibleSpan(view) / 2;
  const scale = view.scale * factor;
  return clampView({ ...view, scale, left: centre - view.width / scale / 2 });
}

/** The view moved so that the span `[left, left + width]` (canvas px) sits in its middle. */
export function centreOn(view: View, box: { left: number; width: number }): View {
  return clampView({ ...view, left: box.left + box.width / 2 - visibleSpan(view) / 2 });
}

/** True when the span is wholly in view, or (wider than the view) fills part of it. */
export function showsSpan(view: View, box: { left: number; width: number }): boolean {
  const right = view.left + visibleSpan(view);
  if (box.width >= visibleSpan(view)) return box.left < right && box.left + box.width > view.left;
  return box.left >= view.left - 1 && box.left + box.width <= right + 1;
}

/** The least pan that brings the span wholly into view (when it fits; else the view is kept). */
export function reveal(view: View, box: { left: number; width: number }): View {
  const span = visibleSpan(view);
  if (box.width > span) return view;
  return clampView({ ...view, left: clamp(view.left, box.left + box.width - span, box.left) });
}

/**
 * Where the view goes when the document changed with `span` selected (canvas px): to its middle when it is out
 * of view, else the least pan that also shows `grip` px on either side (room for the corner handles). An item
 * wider than the view keeps its middle, where the rotate handle is, in view.
 */
export function followSpan(view: View, span: { left: number; width: number }, grip: number): View {
  if (!showsSpan(view, span)) return centreOn(view, span);
  const wide = { left: span.left - grip, width: span.width + 2 * grip };
  if (wide.width <= visibleSpan(view)) return reveal(view, wide);
  return reveal(view, { left: span.left + span.width / 2 - grip, width: 2 * grip });
}
