import type { Cart } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { CartCache } from '../src/cart/cartCache';

const GUID = '11111111-1111-4111-8111-111111111111';
const view = (quantity: number): Cart => ({
  id: 1,
  userId: null,
  cartGuid: GUID,
  deliveryPrice: 0,
  totalAmount: quantity,
  items: [],
});

/** A read the test finishes by hand, counting how often the database would be asked. */
function reads() {
  const pending: ((cart: Cart) => void)[] = [];
  return {
    pending,
    read: () =>
      new Promise<Cart>((resolve) => {
        pending.push(resolve);
      }),
  };
}

// DESIGN 7: getCart stays cheap under load; a burst for one uncached cart must not become a burst of reads, and
// never answer a cart older than a write the caller has already seen answered.
describe('cart view cache', () => {
  it('lets a burst of requests for one uncached cart share one read, then answers from memory', async () => {
    const cache = new CartCache(true);
    const db = reads();
    const burst = Array.from({ length: 20 }, () => cache.load(GUID, db.read));
    expect(db.pending).toHaveLength(1);
    db.pending[0]!(view(1));
    expect((await Promise.all(burst)).every((v) => v.totalAmount === 1)).toBe(true);
    expect(await cache.load(GUID, db.read)).toMatchObject({ totalAmount: 1 });
    expect(db.pending).toHaveLength(1);
  });

  it('starts a new read after a write, and does not keep the older read', async () => {
    const cache = new CartCache(true);
    const db = reads();
    const before = cache.load(GUID, db.read);
    cache.invalidate(GUID); // a write committed while the first read ran
    const after = cache.load(GUID, db.read);
    expect(db.pending).toHaveLength(2);
    db.pending[1]!(view(2));
    db.pending[0]!(view(1));
    expect((await before).totalAmount).toBe(1);
    expect((await after).totalAmount).toBe(2);
    expect(cache.get(GUID)?.totalAmount).toBe(2);
  });

  it('does not share or keep a failed read', async () => {
    const cache = new CartCache(true);
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('database gone'));
    };
    await expect(Promise.all([cache.load(GUID, failing), cache.load(GUID, failing)])).rejects.toThrow(
      'database gone',
    );
    expect(calls).toBe(1);
    expect(await cache.load(GUID, async () => view(3))).toMatchObject({ totalAmount: 3 });
  });

  it('reads every time when disabled (a shared PostgreSQL server)', async () => {
    const cache = new CartCache(false);
    let calls = 0;
    const read = async () => {
      calls++;
      return view(calls);
    };
    await Promise.all([cache.load(GUID, read), cache.load(GUID, read)]);
    await cache.load(GUID, read);
    expect(calls).toBe(3);
  });
});
