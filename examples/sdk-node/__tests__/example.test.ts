import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApi } from '@lp/api';
import { createSdk } from '@lp/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = fileURLToPath(new URL('..', import.meta.url));
let api: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  api = await startApi({ port: 0, dataDir: 'memory', rateLimit: false });
});
afterAll(() => api?.close());

describe('examples/sdk-node', () => {
  it('runs against a real API and prints the number of an order that is paid', async () => {
    const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'index.ts'], {
      cwd: dir,
      env: { ...process.env, LP_API_URL: api.url },
      timeout: 25_000,
    });
    const match = /Order (\S+) paid \(headerGuid ([0-9a-f-]{36})\)/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    const [, orderNumber, headerGuid] = match!;
    const order = await createSdk({ baseUrl: api.url }).orders.get(headerGuid!);
    expect(order).toMatchObject({
      orderNumber,
      status: 'paid',
      coupon: { code: 'WILLKOMMEN10' },
      // Session 21: a public buyer's order with its Leitweg-ID through sdk.checkout.placeOrder.
      billingAddress: { company: 'Stadt Musterstadt, Fuhrpark' },
      buyerReference: '04011000-1234512345-06',
    });
    expect(stdout).toContain('cart: 2 items');
  });
});
