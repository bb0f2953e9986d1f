import type { DesignItem } from '../model/designTypes';
import type { EditorState } from '../store/editorStore';
import { editorTexts as t } from './editorTexts';
import { describeItem } from './PropertyPanel';

const others = (items: DesignItem[], from: DesignItem[]) => {
  const ids = new Set(from.map((i) => i.id));
  return items.find((i) => i.type !== 'bg' && !ids.has(i.id));
};

/**
 * What the polite live region says after a store change, or '' for nothing worth saying (moves, restyles, the
 * saving flag). A screen-reader user hears what a sighted one sees change: an item added, deleted or selected,
 * and that undo or redo happened (the selection alone stays the same after deleting or duplicating).
 */
export function announceChange(prev: EditorState, next: EditorState): string {
  if (prev.doc === next.doc) return '';
  const parts: string[] = [];
  // undo/redo take the document from the other stack, so identity tells them from ordinary commands.
  if (next.doc === prev.past[prev.past.length - 1]) parts.push(t.undone);
  else if (next.doc === prev.future[prev.future.length - 1]) parts.push(t.redone);
  const removed = others(prev.doc.items, next.doc.items);
  const added = others(next.doc.items, prev.doc.items);
  const was = prev.doc.items.find((i) => i.active);
  const active = next.doc.items.find((i) => i.active);
  if (removed) parts.push(`${t.deleted}: ${describeItem(removed)}`);
  if (added) parts.push(`${t.added}: ${describeItem(added)}`);
  else if (active && active.id !== was?.id) parts.push(`${t.selected}: ${describeItem(active)}`);
  else if (!active && was && !removed) parts.push(t.deselected);
  return parts.join('. ');
}
