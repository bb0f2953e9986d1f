import { LIMITS } from '../model/constants';
import { newItemId } from '../model/createDocument';
import { activeItem, addActiveItem, findItem, setActive, targetId } from '../model/items';
import { defineCommand, isMod } from './commandTypes';

/**
 * Selects an item by id, or the next/previous selectable item (N / Shift+N for keyboard users; not Tab, so
 * keyboard focus can always leave the canvas).
 */
export const select = defineCommand<{ id: string } | { step: 1 | -1 }>({
  name: 'select',
  history: false,
  keyTest: (e) => e.key.toLowerCase() === 'n' && !isMod(e) && !e.altKey,
  keyArgs: (e) => ({ step: e.shiftKey ? -1 : 1 }),
  perform(doc, args) {
    if (args && 'id' in args) {
      const item = findItem(doc, args.id);
      return item && item.type !== 'bg' ? setActive(doc, item.id) : doc;
    }
    const selectable = doc.items.filter((i) => i.type !== 'bg');
    if (selectable.length === 0) return doc;
    const current = selectable.findIndex((i) => i.active);
    const step = args && 'step' in args && args.step === -1 ? -1 : 1;
    const next = current === -1 ? (step === 1 ? 0 : selectable.length - 1) : current + step;
    const wrapped = (next + selectable.length) % selectable.length;
    return setActive(doc, selectable[wrapped]!.id);
  },
});

export const deselect = defineCommand<undefined>({
  name: 'deselect',
  history: false,
  keyTest: (e) => e.key === 'Escape',
  perform: (doc) => setActive(doc, undefined),
});

export const deleteItem = defineCommand<{ id?: string } | undefined>({
  name: 'delete',
  label: 'Löschen',
  history: true,
  trackEvent: { action: 'delete_item' },
  keyTest: (e) => e.key === 'Delete' || e.key === 'Backspace',
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined) return doc;
    return { ...doc, items: doc.items.filter((i) => i.id !== id) };
  },
});

/** Copies the active item 40 px right and down; the copy becomes the active item (spec 4). */
export const duplicate = defineCommand<{ id?: string; newId?: string } | undefined>({
  name: 'duplicate',
  label: 'Duplizieren',
  history: true,
  trackEvent: { action: 'duplicate_item' },
  keyTest: (e) => isMod(e) && e.key.toLowerCase() === 'd',
  perform(doc, args) {
    const source = findItem(doc, targetId(doc, args));
    if (!source || source.type === 'bg' || doc.items.length >= LIMITS.maxItems) return doc;
    const copy = { ...source, id: args?.newId ?? newItemId(), left: source.left + 40, top: source.top + 40 };
    return addActiveItem(doc, copy);
  },
});

export { activeItem };
