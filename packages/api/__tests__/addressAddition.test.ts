// The address addition ("Adresszusatz", `street2`, session 17): c/o, floor, department and the DHL Postnummer of a
// Packstation reach the order, its answers, the confirmation mail, the account's order list and the DSGVO export,
// composed (NFC); the API accepts exactly what the SDK's rule (the checkout form's) accepts.
import type { Order, OrderList } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { isValidAddressAddition, lacksPostnummer } from '@lp/sdk/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerExport } from '../src/privacy/customerExport';
import { customerCommandStreams } from './support/customerCommand';
import { type ReadMail, mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  demoOrderFilter,
  expectError,
  loginDemo,
  makeApi,
  payCart,
  saveBody,
} from './support/testApi';

let api: Api;
let holderCart: string;
beforeAll(async () => {
  api = await makeApi();
  holderCart = (await addItem(api, addBody('KZH-001', 1))).cartGuid!;
});
afterAll(() => api.close());

/** A DHL Packstation: street "Packstation", its number as house number, the Postnummer in the addition. */
const packstation = {
  ...address,
  name: 'Lena',
  lastName: 'Krüger',
  street: 'Packstation',
  houseNumber: '123',
  street2: 'Postnummer 12345678',
  zipCode: '50667',
  city: 'Köln',
};

const getOrder = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

const save = (overrides: Parameters<typeof saveBody>[0], cartGuid = holderCart) =>
  call(api, 'POST', paths.order.save, { body: saveBody(overrides), cartGuid });

async function mailTo(orderNumber: string): Promise<ReadMail> {
  await expect
    .poll(async () => (await mailsFor(api, orderNumber)).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  return (await mailsFor(api, orderNumber))[0]!;
}

/** The command on the test's database: its exit code and what it printed to stdout (`out`). */
const customer = (...args: string[]) => customerCommandStreams(api.db, ...args);

describe('address addition: a Packstation order is deliverable', () => {
  it('keeps the Postnummer in the order, its answer and the confirmation mail, above the street', async () => {
    const cart = await addItem(api, addBody('KZH-001', 1));
    const billingAddress = { ...address, street2: 'c/o Familie Weber' };
    const { orderNumber, headerGuid } = await payCart(api, cart.cartGuid!, {
      shippingAddress: packstation,
      billingAddress,
    });
    const order = await getOrder(headerGuid);
    expect(order.shippingAddress).toEqual(packstation);
    expect(order.billingAddress).toEqual(billingAddress);

    const { text } = await mailTo(orderNumber);
    expect(text).toContain(
      'Lieferadresse:\nLena Krüger\nPostnummer 12345678\nPackstation 123\n50667 Köln\nDeutschland',
    );
    expect(text).toContain('Max Mustermann\nc/o Familie Weber\nHauptstraße 12a\n10115 Berlin');
  });

  it('stores the cart address with its addition, composed (NFC)', async () => {
    const res = await call(api, 'POST', paths.cart.addShippingAddress, {
      body: { ...address, street2: 'c/o Familie Mu\u0308ller' },
      cartGuid: holderCart,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await api.db.query<{ shipping_address: { street2: string } }>(
      'SELECT shipping_address FROM carts WHERE guid = $1',
      [holderCart],
    );
    expect(row!.shipping_address.street2).toBe('c/o Familie Müller');

    const saved = await save({ shippingAddress: { ...address, street2: '3. OG, Bu\u0308ro 4' } });
    expect(saved.status).toBe(200);
    const order = await getOrder((saved.body as { orderHeaderGuid: string }).orderHeaderGuid);
    expect(order.shippingAddress.street2).toBe('3. OG, Büro 4');
  });

  it('has no addition line when there is none (absent or empty)', async () => {
    for (const shippingAddress of [address, { ...address, street2: '' }]) {
      const cart = await addItem(api, addBody('KZH-001', 1));
      const { orderNumber } = await payCart(api, cart.cartGuid!, { shippingAddress });
      expect((await mailTo(orderNumber)).text).toContain(
        'Lieferadresse:\nMax Mustermann\nHauptstraße 12a\n10115 Berlin',
      );
    }
  });

  it("shows it in the account's order list", async () => {
    const headers = await loginDemo(api);
    const cart = await addItem(api, addBody('KZH-001', 1));
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody({ shippingAddress: packstation }),
      cartGuid: cart.cartGuid!,
      headers,
    });
    expect(saved.status).toBe(200);
    const list = await call(api, 'POST', paths.order.list, { body: demoOrderFilter(), headers });
    expect(list.status).toBe(200);
    const mine = (list.body as OrderList).items.find(
      (o) => o.headerGuid === (saved.body as { orderHeaderGuid: string }).orderHeaderGuid,
    );
    expect(mine?.shippingAddress.street2).toBe('Postnummer 12345678');
  });

  it('exports it (DSGVO art. 15) and erases it with the never-placed order and the cart (art. 17)', async () => {
    const email = 'lena.krueger@example.de';
    const cart = await addItem(api, addBody('KZH-001', 1));
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody({
        billingPerson: { ...saveBody().billingPerson, email },
        shippingAddress: packstation,
      }),
      cartGuid: cart.cartGuid!,
    });
    expect(saved.status).toBe(200);
    await call(api, 'POST', paths.cart.addShippingAddress, { body: packstation, cartGuid: cart.cartGuid! });

    const exported = await customer('export', email);
    expect(exported.code).toBe(0);
    const doc = JSON.parse(exported.out) as CustomerExport;
    expect(doc.orders[0]!.shippingAddress).toMatchObject({ street2: 'Postnummer 12345678' });

    expect((await customer('delete', email)).code).toBe(0);
    // The order was never placed: it goes; its cart (and the address on it) with it.
    expect(await getOrderStatus((saved.body as { orderHeaderGuid: string }).orderHeaderGuid)).toBe(404);
    const carts = await api.db.query('SELECT 1 FROM carts WHERE guid = $1 AND shipping_address IS NOT NULL', [
      cart.cartGuid!,
    ]);
    expect(carts).toEqual([]);
  });
});

