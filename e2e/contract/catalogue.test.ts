import { isLpError } from '@lp/sdk';
import { COMPANY_ALIAS, MAIN_CATEGORY_ID } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, withApi } from '../support/api';

let api: ApiHandle;
beforeAll(async () => {
  api = await withApi();
});
afterAll(() => api?.close());

describe('catalogue, content and shipping through the SDK against the real API', () => {
  it('finds the company lp-de (UniqueId 1001) once and caches it', async () => {
    const sdk = api.sdk();
    const company = await sdk.getCompany();
    expect(company).toMatchObject({ UniqueId: 1001, Alias: COMPANY_ALIAS });
    expect(await sdk.getCompany()).toBe(company);
    expect((await sdk.catalogue.companies()).map((c) => c.Alias)).toContain('lp-de');
  });

  it('browses products (page 1 of 1000), one product by alias, menu, tree and discounts', async () => {
    const sdk = api.sdk();
    const { items, page, pageSize, total } = await sdk.catalogue.products(1001);
    expect({ page, pageSize }).toEqual({ page: 1, pageSize: 1000 });
    expect(items.length).toBe(total);
    expect(items.length).toBeGreaterThan(10);
    const funschild = await sdk.catalogue.productByAlias(1001, 'funschild');
    expect(funschild).toMatchObject({ UniqueId: 'FKZ-001', Price: 14.9, Currency: 'EUR' });
    const menu = await sdk.catalogue.menu(1001);
    expect(menu.some((m) => m.CategoryId === MAIN_CATEGORY_ID)).toBe(true);
    const tree = await sdk.catalogue.categoryTree('lp-de');
    expect(tree.length).toBeGreaterThan(0);
    expect(Array.isArray(await sdk.catalogue.discounts('FKZ-001', 1001))).toBe(true);
  });

  it('answers unknown products and companies with the spec 8 error and status 404', async () => {
    const sdk = api.sdk();
    const error = await sdk.catalogue.productByAlias(1001, 'gibt-es-nicht').catch((e: unknown) => e);
    expect(isLpError(error) && error.code === 'http' && error.status === 404).toBe(true);
    expect((error as Error).message).toBe('An unexpected server error occurred.');
    // The API's machine code and English detail ride along (DESIGN 2).
    expect(error).toMatchObject({ apiCode: 'product-not-found', detail: 'Product gibt-es-nicht not found.' });
    await expect(sdk.catalogue.company('no-such-shop')).rejects.toMatchObject({
      status: 404,
      reason: 'Not Found',
      apiCode: 'not-found',
    });
  });

  it('reads articles and an information page', async () => {
    const sdk = api.sdk();
    const articles = await sdk.content.articles(1001);
    expect(articles.length).toBeGreaterThan(0);
    const first = articles[0]!;
    const page = await sdk.content.page(first.Alias, 1001);
    expect(page).toMatchObject({ Alias: first.Alias, Title: first.Title });
    expect(typeof page.Content).toBe('string');
  });

  it('reads shipping methods, countries and rates for Germany', async () => {
    const sdk = api.sdk();
    const [method] = await sdk.shipping.activeMethods(1001);
    expect(method?.shippingRates.find((r) => r.rate === 0)?.minOrderAmount).toBe(50);
    expect((await sdk.shipping.countries()).map((c) => c.code)).toContain('DE');
    const [below] = await sdk.shipping.rates(1001, 20);
    const [above] = await sdk.shipping.rates(1001, 80);
    expect(below?.shippingCost).toBe(4.9);
    expect(above?.shippingCost).toBe(0);
  });

  it('reads the payment types of the company', async () => {
    const types = await api.sdk().orders.paymentTypes(1001);
    expect(types.map((t) => t.id)).toEqual(expect.arrayContaining(['paypal', 'card']));
  });

  it('rejects hostile input with a clear error and no server error', async () => {
    const sdk = api.sdk();
    for (const call of [
      () => sdk.catalogue.productByAlias(1001, "x' OR 1=1 --"),
      () => sdk.catalogue.productByAlias(1001, 'ä'.repeat(5000)),
      () => sdk.content.page('<script>alert(1)</script>', 1001),
      () => sdk.catalogue.menu(99999999),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(isLpError(error)).toBe(true);
      expect((error as { status?: number }).status).toBeGreaterThanOrEqual(400);
      expect((error as { status?: number }).status).toBeLessThan(500);
    }
  });
});
