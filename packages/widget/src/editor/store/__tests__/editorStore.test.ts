import { describe, expect, it, vi } from 'vitest';
import { createEditorStore } from '../editorStore';
import { findItem } from '../../model/items';

describe('editor store history', () => {
  it('undoes and redoes a sequence of edits in order', () => {
    const store = createEditorStore();
    store.dispatch('addText', { id: 't', value: 'A' });
    store.dispatch('moveTo', { left: 100, top: 10 });
    store.dispatch('updateStyle', { color: '#ff0000' });
    expect(findItem(store.getState().doc, 't')).toMatchObject({ left: 100, color: '#ff0000' });

    store.dispatch('undo');
    expect(findItem(store.getState().doc, 't')).toMatchObject({ left: 100, color: '#ffffff' });
    store.dispatch('undo');
    expect(findItem(store.getState().doc, 't')!.left).not.toBe(100);
    store.dispatch('undo');
    expect(store.getState().doc.items).toHaveLength(0);
    expect(store.dispatch('undo')).toBe(false);

    store.dispatch('redo');
    store.dispatch('redo');
    expect(findItem(store.getState().doc, 't')!.left).toBe(100);
    store.dispatch('redo');
    expect(findItem(store.getState().doc, 't')!.color).toBe('#ff0000');
    expect(store.dispatch('redo')).toBe(false);
  });

  it('drops the redo branch after a new edit', () => {
    const store = createEditorStore();
    store.dispatch('addText', { id: 't' });
    store.dispatch('moveBy', { dx: 10, dy: 0 });
    store.dispatch('undo');
    expect(store.canRedo()).toBe(true);
    store.dispatch('moveBy', { dx: 0, dy: 10 });
    expect(store.canRedo()).toBe(false);
  });

  it('keeps selection changes out of history', () => {
    const store = createEditorStore();
    store.dispatch('addIcon', { value: 'car', id: 'a' });
    store.dispatch('addIcon', { value: 'key', id: 'b' });
    store.dispatch('select', { id: 'a' });
    expect(store.getState().past).toHaveLength(2);
  });

  it('caps the history', () => {
    const store = createEditorStore({ historyCap: 5 });
    store.dispatch('addIcon', { value: 'car' });
    for (let i = 0; i < 20; i++) store.dispatch('moveBy', { dx: 1, dy: 0 });
    expect(store.getState().past).toHaveLength(5);
  });

  it('does not record no-op commands or unknown names', () => {
    const store = createEditorStore();
    expect(store.dispatch('alignLeft')).toBe(false);
    expect(store.dispatch('formatDisk')).toBe(false);
    expect(store.getState().past).toHaveLength(0);
  });

  it('notifies subscribers and tracks actions without letting tracking throw', () => {
    const track = vi.fn(() => {
      throw new Error('tracker down');
    });
    const store = createEditorStore({ track });
    const seen: number[] = [];
    const off = store.subscribe((s) => seen.push(s.doc.items.length));
    expect(() => store.dispatch('addText')).not.toThrow();
    expect(track).toHaveBeenCalledWith('add_text');
    off();
    store.dispatch('addText');
    expect(seen).toEqual([1]);
  });

  it('refuses edits while saving (spec 4: the saving flag)', () => {
    const store = createEditorStore();
    store.setSaving(true);
    expect(store.dispatch('addText')).toBe(false);
    store.setSaving(false);
    expect(store.dispatch('addText')).toBe(true);
  });

  it('measures text with the given measurer so alignment uses the real width', () => {
    const store = createEditorStore({ measure: (text, _f, size) => text.length * size });
    store.dispatch('addText', { value: 'abcd', id: 't' });
    store.dispatch('updateStyle', { letter_spacing: 5 });
    expect(findItem(store.getState().doc, 't')!.width).toBe(4 * 180 + 15);
    store.dispatch('alignRight');
    expect(findItem(store.getState().doc, 't')!.left).toBe(6041 - 735);
  });
});

describe('undo steps while typing', () => {
  it('merges quick edits of the same field into one step, but not edits of different fields', () => {
    const store = createEditorStore();
    store.dispatch('addText', { id: 't', value: '' });
    for (const value of ['A', 'Au', 'Aut', 'Auto']) store.dispatch('updateStyle', { value });
    store.dispatch('updateStyle', { color: '#ff0000' });
    expect(findItem(store.getState().doc, 't')).toMatchObject({ value: 'Auto', color: '#ff0000' });
    store.dispatch('undo');
    expect(findItem(store.getState().doc, 't')).toMatchObject({ value: 'Auto', color: '#ffffff' });
    store.dispatch('undo');
    expect(findItem(store.getState().doc, 't')!.value).toBe('');
  });

  it('starts a new step after the pause', () => {
    vi.useFakeTimers();
    try {
      const store = createEditorStore();
      store.dispatch('addText', { id: 't', value: '' });
      store.dispatch('updateStyle', { value: 'A' });
      vi.advanceTimersByTime(1500);
      store.dispatch('updateStyle', { value: 'AB' });
      store.dispatch('undo');
      expect(findItem(store.getState().doc, 't')!.value).toBe('A');
    } finally {
      vi.useRealTimers();
    }
  });
});
