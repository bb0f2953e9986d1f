// Art. 246a § 1 (1) no. 7 EGBGB, § 312d and § 312j (2) BGB: a shop states the delivery time before the order. The
// shop owner words it per shipping method (migration 023); the contract carries it, absent when none is stated.
import type { Article, ShippingMethod } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, call, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const methods = async () =>
  (await call(api, 'GET', `${paths.shipping.activeMethods}?companyId=1001`)).body as ShippingMethod[];

describe('delivery time of a shipping method', () => {
  it("is the seeded method's '1–3 Werktage', on the shipping page too", async () => {
    expect((await methods()).map((m) => m.deliveryTime)).toEqual(['1–3 Werktage']);
    const page = (await call(api, 'GET', `${paths.content.page}?alias=zahlung-und-versand&companyId=1001`))
      .body as Article;
    expect(page.Content).toContain('<strong>Lieferzeit:</strong> 1–3 Werktage innerhalb Deutschlands.');
  });

  it('is left out of the answer when the shop states none, and the database takes no empty one', async () => {
    await api.db.query('UPDATE shipping_methods SET delivery_time = NULL WHERE id = 1');
    try {
      const [method] = await methods();
      expect(method).toBeDefined();
      expect(method).not.toHaveProperty('deliveryTime');
      await expect(
        api.db.query("UPDATE shipping_methods SET delivery_time = '' WHERE id = 1"),
      ).rejects.toThrow(/check constraint/);
    } finally {
      await api.db.query("UPDATE shipping_methods SET delivery_time = '1–3 Werktage' WHERE id = 1");
    }
    expect((await methods())[0]?.deliveryTime).toBe('1–3 Werktage');
  });
});
