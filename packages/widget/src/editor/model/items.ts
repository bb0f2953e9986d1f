import type { DesignDocument, DesignItem } from './designTypes';

/** The one active item (spec 4: one active at a time), if any. */
export function activeItem(doc: DesignDocument): DesignItem | undefined {
  return doc.items.find((item) => item.active);
}

export function findItem(doc: DesignDocument, id: string | undefined): DesignItem | undefined {
  return id === undefined ? undefined : doc.items.find((item) => item.id === id);
}

/** Replaces one item by id; returns the same document when the id is unknown or nothing changed. */
export function updateItem(
  doc: DesignDocument,
  id: string,
  change: (item: DesignItem) => DesignItem,
): DesignDocument {
  let changed = false;
  const items = doc.items.map((item) => {
    if (item.id !== id) return item;
    const next = change(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? { ...doc, items } : doc;
}

/** spec 4: adding an item deselects the others and selects the new one. */
export function addActiveItem(doc: DesignDocument, item: DesignItem): DesignDocument {
  const others = doc.items.map((it) => (it.active ? { ...it, active: false } : it));
  return { ...doc, items: [...others, { ...item, active: true }] };
}

/** Makes `id` the only active item (undefined deselects all). */
export function setActive(doc: DesignDocument, id: string | undefined): DesignDocument {
  let changed = false;
  const items = doc.items.map((item) => {
    const active = item.id === id && item.type !== 'bg';
    if (active === item.active) return item;
    changed = true;
    return { ...item, active };
  });
  return changed ? { ...doc, items } : doc;
}

/** The item a command acts on: the one named in args, else the active one. */
export function targetId(doc: DesignDocument, args: { id?: string } | undefined): string | undefined {
  if (args?.id !== undefined) return findItem(doc, args.id)?.id;
  return activeItem(doc)?.id;
}
