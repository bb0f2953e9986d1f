// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createEditorStore } from '../../store/editorStore';
import { clearDesign, loadDesign, saveDesign, storageKey } from '../designStorage';

beforeEach(() => localStorage.clear());

describe('design storage (survives a reload, one slot per product)', () => {
  it('saves, loads and clears per product', () => {
    const store = createEditorStore();
    store.dispatch('addText', { value: 'Hallo' });
    saveDesign('KZH-029', store.getState().doc);
    expect(loadDesign('KZH-029')?.items[0]?.value).toBe('Hallo');
    expect(loadDesign('KZH-030')).toBeUndefined();
    clearDesign('KZH-029');
    expect(loadDesign('KZH-029')).toBeUndefined();
  });

  it('drops a tampered entry instead of loading it', () => {
    localStorage.setItem(
      storageKey('KZH-029'),
      '{"version":1,"width":6056,"height":300,"items":[{"type":"x"}]}',
    );
    expect(loadDesign('KZH-029')).toBeUndefined();
    expect(localStorage.getItem(storageKey('KZH-029'))).toBeNull();
    localStorage.setItem(storageKey('KZH-029'), 'not json');
    expect(loadDesign('KZH-029')).toBeUndefined();
  });
});
