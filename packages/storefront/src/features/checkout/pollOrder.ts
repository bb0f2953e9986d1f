import type { Order } from '@lp/sdk/contract';

export interface PollOptions {
  /** @default 1000 */
  intervalMs?: number;
  /** @default 60000 */
  timeoutMs?: number;
  signal?: AbortSignal;
  onStatus?(order: Order): void;
}

export type PollResult =
  | { state: 'paid' | 'cancelled'; order: Order }
  | { state: 'timeout' | 'aborted'; order: Order | null };

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Asks for the order about once a second until it is paid or cancelled, for at most a minute (issue 6:
 * /wait-for-confirmation). Failed reads count as "not yet".
 *
 * @example
 * const result = await pollOrder(() => ordersOf(sdk).get(headerGuid));
 */
export async function pollOrder(read: () => Promise<Order>, options: PollOptions = {}): Promise<PollResult> {
  const { intervalMs = 1000, timeoutMs = 60_000, signal, onStatus } = options;
  const end = Date.now() + timeoutMs;
  let last: Order | null = null;
  while (!signal?.aborted) {
    try {
      last = await read();
      onStatus?.(last);
      if (last.status === 'paid' || last.status === 'cancelled') return { state: last.status, order: last };
    } catch {
      // the next attempt decides
    }
    if (Date.now() + intervalMs > end) return { state: 'timeout', order: last };
    await wait(intervalMs, signal);
  }
  return { state: 'aborted', order: last };
}
