import { type StoreApi, createStore } from 'zustand/vanilla';
import {
  CONSENT_VERSION,
  type ConsentChoice,
  type StoredConsent,
  consentSetCookie,
  readConsentCookie,
} from './consentCookie';

export { CONSENT_VERSION };
export type { ConsentChoice, StoredConsent };

/** localStorage key of the shopper's choice (a mirror of the cookie; where choices lived before the cookie). */
export const CONSENT_STORAGE_KEY = 'lp-consent';

export interface ConsentState {
  /** The decision, or null while the shopper has not decided (banner shown). */
  choice: ConsentChoice | null;
  /** Banner visible: no decision yet, or reopened from the footer ('Cookie-Einstellungen'). */
  open: boolean;
  acceptAll(): void;
  rejectAll(): void;
  save(choice: ConsentChoice): void;
  /** Reopens the banner (footer link). */
  reopen(): void;
  /** Closes a reopened banner without changing the decision; ignored while undecided. */
  dismiss(): void;
}

export type ConsentStore = StoreApi<ConsentState>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** `document.cookie` semantics: `read` gives `a=1; b=2`, `write` sets one cookie. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export interface ConsentStoreOptions {
  /** The cookie, the source of truth (the server reads it too). Without one, storage alone is used. */
  cookies?: CookieJar | null;
  /** localStorage: kept as a mirror, and a choice found only there is moved to the cookie. */
  storage?: StorageLike | null;
  /** Mark the cookie Secure (pages served over https). @default false */
  secure?: boolean;
  /** @default () => new Date() */
  now?: () => Date;
}

/** Reads a stored choice; anything malformed or of another version counts as no decision. */
export function readConsent(storage: StorageLike | null | undefined): ConsentChoice | null {
  const stored = readStoredConsent(storage);
  return stored ? { statistics: stored.statistics, marketing: stored.marketing } : null;
}

function readStoredConsent(storage: StorageLike | null | undefined): StoredConsent | null {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw || raw.length > 10_000) return null;
    const value = JSON.parse(raw) as Partial<StoredConsent> | null;
    if (!value || typeof value !== 'object' || value.version !== CONSENT_VERSION) return null;
    if (typeof value.statistics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    const decidedAt = typeof value.decidedAt === 'string' && !Number.isNaN(Date.parse(value.decidedAt));
    return {
      version: CONSENT_VERSION,
      necessary: true,
      statistics: value.statistics,
      marketing: value.marketing,
      decidedAt: decidedAt ? (value.decidedAt as string) : new Date(0).toISOString(),
    };
  } catch {
    return null; // storage blocked or corrupt JSON: ask again
  }
}

const choiceOf = (stored: StoredConsent | null): ConsentChoice | null =>
  stored ? { statistics: stored.statistics, marketing: stored.marketing } : null;

/**
 * The cookie consent state (framework-free, zustand/vanilla). The cookie is the source of truth; localStorage
 * mirrors it. The store's initial state is what the cookie says, the same the server saw when it rendered the
 * page, so hydration matches (zustand's `getInitialState` is the server snapshot); a choice found only in
 * localStorage (stored before the cookie existed) is then moved to the cookie and applied.
 *
 * @example
 * const store = createConsentStore({ cookies: documentCookieJar(document), storage: localStorage });
 * store.getState().acceptAll(); // lp_consent=v1.s1.m1.t… and localStorage['lp-consent'] written
 */
export function createConsentStore(options: ConsentStoreOptions = {}): ConsentStore {
  const { cookies, storage, secure = false, now = () => new Date() } = options;
  const readCookie = () => {
    try {
      return readConsentCookie(cookies?.read());
    } catch {
      return null; // cookies blocked
    }
  };
  const persist = (stored: StoredConsent, to: { cookie: boolean; storage: boolean }) => {
    try {
      if (to.cookie) cookies?.write(consentSetCookie(stored, { secure }));
    } catch {
      // cookies blocked: the choice still holds for this visit
    }
    try {
      if (to.storage) storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
    } catch {
      // storage full or blocked: the cookie holds the choice
    }
  };
  const fromCookie = cookies ? readCookie() : null;
  const initial = choiceOf(cookies ? fromCookie : readStoredConsent(storage));
  const store = createStore<ConsentState>((set) => {
    const decide = (choice: ConsentChoice) => {
      const clean = { statistics: choice.statistics === true, marketing: choice.marketing === true };
      const stored: StoredConsent = {
        version: CONSENT_VERSION,
        necessary: true,
        ...clean,
        decidedAt: now().toISOString(),
      };
      persist(stored, { cookie: true, storage: true });
      set({ choice: clean, open: false });
    };
    return {
      choice: initial,
      open: initial === null,
      acceptAll: () => decide({ statistics: true, marketing: true }),
      rejectAll: () => decide({ statistics: false, marketing: false }),
      save: decide,
      reopen: () => set({ open: true }),
      dismiss: () => set((state) => (state.choice ? { open: false } : state)),
    };
  });
  if (cookies) {
    const mirrored = readStoredConsent(storage);
    if (!fromCookie && mirrored) {
      // Migration: the choice made before the cookie existed is kept (nothing the shopper chose is lost).
      persist(mirrored, { cookie: true, storage: false });
      store.setState({ choice: choiceOf(mirrored), open: false });
    } else if (
      fromCookie &&
      (mirrored?.statistics !== fromCookie.statistics || mirrored?.marketing !== fromCookie.marketing)
    ) {
      // Decided without script (the banner's form post) or in another tab: the mirror follows the cookie.
      persist(fromCookie, { cookie: false, storage: true });
    }
  }
  return store;
}

/** The page's `document.cookie` as a {@link CookieJar}. */
export function documentCookieJar(doc: Document): CookieJar {
  return {
    read: () => doc.cookie,
    write: (cookie) => {
      doc.cookie = cookie;
    },
  };
}

function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let shared: ConsentStore | undefined;

/**
 * The page's one consent store in the browser (created on first use from the cookie and localStorage). On the
 * server each request gets its own store from its `Cookie` header (entry-server.tsx); called there, this answers
 * a fresh undecided store, never one shared between shoppers.
 */
export function getConsentStore(): ConsentStore {
  if (typeof window === 'undefined' || typeof document === 'undefined') return createConsentStore();
  shared ??= createConsentStore({
    cookies: documentCookieJar(document),
    storage: browserStorage(),
    secure: window.location.protocol === 'https:',
  });
  return shared;
}
