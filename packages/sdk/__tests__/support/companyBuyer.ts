// A company buyer of the invoice-reference tests (session 21's buyerReference and buyerVatId) against the real API on
// a random port: PGlite in memory, or a fresh database on TEST_DATABASE_URL's PostgreSQL server. One set-up for the
// feature's tests and the hostile ones of session 22, which had written it twice.
import { afterAll, beforeAll } from 'vitest';
// Relative imports instead of a workspace dependency: @lp/api depends on @lp/sdk (see checkout.test.ts).
import { createTestDatabase } from '../../../api/__tests__/support/testApi';
import { type RunningApi, startApi } from '../../../api/src/index';
import { createMemoryStorage } from '../../src/appState';
import { createSdk } from '../../src/createSdk';
import type { CheckoutInput } from '../../src/services/checkoutService';
import { funschild, SHIPPING } from './shopper';

/**
 * Starts the API before the file's tests and stops it (and drops its database) after them. `company` names the
 * billing address's company, `email` the buyer's address. Call it at the top of a test file.
 */
export function companyBuyerOnRealApi(options: { company: string; email: string }) {
  let api: RunningApi;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const server = process.env.TEST_DATABASE_URL;
    const database = server ? await createTestDatabase(server) : undefined;
    if (database) dropDatabase = database.drop;
    api = await startApi({
      port: 0,
      host: '127.0.0.1',
      rateLimit: false,
      ...(database ? { databaseUrl: database.url } : { dataDir: 'memory' }),
    });
  });
  afterAll(async () => {
    await api?.close();
    await dropDatabase();
  });

  const COMPANY = { ...SHIPPING, company: options.company };

  /** A company order paid by PayPal, billed to COMPANY, with `patch` over it. */
  const input = (patch: Partial<CheckoutInput> = {}): CheckoutInput => ({
    email: options.email,
    phone: '+49 3012345678',
    shipping: SHIPPING,
    billing: COMPANY,
    paymentMethod: 'paypal',
    returnUrl: `${api.url}/wait-for-confirmation`,
    cancelUrl: `${api.url}/cancel-order`,
    ...patch,
  });

  /**
   * A buyer with `quantity` Funschilder in the cart (none for 0); `calls` names the endpoints called after that,
   * `saves` holds the bodies of the order saves sent.
   */
  async function buyer(quantity = 1) {
    const calls: string[] = [];
    const saves: Record<string, unknown>[] = [];
    const sdk = createSdk({
      baseUrl: api.url,
      storage: createMemoryStorage(),
      retries: 0,
      fetch: (url, init) => {
        const path = new URL(String(url)).pathname;
        calls.push(path.replace(/^\/api\/\w+\//, ''));
        if (path.endsWith('/saveOrder')) saves.push(JSON.parse(String(init?.body)));
        return fetch(url, init);
      },
    });
    if (quantity > 0) await sdk.cartStore.getState().add(funschild(quantity));
    calls.length = 0;
    return { sdk, calls, saves };
  }

  return { api: () => api, COMPANY, input, buyer };
}
