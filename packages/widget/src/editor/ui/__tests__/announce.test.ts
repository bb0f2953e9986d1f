import { describe, expect, it } from 'vitest';
import { createEditorStore, type EditorState } from '../../store/editorStore';
import { announceChange } from '../announce';

/** Runs one command and returns what the live region says about it. */
function saysAfter(store: ReturnType<typeof createEditorStore>, name: string, args?: unknown): string {
  const before: EditorState = store.getState();
  store.dispatch(name, args);
  return announceChange(before, store.getState());
}

describe('live region messages', () => {
  it('says additions, deletions, selection, undo and redo, and nothing for moves', () => {
    const store = createEditorStore();
    expect(saysAfter(store, 'addText', { id: 'a', value: 'Autohaus' })).toBe('Hinzugefügt: Text „Autohaus“');
    // A duplicate looks like the selection did not change; it is said as an addition.
    expect(saysAfter(store, 'duplicate')).toBe('Hinzugefügt: Text „Autohaus“');
    expect(saysAfter(store, 'select', { id: 'a' })).toBe('Ausgewählt: Text „Autohaus“');
    expect(saysAfter(store, 'moveBy', { dx: 10, dy: 0 })).toBe('');
    expect(saysAfter(store, 'delete')).toBe('Gelöscht: Text „Autohaus“');
    expect(saysAfter(store, 'undo')).toBe('Rückgängig gemacht. Hinzugefügt: Text „Autohaus“');
    expect(saysAfter(store, 'undo')).toBe('Rückgängig gemacht');
    expect(saysAfter(store, 'redo')).toBe('Wiederhergestellt');
    expect(saysAfter(store, 'deselect')).toBe('Auswahl aufgehoben');
    const before = store.getState();
    store.setSaving(true);
    expect(announceChange(before, store.getState())).toBe('');
  });
});
