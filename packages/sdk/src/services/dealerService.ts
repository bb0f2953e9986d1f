import type { LpClient, RequestOptions } from '../client/createClient';
import type { DealerOrderList } from '../contract/dealerTypes';
import { dealerPaths } from '../contract/paths';
import { invalidParameter, requireText } from './requireParam';

export type DealerService = ReturnType<typeof createDealerService>;

/** Options of {@link DealerService.orders}. */
export interface DealerOrdersOptions extends Pick<RequestOptions, 'signal' | 'timeoutMs'> {
  /** The dealer key the shop operator handed over (`lpdk_...`). A secret: use it on a server, never in a page. */
  key: string;
  /** Orders per page, 1-100. @default 20 */
  limit?: number;
  /** Orders to skip, 0-1,000,000. @default 0 */
  offset?: number;
}

const whole = (name: string, value: unknown, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidParameter(name);
  return value;
};

/**
 * Issue 12: what a dealer reads with its key, `@lp/sdk/dealer` (its own entry, so the page bundles never carry it:
 * a dealer key belongs on the dealer's server).
 *
 * @example
 * import { createClient } from '@lp/sdk';
 * import { createDealerService } from '@lp/sdk/dealer';
 * const dealer = createDealerService(createClient({ baseUrl: 'https://api.shop.example' }));
 * const { items, totalCount } = await dealer.orders({ key: process.env.LP_DEALER_KEY!, limit: 50 });
 */
export function createDealerService(client: LpClient) {
  return {
    /**
     * One page of the orders credited to the key's dealer, newest first: number, date, total, status (no customer
     * data). A wrong key rejects with an `LpError` of status 401 (`apiCode` 'unauthorized').
     *
     * @example
     * const page = await dealer.orders({ key, limit: 20, offset: 0 });
     * for (const o of page.items) console.log(o.orderNumber, o.createdAt, o.totalAmount, o.status);
     */
    async orders(options: DealerOrdersOptions): Promise<DealerOrderList> {
      if (options === null || typeof options !== 'object') throw invalidParameter('options');
      const key = requireText('key', options.key);
      // A key pasted with a zero-width space or a typographic character cannot travel in a header: fetch would
      // fail it as a network error (and GETs retry); say what is wrong before anything is sent.
      if (/[^\x21-\x7e]/.test(key)) throw invalidParameter('key');
      return client.request<DealerOrderList>('GET', dealerPaths.orders, {
        query: {
          limit: whole('limit', options.limit, 1, 100),
          offset: whole('offset', options.offset, 0, 1_000_000),
        },
        headers: { Authorization: `Bearer ${key}` },
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
    },
  };
}
