import { ALIGN_LEFT, ALIGN_RIGHT_EDGE, CANVAS_CENTRE } from '../model/constants';
import type { DesignDocument } from '../model/designTypes';
import { itemBounds, round1 } from '../model/geometry';
import { targetId, updateItem } from '../model/items';
import { defineCommand } from './commandTypes';

/** Moves the item horizontally so its (rotated) bounds' chosen edge lands on `x` (spec 9 constants). */
function alignTo(doc: DesignDocument, id: string | undefined, edge: 'left' | 'centre' | 'right', x: number) {
  if (id === undefined) return doc;
  return updateItem(doc, id, (item) => {
    if (item.type === 'bg') return item;
    const b = itemBounds(item);
    const current = edge === 'left' ? b.left : edge === 'right' ? b.right : (b.left + b.right) / 2;
    const left = round1(item.left + (x - current));
    return left === item.left ? item : { ...item, left };
  });
}

export const alignLeft = defineCommand<{ id?: string } | undefined>({
  name: 'alignLeft',
  label: 'Links',
  history: true,
  trackEvent: { action: 'align_left' },
  perform: (doc, args) => alignTo(doc, targetId(doc, args), 'left', ALIGN_LEFT),
});

export const alignCentre = defineCommand<{ id?: string } | undefined>({
  name: 'alignCentre',
  label: 'Zentriert',
  history: true,
  trackEvent: { action: 'align_centre' },
  perform: (doc, args) => alignTo(doc, targetId(doc, args), 'centre', CANVAS_CENTRE),
});

export const alignRight = defineCommand<{ id?: string } | undefined>({
  name: 'alignRight',
  label: 'Rechts',
  history: true,
  trackEvent: { action: 'align_right' },
  perform: (doc, args) => alignTo(doc, targetId(doc, args), 'right', ALIGN_RIGHT_EDGE),
});
