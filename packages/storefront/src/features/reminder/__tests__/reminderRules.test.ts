import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REMINDER_INTERVAL_MS,
  REMINDER_STAMP_KEY,
  isCartPath,
  readStamp,
  reminderDecision,
  writeStamp,
} from '../reminderRules';

const HOUR = 3_600_000;

describe('reminderDecision (spec 4 cart reminder)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uses the 24 h interval of spec 9', () => {
    expect(REMINDER_INTERVAL_MS).toBe(86_400_000);
  });

  it('shows and re-stamps when the cart has items and the last visit is older than 24 h', () => {
    const now = Date.now();
    expect(reminderDecision({ count: 1, lastVisit: now - 25 * HOUR, now, path: '/' })).toEqual({
      show: true,
      stamp: true,
      hide: false,
    });
  });

  it('stays hidden exactly at 24 h and below, as time moves on', () => {
    const stamp = Date.now();
    vi.advanceTimersByTime(REMINDER_INTERVAL_MS);
    expect(reminderDecision({ count: 3, lastVisit: stamp, now: Date.now(), path: '/' }).show).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reminderDecision({ count: 3, lastVisit: stamp, now: Date.now(), path: '/' }).show).toBe(true);
  });

  it('stays hidden with an empty cart or without a stamp, and then does not stamp', () => {
    const now = Date.now();
    expect(reminderDecision({ count: 0, lastVisit: now - 48 * HOUR, now, path: '/' })).toEqual({
      show: false,
      stamp: false,
      hide: false,
    });
    expect(reminderDecision({ count: 2, lastVisit: null, now, path: '/kennzeichen' })).toEqual({
      show: false,
      stamp: false,
      hide: false,
    });
  });

  it.each(['/cart', '/cart/', '/cart/checkout', '/CART/Checkout'])(
    'never shows on %s, hides and stamps there',
    (path) => {
      const now = Date.now();
      expect(reminderDecision({ count: 5, lastVisit: now - 72 * HOUR, now, path })).toEqual({
        show: false,
        stamp: true,
        hide: true,
      });
    },
  );

  it('treats only cart and checkout as cart paths', () => {
    expect(isCartPath('/cart-zubehoer')).toBe(false);
    expect(isCartPath('/cart/checkout/extra')).toBe(false);
    expect(isCartPath('/wishlist')).toBe(false);
  });
});

describe('the stored stamp', () => {
  it('reads what was written and ignores garbage', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => memory.set(k, v),
    };
    expect(readStamp(storage)).toBeNull();
    writeStamp(storage, 1_700_000_000_000);
    expect(memory.get(REMINDER_STAMP_KEY)).toBe('1700000000000');
    expect(readStamp(storage)).toBe(1_700_000_000_000);
    for (const junk of ['abc', '-5', '1e99', '', '<script>', '9'.repeat(40)]) {
      memory.set(REMINDER_STAMP_KEY, junk);
      expect(readStamp(storage)).toBeNull();
    }
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readStamp(broken)).toBeNull();
    expect(() => writeStamp(broken, 1)).not.toThrow();
    expect(readStamp(null)).toBeNull();
  });
});
