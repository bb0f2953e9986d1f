import { describe, expect, it } from 'vitest';
import { WISHLIST_KEY, WISHLIST_MAX, createWishlistStore, parseEntries } from '../wishlistStore';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(WISHLIST_KEY, initial);
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('wish list store', () => {
  it('adds, toggles and removes products, newest last, and persists every change', () => {
    const storage = memoryStorage();
    let clock = 1000;
    const store = createWishlistStore(storage, () => clock++);
    store.getState().add({ id: 'KZH-001' });
    store.getState().toggle({ id: 'FKZ-001', variantId: 'FKZ-001-B', colour: 'Schwarz' });
    expect(store.getState().has('KZH-001')).toBe(true);
    expect(store.getState().entries).toEqual([
      { id: 'KZH-001', addedAt: 1000 },
      { id: 'FKZ-001', variantId: 'FKZ-001-B', colour: 'Schwarz', addedAt: 1001 },
    ]);
    expect(JSON.parse(storage.data.get(WISHLIST_KEY)!)).toHaveLength(2);
    store.getState().toggle({ id: 'KZH-001' });
    expect(store.getState().has('KZH-001')).toBe(false);
    store.getState().remove('FKZ-001');
    expect(JSON.parse(storage.data.get(WISHLIST_KEY)!)).toEqual([]);
  });

  it('keeps one entry per product (adding again moves it to the end)', () => {
    const store = createWishlistStore(memoryStorage());
    store.getState().add({ id: 'A' });
    store.getState().add({ id: 'B' });
    store.getState().add({ id: 'A', variantId: 'A-2' });
    expect(store.getState().entries.map((e) => e.id)).toEqual(['B', 'A']);
    expect(store.getState().entries[1]!.variantId).toBe('A-2');
  });

  it('comes back after a reload (a new store on the same storage)', () => {
    const storage = memoryStorage();
    createWishlistStore(storage).getState().add({ id: 'KZH-009' });
    expect(createWishlistStore(storage).getState().has('KZH-009')).toBe(true);
  });

  it('ignores hostile or broken stored data', () => {
    expect(createWishlistStore(memoryStorage('{not json')).getState().entries).toEqual([]);
    expect(createWishlistStore(memoryStorage('{"id":"A"}')).getState().entries).toEqual([]);
    const mixed = JSON.stringify([
      { id: 'OK-1', addedAt: 5 },
      { id: '<img src=x onerror=alert(1)>' },
      { id: 42 },
      null,
      'text',
      { id: 'OK-1', addedAt: 6 },
      { id: 'OK-2', variantId: '../../etc', colour: 'x'.repeat(500), addedAt: 'soon' },
    ]);
    expect(parseEntries(mixed)).toEqual([
      { id: 'OK-1', addedAt: 5 },
      { id: 'OK-2', addedAt: 0 },
    ]);
  });

  it('refuses malformed ids and caps the list', () => {
    const store = createWishlistStore(memoryStorage());
    store.getState().add({ id: '' });
    store.getState().add({ id: 'x'.repeat(101) });
    expect(store.getState().entries).toEqual([]);
    for (let i = 0; i < WISHLIST_MAX + 5; i++) store.getState().add({ id: `P-${i}` });
    const { entries } = store.getState();
    expect(entries).toHaveLength(WISHLIST_MAX);
    expect(entries[0]!.id).toBe('P-5');
  });

  it('works without storage and when storage throws', () => {
    const memoryOnly = createWishlistStore(null);
    memoryOnly.getState().add({ id: 'A' });
    expect(memoryOnly.getState().has('A')).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createWishlistStore(throwing);
    expect(() => store.getState().add({ id: 'B' })).not.toThrow();
    expect(store.getState().has('B')).toBe(true);
  });
});
