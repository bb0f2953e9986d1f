import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHitCounter } from '../src/limits/hitCounter';
import { type Api, makeApi } from './support/testApi';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('hit counters in rate_limits (fixed windows on the database clock)', () => {
  let api: Api;
  beforeAll(async () => {
    api = await makeApi();
  });
  afterAll(() => api.close());

  it('counts hits per key within a window and starts a new window once it has ended', async () => {
    const counter = createHitCounter(api.db);
    // A window long enough for three hits on a loaded machine, short enough to wait for its end.
    const first = await counter.hit('test:a', 1_500);
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(1_500);
    expect((await counter.hit('test:a', 1_500)).count).toBe(2);
    expect((await counter.hit('test:b', 1_500)).count).toBe(1);
    await sleep(1_600);
    expect((await counter.hit('test:a', 1_500)).count).toBe(1);
  });

  it('takes back a hit without going below zero', async () => {
    const counter = createHitCounter(api.db);
    await counter.hit('test:c', 60_000);
    await counter.hit('test:c', 60_000);
    await counter.unhit('test:c');
    expect((await counter.hit('test:c', 60_000)).count).toBe(2);
    await counter.unhit('test:c');
    await counter.unhit('test:c');
    await counter.unhit('test:c');
    expect((await counter.hit('test:c', 60_000)).count).toBe(1);
  });

  it('sweeps ended windows away, at most once a minute per process', async () => {
    let clock = Date.now();
    const counter = createHitCounter(api.db, () => clock);
    await counter.hit('test:old', 1);
    await sleep(20);
    const keys = async () =>
      (await api.db.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'test:%'")).map(
        (r) => r.key,
      );
    await counter.hit('test:new', 60_000);
    expect(await keys()).toContain('test:old');
    clock += 61_000;
    await counter.hit('test:new', 60_000);
    // The sweep runs beside the hit, not before its answer.
    await expect.poll(keys, { timeout: 10_000 }).not.toContain('test:old');
    expect(await keys()).toContain('test:new');
  });
});
