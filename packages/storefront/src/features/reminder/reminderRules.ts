/** spec 9: the cart reminder waits 24 h (86400000 ms) since the last visit. */
export const REMINDER_INTERVAL_MS = 86_400_000;
/** localStorage key of the last-visit stamp (epoch ms). */
export const REMINDER_STAMP_KEY = 'lp-cart-reminder-visit';

export interface ReminderInput {
  /** Items in the cart (the cart store's count). */
  count: number;
  /** The stored last-visit stamp, or null when there is none. */
  lastVisit: number | null;
  now: number;
  /** The current path, e.g. '/cart/checkout'. */
  path: string;
}

export interface ReminderDecision {
  /** Open the popup now. */
  show: boolean;
  /** Write `now` as the new last-visit stamp. */
  stamp: boolean;
  /** Close an open popup (cart or checkout reached). */
  hide: boolean;
}

/** The cart and checkout routes, where the reminder never shows (spec 4). */
export function isCartPath(path: string): boolean {
  const clean = path.toLowerCase().replace(/\/+$/, '');
  return clean === '/cart' || clean === '/cart/checkout';
}

/**
 * spec 4 cart reminder: hidden by default; shown when the cart has at least one item, a last-visit stamp exists
 * and is older than 24 h, and the shopper is not on cart or checkout; showing it updates the stamp. On cart or
 * checkout it is hidden and the stamp updated. A pure function: the component supplies time and storage.
 *
 * @example
 * reminderDecision({ count: 1, lastVisit: now - 25 * 3600_000, now, path: '/' }); // { show: true, stamp: true, hide: false }
 */
export function reminderDecision({ count, lastVisit, now, path }: ReminderInput): ReminderDecision {
  if (isCartPath(path)) return { show: false, stamp: true, hide: true };
  const due = lastVisit !== null && now - lastVisit > REMINDER_INTERVAL_MS;
  if (count >= 1 && due) return { show: true, stamp: true, hide: false };
  return { show: false, stamp: false, hide: false };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** Reads the stamp; anything that is not a finite, non-future-ish number counts as no stamp. */
export function readStamp(storage: StorageLike | null): number | null {
  try {
    const raw = storage?.getItem(REMINDER_STAMP_KEY);
    if (!raw || !/^\d{1,16}$/.test(raw)) return null;
    const value = Number(raw);
    return Number.isSafeInteger(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStamp(storage: StorageLike | null, now: number): void {
  try {
    storage?.setItem(REMINDER_STAMP_KEY, String(now));
  } catch {
    // blocked storage: the reminder simply never becomes due
  }
}
