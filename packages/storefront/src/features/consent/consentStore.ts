import { type StoreApi, createStore } from 'zustand/vanilla';

/** localStorage key of the shopper's choice. */
export const CONSENT_STORAGE_KEY = 'lp-consent';
/** Bump when the categories change: an older stored choice is asked again. */
export const CONSENT_VERSION = 1;

/** The shopper's choice; 'necessary' is always on (it is not a choice). */
export interface ConsentChoice {
  statistics: boolean;
  marketing: boolean;
}

/** What is stored under {@link CONSENT_STORAGE_KEY}. */
export interface StoredConsent extends ConsentChoice {
  version: number;
  necessary: true;
  /** ISO time of the decision. */
  decidedAt: string;
}

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

/** Reads a stored choice; anything malformed or of another version counts as no decision. */
export function readConsent(storage: StorageLike | null | undefined): ConsentChoice | null {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredConsent> | null;
    if (!value || typeof value !== 'object' || value.version !== CONSENT_VERSION) return null;
    if (typeof value.statistics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    return { statistics: value.statistics, marketing: value.marketing };
  } catch {
    return null; // storage blocked or corrupt JSON: ask again
  }
}

/**
 * The cookie consent state (framework-free, zustand/vanilla), persisted in localStorage with a version.
 *
 * @example
 * const store = createConsentStore(window.localStorage);
 * store.getState().acceptAll(); // { statistics: true, marketing: true } stored
 */
export function createConsentStore(
  storage: StorageLike | null | undefined,
  now: () => Date = () => new Date(),
): ConsentStore {
  const initial = readConsent(storage);
  return createStore<ConsentState>((set) => {
    const decide = (choice: ConsentChoice) => {
      const clean = { statistics: choice.statistics === true, marketing: choice.marketing === true };
      const stored: StoredConsent = {
        version: CONSENT_VERSION,
        necessary: true,
        ...clean,
        decidedAt: now().toISOString(),
      };
      try {
        storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
      } catch {
        // storage full or blocked: the choice still holds for this visit
      }
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
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let shared: ConsentStore | undefined;

/** The page's one consent store (browser only; created on first use from localStorage). */
export function getConsentStore(): ConsentStore {
  shared ??= createConsentStore(browserStorage());
  return shared;
}
