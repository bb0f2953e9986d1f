import type { DesignDocument } from '../model/designTypes';
import { targetId } from '../model/items';
import { defineCommand, isMod } from './commandTypes';

/** Swaps an item with its neighbour in paint order; the background always stays at the bottom. */
function shift(doc: DesignDocument, id: string | undefined, step: 1 | -1): DesignDocument {
  const index = doc.items.findIndex((i) => i.id === id);
  const other = index + step;
  const item = doc.items[index];
  const neighbour = doc.items[other];
  if (!item || !neighbour || item.type === 'bg' || neighbour.type === 'bg') return doc;
  const items = doc.items.slice();
  items[index] = neighbour;
  items[other] = item;
  return { ...doc, items };
}

export const bringForward = defineCommand<{ id?: string } | undefined>({
  name: 'bringForward',
  label: 'Nach vorne',
  history: true,
  trackEvent: { action: 'bring_forward' },
  keyTest: (e) => isMod(e) && e.key === 'ArrowUp',
  perform: (doc, args) => shift(doc, targetId(doc, args), 1),
});

export const sendBackward = defineCommand<{ id?: string } | undefined>({
  name: 'sendBackward',
  label: 'Nach hinten',
  history: true,
  trackEvent: { action: 'send_backward' },
  keyTest: (e) => isMod(e) && e.key === 'ArrowDown',
  perform: (doc, args) => shift(doc, targetId(doc, args), -1),
});
