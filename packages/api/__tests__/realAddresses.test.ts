// Issue 13 "Real addresses pass": the API checks addresses with the SDK's rule, so every real German street and
// place of the shared list is accepted in an order, and hostile input is still refused with a field error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import addresses from '../../sdk/__tests__/data/germanAddresses.json';
import { type Api, addBody, addItem, address, call, expectError, makeApi, saveBody } from './support/testApi';

let api: Api;
let cartGuid: string;
beforeAll(async () => {
  api = await makeApi();
  cartGuid = (await addItem(api, addBody('KZH-001', 1))).cartGuid!;
});
afterAll(() => api.close());

const save = (shippingAddress: Record<string, unknown>) =>
  call(api, 'POST', '/api/Order/saveOrder', {
    body: saveBody({ shippingAddress: shippingAddress as never }),
    cartGuid,
  });

describe('real German addresses in an order (issue 13)', () => {
  it(`accepts the ${addresses.streets.length} streets and ${addresses.cities.length} places of the list`, async () => {
    const refused: string[] = [];
    const pairs = Math.max(addresses.streets.length, addresses.cities.length);
    for (let i = 0; i < pairs; i++) {
      const street = addresses.streets[i % addresses.streets.length]!;
      const city = addresses.cities[i % addresses.cities.length]!;
      const res = await save({ ...address, street, city });
      if (res.status !== 200) refused.push(`${street} / ${city}: ${JSON.stringify(res.body)}`);
    }
    expect(refused).toEqual([]);
  });

  it('keeps the saved street and place as typed', async () => {
    const res = await save({
      ...address,
      street: 'Straße des 17. Juni',
      houseNumber: '135',
      city: 'Frankfurt (Oder)',
    });
    const order = await call(
      api,
      'GET',
      `/api/Order/getOrder?headerGuid=${(res.body as { orderHeaderGuid: string }).orderHeaderGuid}`,
    );
    expect(order.body).toMatchObject({
      shippingAddress: { street: 'Straße des 17. Juni', city: 'Frankfurt (Oder)' },
    });
  });

  it.each([...addresses.hostile, 'Weg\u0007', `${'Am 1. Mai '.repeat(20)}`])(
    'refuses %j as street and as place with a field error',
    async (value) => {
      for (const field of ['street', 'city'] as const) {
        const res = await save({ ...address, [field]: value });
        expectError(res, 400, 'validation');
        const fields = ((res.body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
        // Control characters stop at the schema (the field's path); the rest at the address rule.
        expect(fields.some((f) => f.endsWith(field))).toBe(true);
      }
    },
  );
});
