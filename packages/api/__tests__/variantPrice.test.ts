import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, call, makeApi, expectError } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const seasonal = {
  Kennzeichen: 'B-AB 123',
  'Kennzeichen-Art': 'Saisonkennzeichen',
  Kennzeichengröße: '520x110',
  'Saison-Start': '4',
  'Saison-Ende': '10',
};

const add = (productUniqueId: string, attributes: Record<string, string>, cartGuid?: string) =>
  call(api, 'POST', paths.cart.addItem, {
    body: addBody(productUniqueId, 1, attributes),
    ...(cartGuid ? { cartGuid } : {}),
  });

/** Security review 4: the line's configuration, not only the named id, decides the price. */
describe('variant prices follow the configured Kennzeichen-Art and Kennzeichengröße', () => {
  it('refuses a standard variant id carrying a seasonal configuration', async () => {
    const res = await add('KFZ-001-520x110-STD', seasonal);
    expectError(res, 400, 'variant-mismatch');
    expect(res.body).toMatchObject({ message: 'The configuration does not match the chosen variant.' });
    const size = await add('KFZ-001-460x110-SAI', seasonal);
    expectError(size, 400, 'variant-mismatch');
  });

  it('charges the seasonal surcharge when the parent product is named, also after a quantity change', async () => {
    const res = await add('KFZ-001', seasonal);
    expect(res.status).toBe(200);
    const cart = res.body as Cart;
    expect(cart.items![0]!.price).toBe(14.9);
    const updated = await call(api, 'POST', paths.cart.updateItem, {
      body: { itemInternalId: cart.items![0]!.itemInternalId, quantity: 2 },
      cartGuid: cart.cartGuid!,
    });
    expect((updated.body as Cart).items![0]!.price).toBe(14.9);
  });

  it('charges the matching seasonal variant and the standard price for a standard plate', async () => {
    const variant = await add('KFZ-001-520x110-SAI', seasonal);
    expect(variant.status).toBe(200);
    expect((variant.body as Cart).items![0]!.price).toBe(14.9);
    const standard = await add('KFZ-001', {
      Kennzeichen: 'B-AB 123',
      'Kennzeichen-Art': 'Standard',
      Kennzeichengröße: '520x110',
    });
    expect((standard.body as Cart).items![0]!.price).toBe(12.9);
  });

  it('refuses a parent whose configuration matches none of its variants', async () => {
    const res = await add('KFZ-001', { ...seasonal, Kennzeichengröße: '255x130' });
    expectError(res, 400, 'variant-mismatch');
  });

  it('keeps fun plates and parking signs (Kennzeichen-Art Standard) working by parent and variant', async () => {
    const fun = { Kennzeichen: 'HALLO', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '460x110' };
    expect((await add('FKZ-001-460x110', fun)).status).toBe(200);
    expect((await add('FKZ-001', fun)).status).toBe(200);
    expectError(await add('FKZ-001-520x110', fun), 400, 'variant-mismatch');
    const sign = { Kennzeichen: 'PRIVAT', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: 'parkplatz' };
    const wall = await add('PPS-001', sign);
    expect((wall.body as Cart).items![0]!.price).toBe(24.9);
    const post = await add('PPS-001-parkplatz-PFOSTEN', { ...sign, Montage: 'mit Pfosten' });
    expect((post.body as Cart).items![0]!.price).toBe(59.9);
    const postByParent = await add('PPS-001', { ...sign, Montage: 'mit Pfosten' });
    expect((postByParent.body as Cart).items![0]!.price).toBe(59.9);
  });
});
