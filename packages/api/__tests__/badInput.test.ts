import {
  MAX_LINE_TOTAL_CENTS,
  MAX_ORDER_TOTAL_CENTS,
  accountPaths,
  clientErrorPaths,
  paths,
} from '@lp/sdk/contract';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  makeApi,
  plateAttributes,
  saveBody,
} from './support/testApi';

// DESIGN 2 / 6: bad input is a 4xx in the contract's error shape with a machine code, never a 500.

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** JSON.stringify writes a lone surrogate as the escape \ud800, exactly as a hostile client sends it. */
const lone = '\ud800';

describe('F-1: a lone UTF-16 surrogate in any free text is 400 validation', () => {
  const expectRefused = (res: { status: number; body: unknown }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      code: 'validation',
      errors: expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining(field) })]),
    });
  };

  it('refuses one in a cart line attribute value and in an attribute name', async () => {
    const value = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001', 1, { ...plateAttributes(), Bemerkung: `Hallo ${lone}` }),
    });
    expectRefused(value, 'Attributes');
    const key = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001', 1, { ...plateAttributes(), [`Bemerkung${lone}`]: 'Hallo' }),
    });
    expectRefused(key, 'Attributes');
  });

  it('refuses one in every field of the shipping and billing address', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    for (const path of [paths.cart.addShippingAddress, paths.cart.addBillingAddress]) {
      for (const field of ['name', 'lastName', 'company', 'street', 'houseNumber', 'city']) {
        const res = await call(api, 'POST', path, {
          body: { ...address, [field]: `A${lone}` },
          cartGuid: cart.cartGuid!,
        });
        expectRefused(res, field);
      }
    }
  });

  it('refuses one in the billing person and addresses of saveOrder, and stores no order', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const bodies = [
      saveBody({ billingPerson: { ...saveBody().billingPerson, name: `Erika${lone}` } }),
      saveBody({ shippingAddress: { ...address, company: `Firma ${lone}` } }),
      saveBody({ billingAddress: { ...address, street: `Weg ${lone}` } }),
    ];
    for (const body of bodies) {
      const res = await call(api, 'POST', paths.order.save, { body, cartGuid: cart.cartGuid! });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation' });
    }
    const [row] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(row?.n).toBe(0);
  });

  it('refuses one in a client error report and in the login', async () => {
    const report = await call(api, 'POST', clientErrorPaths.report, {
      body: { severity: 'error', component: 'Cart', message: `boom ${lone}`, url: 'https://shop.example/' },
    });
    expectRefused(report, 'message');
    const login = await call(api, 'POST', accountPaths.login, {
      body: { email: `demo${lone}@lp-de.example`, password: 'x' },
    });
    expectRefused(login, 'email');
  });
});

describe('F-3: money limits instead of an integer overflow', () => {
  /** Makes KZH-001 cost `cents` apiece (variants included); a fresh API, so no cached price. */
  async function apiWithPrice(cents: number): Promise<Api> {
    const priced = await makeApi();
    await priced.db.query("UPDATE products SET price_cents = $1 WHERE unique_id = 'KZH-001'", [cents]);
    await priced.db.query("UPDATE product_variants SET price_cents = $1 WHERE unique_id = 'KZH-001'", [
      cents,
    ]);
    return priced;
  }

  it('refuses a line whose quantity x price is over MAX_LINE_TOTAL_CENTS, at add and at update', async () => {
    const unit = 1_000_00; // 1,000 EUR apiece
    const fit = Math.floor(MAX_LINE_TOTAL_CENTS / unit);
    const priced = await apiWithPrice(unit);
    try {
      const over = await call(priced, 'POST', paths.cart.addItem, { body: addBody('KZH-001', fit + 1) });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        code: 'order-total-limit',
        errors: [expect.objectContaining({ field: 'quantity' })],
      });
      const cart = await addItem(priced, addBody('KZH-001', fit));
      expect(cart.totalAmount).toBe((fit * unit) / 100);
      const update = await call(priced, 'POST', paths.cart.updateItem, {
        body: { itemInternalId: cart.items![0]!.itemInternalId, quantity: fit + 1 },
        cartGuid: cart.cartGuid!,
      });
      expect(update.status).toBe(400);
      expect(update.body).toMatchObject({ code: 'order-total-limit' });
      // A merge over the line limit is caught too.
      const merge = await call(priced, 'POST', paths.cart.addItem, {
        body: addBody('KZH-001', 1),
        cartGuid: cart.cartGuid!,
      });
      expect(merge.status).toBe(400);
      expect(merge.body).toMatchObject({ code: 'order-total-limit' });
    } finally {
      await priced.close();
    }
  });

  it('refuses to save an order over MAX_ORDER_TOTAL_CENTS (was a 500 from the integer column)', async () => {
    // A cart stored before the line limit existed (or priced higher since): one line worth 30 M EUR.
    const priced = await apiWithPrice(30_000_00);
    try {
      const cart = await addItem(priced, addBody('KZH-001', 1));
      await priced.db.query('UPDATE cart_items SET quantity = 999');
      expect(999 * 30_000_00).toBeGreaterThan(MAX_ORDER_TOTAL_CENTS);
      const res = await call(priced, 'POST', paths.order.save, {
        body: saveBody(),
        cartGuid: cart.cartGuid!,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: 'order-total-limit' });
    } finally {
      await priced.close();
    }
  });

  it('saves an order of exactly MAX_ORDER_TOTAL_CENTS and refuses one cent more', async () => {
    // 1 cent apiece (carts are priced at the catalogue's price, so the total is set through the quantity, which
    // the database takes beyond what the add allows).
    const priced = await apiWithPrice(1);
    try {
      const save = async (totalCents: number) => {
        const cart = await addItem(priced, addBody('KZH-001', 1));
        await priced.db.query(
          'UPDATE cart_items SET quantity = $1 WHERE id = (SELECT max(id) FROM cart_items)',
          [totalCents],
        );
        return call(priced, 'POST', paths.order.save, { body: saveBody(), cartGuid: cart.cartGuid! });
      };
      expect((await save(MAX_ORDER_TOTAL_CENTS)).status).toBe(200);
      const over = await save(MAX_ORDER_TOTAL_CENTS + 1);
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 'order-total-limit' });
    } finally {
      await priced.close();
    }
  });
});

describe("F-8: every 4xx in the contract's error shape", () => {
  const shape = (status: number, code: string) => ({ status, code, message: expect.any(String) });

  it('an unknown route, bad JSON, a wrong media type, a body too large', async () => {
    expect((await call(api, 'GET', '/api/Nope')).body).toEqual(shape(404, 'route-not-found'));
    const badJson = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/json' },
      payload: '{"productUniqueId":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual(shape(400, 'invalid-json'));
    const xml = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual(shape(415, 'unsupported-media-type'));
    const big = await api.inject({
      method: 'POST',
      url: paths.cart.addItem,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(shape(413, 'body-too-large'));
  });

  it('a URL with broken percent-encoding (answered by Fastify before routing)', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/Business/product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(shape(400, 'bad-request'));
  });

  it("a request Node's HTTP parser refuses (answered on the socket)", async () => {
    await api.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual(shape(400, 'bad-request'));
  });
});
