import { afterEach, describe, expect, it } from 'vitest';
import { createAppState, createMemoryStorage } from '../src/appState';

afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
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

  it('uses localStorage when present and survives throwing storages', () => {
    const local = createMemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = local;
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

  it('falls back to memory when touching localStorage throws (Safari private mode, sandboxed iframes)', () => {
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