const getOrderStatus = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).status;

describe('address addition: the API accepts exactly what the SDK rule accepts', () => {
  it.each([
    'c/o Familie Weber',
    'Postnummer 1234567890',
    '3. OG links',
    'Abteilung Einkauf',
    'Gebäude B (Tor 2)',
    'Müller & Söhne',
    '<b>3. OG</b>',
    '"><img src=x onerror=alert(1)>',
    'c/o Weber\nBerlin',
    ' 3. OG',
    '„Packstation“',
    'x'.repeat(61),
  ])(
    '%j: same answer as isValidAddressAddition, 400 validation naming the field otherwise',
    async (value) => {
      const res = await save({ shippingAddress: { ...address, street2: value } });
      if (isValidAddressAddition(value)) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const order = await getOrder((res.body as { orderHeaderGuid: string }).orderHeaderGuid);
        expect(order.shippingAddress.street2).toBe(value);
      } else {
        expectError(res, 400, 'validation');
        expect((res.body as { errors: { field: string }[] }).errors[0]!.field).toBe(
          'shippingAddress.street2',
        );
      }
    },
  );

  it.each([
    ['Packstation', ''],
    ['Packstation', undefined],
    ['Packstation', 'Lena Krüger'],
    ['Packstation', 'Postnummer 12345'],
    ['DHL-Packstation', '3. OG'],
    ['postfiliale', 'c/o Weber'],
    ['Packstation', 'Postnummer 123456'],
    ['Postfiliale', '1234567890'],
    ['Packstationsweg', ''],
  ])(
    'street %j, addition %j: a Packstation or Postfiliale without Postnummer is refused',
    async (street, street2) => {
      const shippingAddress = {
        ...address,
        street,
        houseNumber: '123',
        ...(street2 === undefined ? {} : { street2 }),
      };
      const res = await save({ shippingAddress });
      if (lacksPostnummer(shippingAddress)) {
        expectError(res, 400, 'validation');
        expect((res.body as { errors: { field: string; message: string }[] }).errors).toEqual([
          {
            field: 'shippingAddress.street2',
            message: 'must hold the DHL Postnummer (6-10 digits) for a Packstation or Postfiliale',
          },
        ]);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    },
  );

  it('refuses huge, control-character and wrong-typed input with 400 validation everywhere', async () => {
    for (const street2 of ['x'.repeat(100_000), 'a\u0000b', 'c/o \ud800', 17, ['3. OG'], { a: 1 }]) {
      for (const [path, body] of [
        [paths.order.save, saveBody({ billingAddress: { ...address, street2 } as never })],
        [paths.cart.addShippingAddress, { ...address, street2 }],
        [paths.cart.addBillingAddress, { ...address, street2 }],
      ] as const) {
        expectError(await call(api, 'POST', path, { body, cartGuid: holderCart }), 400, 'validation');
      }
    }
  });
});
