import type { Box, PlateLayout } from './layoutTypes';
import { getPlateSize } from './plateSizes';
import { sizeMetrics } from './geometry';
import type { PlateSize, PlateSizeId } from './types';

export interface PlateFrame {
  size: PlateSize;
  border: PlateLayout['border'];
  band: Box | null;
  field: Box;
  /** The field less the text margin: where text is placed. */
  textArea: Box;
}

/** Border, EU band and white field of a size, in millimetres. */
export function plateFrame(id: PlateSizeId): PlateFrame {
  const size = getPlateSize(id) ?? (getPlateSize('520x110') as PlateSize);
  const m = sizeMetrics(size.id);
  const inset = m.borderInsetMm;
  const inner = inset + m.borderMm / 2;
  const innerHeight = size.heightMm - 2 * inner;
  const band = m.bandMm > 0 ? { x: inner, y: inner, width: m.bandMm, height: innerHeight } : null;
  const fieldX = inner + m.bandMm;
  const field = { x: fieldX, y: inner, width: size.widthMm - inner - fieldX, height: innerHeight };
  const textArea = {
    x: field.x + m.marginMm,
    y: field.y + m.marginMm,
    width: field.width - 2 * m.marginMm,
    height: field.height - 2 * m.marginMm,
  };
  const border = {
    x: inset,
    y: inset,
    width: size.widthMm - 2 * inset,
    height: size.heightMm - 2 * inset,
    strokeMm: m.borderMm,
    radiusMm: m.cornerMm,
  };
  return { size, border, band, field, textArea };
}
