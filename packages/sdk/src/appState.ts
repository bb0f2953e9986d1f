import { APP_STATE_KEY } from './contract/constants';

/** spec 3: what the shop keeps in local storage under key `AppState`. */
export interface AppState {
  CartGuid: string | null;
  orderHeaderGuid: string | null;
}

/** The part of the Web Storage API the SDK needs; pass your own for tests, SSR or cookies. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads and writes the app state; never throws. */
export interface AppStateStore {
  get(): AppState;
  set(patch: Partial<AppState>): AppState;
}

/**
 * A storage kept in memory; the default where `localStorage` is missing (Node, SSR) or blocked.
 *
 * @example
 * const appState = createAppState(createMemoryStorage());
 */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): StorageLike | null {
  // Safari in private mode and sandboxed iframes throw on mere access to localStorage (as does the bare name where
  // there is none). Only a page's: on a server (Node 25, Deno) it is one storage for every request's SDK.
  try {
    return (globalThis as { document?: unknown }).document ? localStorage : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value) || null;

/**
 * The app state of spec 3 in `localStorage` key `AppState` (`{ CartGuid, orderHeaderGuid }`). SSR-safe: without
 * a window it falls back to memory; corrupt JSON, a blocked or a full storage never throw.
 *
 * @param storage where to keep it. @default `localStorage` in a page (with a `document`), else an in-memory storage
 * @example
 * const appState = createAppState();
 * appState.set({ CartGuid: cart.cartGuid });
 * appState.get().CartGuid;
 */
export function createAppState(storage: StorageLike | null = browserStorage()): AppStateStore {
  const target = storage ?? createMemoryStorage();
  const get = (): AppState => {
    let saved: Partial<Record<keyof AppState, unknown>> | undefined;
    try {
      // Nothing stored (null) is read as the text 'null' by JSON.parse.
      saved = JSON.parse(target.getItem(APP_STATE_KEY) as string);
    } catch {
      // corrupt JSON counts as nothing stored
    }
    return { CartGuid: text(saved?.CartGuid), orderHeaderGuid: text(saved?.orderHeaderGuid) };
  };
  return {
    get,
    set(patch) {
      const next = { ...get(), ...patch };
      try {
        target.setItem(APP_STATE_KEY, JSON.stringify(next));
      } catch {
        // Quota exceeded or storage disabled: the cart still works for this page view.
      }
      return next;
    },
  };
}
