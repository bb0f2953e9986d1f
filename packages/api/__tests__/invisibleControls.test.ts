// Session 22, inputrules (decisions.md "Invisible line breaks and text-direction controls in text fields"): the route
// sweep found single-line fields refusing '\n' but storing U+2028/U+2029 and the bidi controls U+202A-U+202E and
// U+2066-U+2069, which make a company name read differently on the label, the invoice and the operator's CSV than
// what was stored. Every single-line field now refuses them with 400 `validation` naming the field, nothing stored;
// text in other scripts, the joiners and the marks still pass and read back as sent. Runs on PGlite and PostgreSQL.
import { accountPaths, paths, withdrawalPaths } from '@lp/sdk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type Api, address, addBody, addItem, call, expectError, makeApi, saveBody } from './support/testApi';

const api: Api = await makeApi();
afterAll(() => api.close());

const INVISIBLE: [string, string][] = [
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a pop directional formatting', '\u202C'],
  ['a right-to-left isolate', '\u2067'],
  ['a pop directional isolate', '\u2069'],
  ['a NEL (C1 control)', '\u0085'],
];

/** What the sweep's "Trojan Source" company looked like: it reads "Müller GmbH" backwards on a label. */
const spoofed = (char: string) => `Autohaus ${char}HbmG rellüM`;

const count = async (table: string) =>
  (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

const storedAddress = async (cartGuid: string, column: 'shipping_address' | 'billing_address') =>
  (
    await api.db.query<{ a: Record<string, unknown> | null }>(
      `SELECT ${column} AS a FROM carts WHERE guid = $1`,
      [cartGuid],
    )
  )[0]!.a;

/** 400 `validation` whose `errors` name exactly this field. */
function expectRefused(res: { status: number; body: unknown }, field: string) {
  expectError(res, 400, 'validation');
  const body = res.body as { message: string; errors: { field: string; message: string }[] };
  expect(body.errors.map((e) => e.field)).toEqual([field]);
  expect(body.errors[0]!.message).toMatch(/line or paragraph separator .* bidi control/);
}

describe('an address refuses invisible line breaks and direction controls in every text field', () => {
  it.each(INVISIBLE)('company with %s: 400 naming it, the cart keeps its address', async (_name, char) => {
    const cart = await addItem(api, addBody('KZH-001', 1));
    const guid = cart.cartGuid!;
    const kept = { ...address, company: 'Muster GmbH' };
    expect(
      (await call(api, 'POST', paths.cart.addShippingAddress, { body: kept, cartGuid: guid })).status,
    ).toBe(200);
    for (const [path, column] of [
      [paths.cart.addShippingAddress, 'shipping_address'],
      [paths.cart.addBillingAddress, 'billing_address'],
    ] as const) {
      const before = await storedAddress(guid, column);
      const res = await call(api, 'POST', path, {
        body: { ...address, company: spoofed(char) },
        cartGuid: guid,
      });
      expectRefused(res, 'company');
      expect(await storedAddress(guid, column)).toEqual(before);
    }
    expect(await storedAddress(guid, 'shipping_address')).toMatchObject({ company: 'Muster GmbH' });
  });

  it('street, city, address addition and names: 400 naming the field, as the company', async () => {
    const cart = await addItem(api, addBody('KZH-001', 1));
    for (const field of [
      'name',
      'lastName',
      'street',
      'houseNumber',
      'street2',
      'zipCode',
      'city',
    ] as const) {
      const body = { ...address, [field]: `${address[field as keyof typeof address] ?? 'c/o Weber'}\u202E` };
      const res = await call(api, 'POST', paths.cart.addShippingAddress, { body, cartGuid: cart.cartGuid! });
      expectRefused(res, field);
    }
    expect(await storedAddress(cart.cartGuid!, 'shipping_address')).toBeNull();
  });

  it('saveOrder: a spoofed company in the shipping or billing address is 400 naming it, no order stored', async () => {
    const orders = await count('orders');
    for (const char of ['\u202E', '\u2028', '\u2066']) {
      const cart = await addItem(api, addBody('KZH-001', 1));
      const shipping = await call(api, 'POST', paths.order.save, {
        body: saveBody({ shippingAddress: { ...address, company: spoofed(char) } }),
        cartGuid: cart.cartGuid!,
      });
      expectRefused(shipping, 'shippingAddress.company');
      const billing = await call(api, 'POST', paths.order.save, {
        body: saveBody({ billingAddress: { ...address, company: spoofed(char) } }),
        cartGuid: cart.cartGuid!,
      });
      expectRefused(billing, 'billingAddress.company');
    }
    expect(await count('orders')).toBe(orders);
  });

  it('takes company names in other scripts, with joiners and marks, and keeps them as sent', async () => {
    const names = [
      'شركة الأمل للتجارة', // Arabic: the bidi algorithm orders it, no control needed
      'Autohaus אביב GmbH', // Hebrew inside a German name
      'می‌خواهم GmbH', // Persian with a ZERO WIDTH NON-JOINER
      '👨‍👩‍👧 Family Cars', // ZERO WIDTH JOINERs
      'Firma\u200F GmbH', // a RIGHT-TO-LEFT MARK is a mark, not an embedding or override
    ];
    for (const company of names) {
      const cart = await addItem(api, addBody('KZH-001', 1));
      const res = await call(api, 'POST', paths.cart.addShippingAddress, {
        body: { ...address, company },
        cartGuid: cart.cartGuid!,
      });
      expect(res.status).toBe(200);
      expect(await storedAddress(cart.cartGuid!, 'shipping_address')).toMatchObject({ company });
      const saved = await call(api, 'POST', paths.order.save, {
        body: saveBody({ shippingAddress: { ...address, company } }),
        cartGuid: cart.cartGuid!,
      });
      expect(saved.status).toBe(200);
    }
  });
});

describe('a cart line refuses them in its title and attributes; a parking sign keeps its line feed', () => {
  it('Title with a line separator or an override: 400 naming it, nothing added', async () => {
    const items = await count('cart_items');
    for (const char of ['\u2028', '\u202E', '\u2069']) {
      const body = addBody('KZH-001', 1);
      body.addData[0]!.info.Title = `Halter${char}`;
      expectRefused(await call(api, 'POST', paths.cart.addItem, { body }), 'addData.0.info.Title');
    }
    expect(await count('cart_items')).toBe(items);
  });

  it('a free attribute (Bemerkung): "\\n" is a line break, U+2028, U+2029 and bidi controls are refused', async () => {
    const items = await count('cart_items');
    for (const char of ['\u2028', '\u2029', '\u202E', '\u2066', '\u0085']) {
      const res = await call(api, 'POST', paths.cart.addItem, {
        body: addBody('KZH-001', 1, { Bemerkung: `Bitte${char}schnell` }),
      });
      expectRefused(res, 'addData.0.info.Attributes.Bemerkung');
    }
    expect(await count('cart_items')).toBe(items);
    const cart = await addItem(api, addBody('KZH-001', 1, { Bemerkung: 'Bitte\nschnell' }));
    expect(cart.items![0]!.addData[0]!.info.Attributes.Bemerkung).toBe('Bitte\nschnell');
  });

  it('an attribute name with a bidi control is refused', async () => {
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KZH-001', 1, { 'Bemer\u202Ekung': 'x' }),
    });
    expectError(res, 400, 'validation');
  });
});

