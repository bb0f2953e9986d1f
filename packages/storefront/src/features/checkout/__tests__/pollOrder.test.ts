import type { Order } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { pollOrder } from '../pollOrder';

const order = (status: Order['status']) => ({ status, headerGuid: 'g' }) as Order;

describe('pollOrder', () => {
  it('asks until the order is paid, telling each status', async () => {
    const answers = [order('paymentPending'), order('paymentPending'), order('paid')];
    const seen: string[] = [];
    const result = await pollOrder(async () => answers.shift() ?? order('paid'), {
      intervalMs: 5,
      onStatus: (o) => seen.push(o.status),
    });
    expect(result.state).toBe('paid');
    expect(seen).toEqual(['paymentPending', 'paymentPending', 'paid']);
  });

  it('stops on a cancelled payment and survives failed reads', async () => {
    let calls = 0;
    const result = await pollOrder(
      async () => {
        calls++;
        if (calls < 3) throw new Error('network');
        return order('cancelled');
      },
      { intervalMs: 5 },
    );
    expect(result.state).toBe('cancelled');
    expect(calls).toBe(3);
  });

  it('gives up after the time limit and when aborted', async () => {
    const started = Date.now();
    const timeout = await pollOrder(async () => order('paymentPending'), { intervalMs: 10, timeoutMs: 60 });
    expect(timeout.state).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 30);
    const aborted = await pollOrder(async () => order('paymentPending'), {
      intervalMs: 10_000,
      signal: abort.signal,
    });
    expect(aborted.state).toBe('aborted');
  });
});
