import type { Cart } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addBody, call, expectError, makeApi } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const add = (productUniqueId: string, attributes: Record<string, string>) =>
  call(api, 'POST', paths.cart.addItem, { body: addBody(productUniqueId, 1, attributes) });

const line = (res: { body: unknown }) => (res.body as Cart).items![0]!;

/** Issue 13: the line's attributes always match the variant charged; the server checks it. */
describe('a cart line says what is charged', () => {
  it('refuses the Acrylglas name plate written as Aluminium, and Aluminium named as Acrylglas', async () => {
    const wrong = await add('NMS-001-ACRYLGLAS', { Ausführung: 'Aluminium', Beschriftung: 'Familie Groß' });
    expectError(wrong, 400, 'variant-mismatch');
    expect(wrong.body).toMatchObject({ errors: [{ field: 'Ausführung' }] });
    // Without the finish the line would fall back to the product's default (Aluminium): refused too.
    expectError(await add('NMS-001-ACRYLGLAS', { Beschriftung: 'Familie Groß' }), 400, 'variant-mismatch');
  });

  it('charges 24,90 € for Acrylglas whether the variant or the parent is named, with the inscription kept', async () => {
    const acryl = { Ausführung: 'Acrylglas', Beschriftung: 'Familie Groß' };
    const byVariant = line(await add('NMS-001-ACRYLGLAS', acryl));
    expect(byVariant.price).toBe(24.9);
    expect(byVariant.addData[0]!.info.Attributes).toMatchObject(acryl);
    // Before: the parent named with Acrylglas was charged the Aluminium price (19,90 €).
    expect(line(await add('NMS-001', acryl)).price).toBe(24.9);
    expect(line(await add('NMS-001', { Ausführung: 'Aluminium' })).price).toBe(19.9);
  });

  it('refuses a finish or mounting the product is not made in', async () => {
    expectError(await add('NMS-001', { Ausführung: 'Gold' }), 400, 'variant-mismatch');
    const sign = { Kennzeichen: 'PRIVAT', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: 'parkplatz' };
    expectError(await add('PPS-001', { ...sign, Montage: 'Magnet' }), 400, 'variant-mismatch');
    expectError(await add('PPS-001-parkplatz-PFOSTEN', sign), 400, 'variant-mismatch');
  });

  it('refuses attributes that contradict a product without variants, accepts matching ones', async () => {
    const res = await add('KZH-001', { Kennzeichengröße: '340x200' });
    expectError(res, 400, 'variant-mismatch');
    expect(res.body).toMatchObject({ errors: [{ field: 'Kennzeichengröße' }] });
    expect((await add('KZH-001', { Kennzeichengröße: '520x110', Farbe: 'Schwarz' })).status).toBe(200);
    expectError(await add('KZH-001', { Farbe: 'Pink' }), 400, 'variant-mismatch');
  });

  it('answers hostile and huge attribute values with 400, never 500', async () => {
    for (const value of ['<script>alert(1)</script>', 'x'.repeat(400), '']) {
      const res = await add('NMS-001', { Ausführung: value });
      expect([400]).toContain(res.status);
    }
  });
});