describe('the withdrawal and the account', () => {
  const declaration = { name: 'Erika Musterfrau', orderNumber: 'LP-1', email: 'erika@example.de' };

  it.each(['name', 'orderNumber', 'items'] as const)(
    'a withdrawal whose %s holds a bidi control or a line separator: 400 naming it, nothing stored',
    async (field) => {
      const before = await count('withdrawals');
      for (const char of ['\u202E', '\u2066', '\u2028']) {
        const res = await call(api, 'POST', withdrawalPaths.withdraw, {
          body: { ...declaration, [field]: `Funschild ${char}1` },
        });
        expectRefused(res, field);
      }
      expect(await count('withdrawals')).toBe(before);
    },
  );

  it('a password is not text shown anywhere: one with a bidi control is a wrong password, not a refusal', async () => {
    const res = await call(api, 'POST', accountPaths.login, {
      body: { email: 'demo@lp-de.example', password: 'Sommer\u202E2026\u2028' },
    });
    expectError(res, 401, 'login-failed');
  });

  it('a registration name with an override is refused like any other field', async () => {
    const res = await call(api, 'POST', accountPaths.register, {
      body: {
        email: 'neu@example.de',
        password: 'Sommer2026!',
        name: 'Erika\u202E',
        lastName: 'Musterfrau',
        confirmUrl: 'https://shop.example/konto/bestaetigen',
      },
    });
    expectRefused(res, 'name');
  });
});
