import { createStore } from 'zustand/vanilla';

/** localStorage key of the wish list (kept in this browser only, issue 6). */
export const WISHLIST_KEY = 'lp-wishlist';
/** A wish list is for remembering, not a catalogue: beyond this the oldest entries go. */
export const WISHLIST_MAX = 100;

/** One remembered product. Name and price are not stored: the page shows the catalogue's current ones. */
export interface WishlistEntry {
  /** Product UniqueId. */
  id: string;
  /** The variant chosen on the product page, when there was one. */
  variantId?: string;
  /** The text colour chosen on the product page, when there was a choice. */
  colour?: string;
  /** Epoch ms. */
  addedAt: number;
}

export interface WishlistState {
  entries: WishlistEntry[];
  has(id: string): boolean;
  add(entry: Omit<WishlistEntry, 'addedAt'>): void;
  remove(id: string): void;
  toggle(entry: Omit<WishlistEntry, 'addedAt'>): void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Reads stored entries, dropping anything malformed (the storage is the user's and may hold anything). */
export function parseEntries(raw: string | null): WishlistEntry[] {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries: WishlistEntry[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const { id, variantId, colour, addedAt } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !ID.test(id) || seen.has(id)) continue;
    seen.add(id);
    entries.push({
      id,
      ...(typeof variantId === 'string' && ID.test(variantId) ? { variantId } : {}),
      ...(typeof colour === 'string' && colour.length <= 40 ? { colour } : {}),
      addedAt: typeof addedAt === 'number' && Number.isFinite(addedAt) ? addedAt : 0,
    });
  }
  return entries.slice(-WISHLIST_MAX);
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the list lives for this page only
  }
}

/**
 * The wish list (issue 6): a zustand store persisted to localStorage, one entry per product, newest last.
 * Without storage (server rendering, blocked storage) it starts empty and keeps entries in memory.
 *
 * @example
 * const wishlist = createWishlistStore();
 * wishlist.getState().toggle({ id: 'KZH-001' });
 */
export function createWishlistStore(storage: StorageLike | null = browserStorage(), now = () => Date.now()) {
  const read = () => {
    try {
      return parseEntries(storage?.getItem(WISHLIST_KEY) ?? null);
    } catch {
      return [];
    }
  };
  const store = createStore<WishlistState>()((set, get) => ({
    entries: read(),
    has: (id) => get().entries.some((entry) => entry.id === id),
    add(entry) {
      if (!ID.test(entry.id)) return;
      const others = get().entries.filter((e) => e.id !== entry.id);
      set({ entries: [...others, { ...entry, addedAt: now() }].slice(-WISHLIST_MAX) });
    },
    remove(id) {
      set({ entries: get().entries.filter((entry) => entry.id !== id) });
    },
    toggle(entry) {
      if (get().has(entry.id)) get().remove(entry.id);
      else get().add(entry);
    },
  }));
  store.subscribe((state) => {
    try {
      storage?.setItem(WISHLIST_KEY, JSON.stringify(state.entries));
    } catch {
      // quota or blocked storage: the list still works for this page
    }
  });
  // Another tab changed the list: follow it, so hearts and counts agree across tabs.
  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (event) => {
      if (event.key === WISHLIST_KEY) store.setState({ entries: read() });
    });
  }
  return store;
}

export type WishlistStore = ReturnType<typeof createWishlistStore>;

let shared: WishlistStore | undefined;

/** The page's one wish list (created on first use in the browser). */
export function wishlistStore(): WishlistStore {
  shared ??= createWishlistStore();
  return shared;
}
