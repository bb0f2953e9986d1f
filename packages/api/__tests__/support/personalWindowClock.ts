import { accountPaths } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { type Api, call } from './testApi';

/**
 * Time passes for one order (session 26, orders/personalWindow.ts): every moment its 24-hour window counts from
 * (creation, payment, the save that wrote the buyer) moves `hours` into the past, on the database's clock.
 */
export async function hoursPass(api: Api, headerGuid: string, hours: number): Promise<void> {
  await api.db.query(
    `UPDATE orders SET created_at = created_at - make_interval(hours => $2),
            invoiced_at = invoiced_at - make_interval(hours => $2),
            buyer_written_at = buyer_written_at - make_interval(hours => $2)
      WHERE header_guid = $1::uuid`,
    [headerGuid, hours],
  );
}

/** A customer who owns none of the test's orders, newly registered: the browser's cookie header of their session. */
export async function otherCustomerSession(api: Api): Promise<{ cookie: string }> {
  const other = await call(api, 'POST', accountPaths.register, {
    body: {
      email: `fremd.${Date.now()}@example.de`,
      password: 'Geheim 2026!',
      name: 'Fritz',
      lastName: 'Fremd',
      confirmUrl: 'http://127.0.0.1:3000/c',
    },
  });
  expect(other.status).toBe(201);
  const cookie = ([] as string[])
    .concat(other.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('lp_session='))!
    .split(';')[0]!;
  return { cookie };
}
