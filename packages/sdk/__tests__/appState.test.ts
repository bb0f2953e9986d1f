import { afterEach, describe, expect, it } from 'vitest';
import { createAppState, createMemoryStorage } from '../src/appState';

afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  delete (globalThis as { document?: unknown }).document;
});

describe('app state (spec 3, key AppState)', () => {
  it('reads and writes { CartGuid, orderHeaderGuid } as JSON under AppState', () => {
    const storage = createMemoryStorage();
    const appState = createAppState(storage);
    expect(appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null });
    appState.set({ CartGuid: 'g1' });
    appState.set({ orderHeaderGuid: 'o1' });
    expect(JSON.parse(storage.getItem('AppState')!)).toEqual({ CartGuid: 'g1', orderHeaderGuid: 'o1' });
    appState.set({ CartGuid: null, orderHeaderGuid: null });
    expect(appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null });
  });

  it.each(['{not json', '[]', 'null', '42', '{"CartGuid":42,"orderHeaderGuid":{}}', '{"CartGuid":""}'])(
    'tolerates corrupt content %s',
    (raw) => {
      const storage = createMemoryStorage();
      storage.setItem('AppState', raw);
      expect(createAppState(storage).get()).toEqual({ CartGuid: null, orderHeaderGuid: null });
    },
  );

  it('works without window (SSR) through memory', () => {
    const appState = createAppState();
    appState.set({ CartGuid: 'g' });
    expect(appState.get().CartGuid).toBe('g');
  });

  it('uses localStorage in a page and survives throwing storages', () => {
    const local = createMemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = local;
    (globalThis as { document?: unknown }).document = {};
    createAppState().set({ CartGuid: 'persisted' });
    expect(createAppState().get().CartGuid).toBe('persisted');
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const appState = createAppState(broken);
    expect(() => appState.set({ CartGuid: 'x' })).not.toThrow();
    expect(appState.get()).toEqual({ CartGuid: null, orderHeaderGuid: null });
  });

  it('keeps to memory on a server with a process-wide localStorage (Node 25, Deno): requests share no guid', () => {
    // Session 10. Before: the default storage was any global localStorage, so on such a server every request's
    // SDK read and wrote one AppState: a shopper's cart guid reached the next shopper's render.
    (globalThis as { localStorage?: unknown }).localStorage = createMemoryStorage();
    createAppState().set({ CartGuid: 'shopper-a' });
    expect(createAppState().get().CartGuid).toBeNull();
  });

  it('falls back to memory when touching localStorage throws (Safari private mode, sandboxed iframes)', () => {
    (globalThis as { document?: unknown }).document = {};
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    const appState = createAppState();
    appState.set({ CartGuid: 'g' });
    expect(appState.get().CartGuid).toBe('g');
  });
});
