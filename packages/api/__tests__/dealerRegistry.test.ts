// Session 22, health (split from dealers.test.ts): the per-process copy of the registered dealers, on a database
// stand-in that counts its reloads and can fail.
import { describe, expect, it } from 'vitest';
import { createDealerRegistry } from '../src/dealers/dealerRegistry';
import { MEYER, SCHULZE, STRANGER } from './support/dealerWorld';

describe('the per-process copy of the registered dealers (dealerRegistry)', () => {
  /** A database stand-in that counts reloads and can fail (failure injection). */
  function fakeDb() {
    const state = { origins: [MEYER], ids: ['autohaus-meyer'], fail: false, reloads: 0, lookups: 0 };
    const db = {
      identity: {},
      exec: async () => {},
      query: async (sql: string) => {
        if (state.fail) throw new Error('connection lost');
        if (sql.includes('array_agg')) {
          state.reloads++;
          return [{ origins: [...state.origins], ids: [...state.ids] }];
        }
        state.lookups++;
        return state.ids.includes('schulze-kfz') ? [{ '?column?': 1 }] : [];
      },
    };
    return { db: db as never, state };
  }

  it('reloads at most once per cache time, also under many concurrent checks', async () => {
    const { db, state } = fakeDb();
    let clock = 0;
    const registry = createDealerRegistry(db, { cacheMs: 3000, now: () => clock });
    const answers = await Promise.all(Array.from({ length: 50 }, () => registry.allowsOrigin(MEYER)));
    expect(answers.every(Boolean)).toBe(true);
    expect(state.reloads).toBe(1);
    state.origins = [SCHULZE];
    clock = 2999;
    expect(await registry.allowsOrigin(SCHULZE)).toBe(false);
    clock = 3000;
    expect(await registry.allowsOrigin(SCHULZE)).toBe(true);
    expect(await registry.allowsOrigin(MEYER)).toBe(false);
    expect(state.reloads).toBe(2);
  });

  it('keeps the last copy while the database cannot answer, and reports the failure', async () => {
    const { db, state } = fakeDb();
    let clock = 0;
    const errors: unknown[] = [];
    const registry = createDealerRegistry(db, {
      cacheMs: 1000,
      now: () => clock,
      onError: (e) => errors.push(e),
    });
    expect(await registry.allowsOrigin(MEYER)).toBe(true);
    state.fail = true;
    clock = 5000;
    expect(await registry.allowsOrigin(MEYER)).toBe(true);
    expect(await registry.allowsOrigin(STRANGER)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('allows no dealer origin when it never could load (configured origins are not its business)', async () => {
    const { db, state } = fakeDb();
    state.fail = true;
    const registry = createDealerRegistry(db, { onError: () => {} });
    expect(await registry.allowsOrigin(MEYER)).toBe(false);
  });

  it('knows cached ids without a query and looks up ids it has not seen', async () => {
    const { db, state } = fakeDb();
    const registry = createDealerRegistry(db, { now: () => 0 });
    expect(await registry.isDealer('autohaus-meyer')).toBe(true);
    expect(state.lookups).toBe(0);
    expect(await registry.isDealer('schulze-kfz')).toBe(false);
    state.ids.push('schulze-kfz');
    expect(await registry.isDealer('schulze-kfz')).toBe(true);
    expect(state.lookups).toBe(2);
  });
});
