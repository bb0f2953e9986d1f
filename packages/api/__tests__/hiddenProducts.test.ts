import type { MenuEntry, Product, ProductsPage } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, call, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** Issue 13 / spec 4: INT-001 lives only in the hidden category 1737374404, so a shopper never meets it. */
describe('products only in the hidden category', () => {
  it('are not listed, and the total counts only shown products', async () => {
    const page = (await call(api, 'GET', `${paths.business.products}?companyId=1001&page=1&pageSize=1000`))
      .body as ProductsPage<Product>;
    expect(page.items.map((p) => p.UniqueId)).not.toContain('INT-001');
    expect(page.items.map((p) => p.UniqueId)).toContain('ZUB-001');
    expect(page.total).toBe(page.items.length);
    const menu = (await call(api, 'GET', `${paths.business.menu}?companyId=1001`)).body as MenuEntry[];
    expect(menu.flatMap((m) => m.Products.map((p) => p.UniqueId))).not.toContain('INT-001');
  });

  it('are not found by alias, in any case', async () => {
    for (const alias of ['grafikservice-druckvorlage', 'GRAFIKSERVICE-DRUCKVORLAGE']) {
      const res = await call(api, 'GET', `${paths.business.productByAlias}?companyId=1001&alias=${alias}`);
      expectError(res, 404, 'product-not-found');
    }
    const shown = await call(api, 'GET', `${paths.business.productByAlias}?companyId=1001&alias=ooono`);
    expect(shown.status).toBe(200);
  });

  it('cannot be added to a cart', async () => {
    const res = await call(api, 'POST', paths.cart.addItem, { body: addBody('INT-001', 1) });
    expectError(res, 404, 'product-not-found');
    expectError(
      await call(api, 'POST', paths.cart.addItem, { body: addBody(' INT-001 ', 1) }),
      404,
      'product-not-found',
    );
  });
});
