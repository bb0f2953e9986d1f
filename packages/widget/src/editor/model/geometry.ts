import type { DesignItem } from './designTypes';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Axis-aligned bounds of an item after its rotation around the box centre. */
export function itemBounds(item: Pick<DesignItem, 'left' | 'top' | 'width' | 'height' | 'rotation'>): Box {
  const cx = item.left + item.width / 2;
  const cy = item.top + item.height / 2;
  const rad = (item.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const halfW = (item.width * cos + item.height * sin) / 2;
  const halfH = (item.width * sin + item.height * cos) / 2;
  return { left: cx - halfW, top: cy - halfH, right: cx + halfW, bottom: cy + halfH };
}

/** Rounds canvas coordinates to 0.1 px so stored documents stay short and comparable. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
