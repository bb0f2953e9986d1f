import { describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/renderTypes';
import { createLazyRenderer } from '../lazyRenderer';

const renderer = { company: {} } as unknown as Renderer;

describe('the renderer while the API may be away', () => {
  it('shares one attempt between concurrent requests and keeps the renderer once made', async () => {
    let calls = 0;
    let finish: (value: Renderer) => void = () => {};
    const lazy = createLazyRenderer(() => {
      calls++;
      return new Promise<Renderer>((done) => {
        finish = done;
      });
    });
    const waiting = [lazy.get(), lazy.get(), lazy.get()];
    expect(calls).toBe(1);
    finish(renderer);
    expect(await Promise.all(waiting)).toEqual([renderer, renderer, renderer]);
    expect(await lazy.get()).toBe(renderer);
    expect(calls).toBe(1);
  });

  it('answers undefined after a failure, asks again only after a growing, bounded back-off', async () => {
    let clock = 0;
    let calls = 0;
    let apiUp = false;
    const failures: unknown[] = [];
    const lazy = createLazyRenderer(
      async () => {
        calls++;
        if (!apiUp) throw new Error('ECONNREFUSED');
        return renderer;
      },
      { backoffMs: 100, maxBackoffMs: 250, now: () => clock, onFailure: (error) => failures.push(error) },
    );
    expect(await lazy.get()).toBeUndefined();
    expect(await lazy.get()).toBeUndefined(); // within the back-off: the API is not asked
    expect(calls).toBe(1);
    clock = 100;
    expect(await lazy.get()).toBeUndefined();
    expect(calls).toBe(2);
    clock = 299; // the back-off doubled to 200
    expect(await lazy.get()).toBeUndefined();
    expect(calls).toBe(2);
    clock = 300;
    await lazy.get();
    clock = 550; // capped at 250
    apiUp = true;
    expect(await lazy.get()).toBe(renderer);
    expect(calls).toBe(4);
    expect(failures).toHaveLength(3);
  });

  it('survives odd options and a creator that throws synchronously inside its promise', async () => {
    const lazy = createLazyRenderer(() => Promise.reject('not an error'), {
      backoffMs: -5,
      maxBackoffMs: Number.NaN,
    });
    expect(await lazy.get()).toBeUndefined();
    expect(await lazy.get()).toBeUndefined();
  });
});
