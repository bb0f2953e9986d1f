import type { LpClient, RequestOptions } from '../client/createClient';
import type { DealerOrderList, DealerStatement } from '../contract/dealerTypes';
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

/** Options of {@link DealerService.statement}. */
export interface DealerStatementOptions extends Pick<RequestOptions, 'signal' | 'timeoutMs'> {
  /** The dealer key the shop operator handed over (`lpdk_...`). A secret: use it on a server, never in a page. */
  key: string;
  /** The calendar month in Berlin, `YYYY-MM` (2000-2099), e.g. '2026-11'. */
  month: string;
}

/** The key, checked: a key pasted with a zero-width space or a typographic character cannot travel in a header. */
function bearerHeader(key: unknown): { Authorization: string } {
  const text = requireText('key', key);
  // fetch would fail it as a network error (and GETs retry): say what is wrong before anything is sent.
  if (/[^\x21-\x7e]/.test(text)) throw invalidParameter('key');
  return { Authorization: `Bearer ${text}` };
}

const options = (value: unknown): void => {
  if (value === null || typeof value !== 'object') throw invalidParameter('options');
};

const whole = (name: string, value: unknown, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidParameter(name);
  return value;
};

/**
 * Issue 12: what a dealer reads with its key (its orders, its monthly statement), `@lp/sdk/dealer` (its own entry, so the page bundles never carry it:
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
    async orders(page: DealerOrdersOptions): Promise<DealerOrderList> {
      options(page);
      return client.request<DealerOrderList>('GET', dealerPaths.orders, {
        query: {
          limit: whole('limit', page.limit, 1, 100),
          offset: whole('offset', page.offset, 0, 1_000_000),
        },
        headers: bearerHeader(page.key),
        signal: page.signal,
        timeoutMs: page.timeoutMs,
      });
    },

    /**
     * The dealer's commission statement for a calendar month (Berlin), as the shop owner's `lp-api dealer
     * statement` shows it: the credited orders invoiced in the month, the refunds recorded in it (amounts ≤ 0) and
     * the totals, in euro. `closed` is false while the month is not over: more may come. A month not written
     * `YYYY-MM` rejects before anything is sent; a wrong key rejects with status 401 (`apiCode` 'unauthorized').
     *
     * @example
     * const november = await dealer.statement({ key, month: '2026-11' });
     * console.log(november.totals.goodsNet, november.closed ? 'final' : 'so far');
     */
    async statement(request: DealerStatementOptions): Promise<DealerStatement> {
      options(request);
      if (typeof request.month !== 'string' || !/^20\d{2}-(0[1-9]|1[0-2])$/.test(request.month))
        throw invalidParameter('month');
      return client.request<DealerStatement>('GET', dealerPaths.statement, {
        query: { month: request.month },
        headers: bearerHeader(request.key),
        signal: request.signal,
        timeoutMs: request.timeoutMs,
      });
    },
  };
}
