// Real German shoppers with real, valid, unusual data, and a shop owner whose orders must be deliverable: what the
// shopper types is accepted by the API exactly when the SDK's rule (the checkout form's) accepts it, and the order
// and its confirmation mail hold what will be pressed and shipped.
import type { Cart, Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import {
  isValidCity,
  isValidEmail,
  isValidHouseNumber,
  isValidName,
  isValidStreet,
} from '@lp/sdk/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadMail, mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  expectError,
  makeApi,
  payCart,
  plateAttributes,
  saveBody,
} from './support/testApi';

let api: Api;
let holderCart: string;
beforeAll(async () => {
  api = await makeApi();
  holderCart = (await addItem(api, addBody('KZH-001', 1))).cartGuid!;
});
afterAll(() => api.close());

const getOrder = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

const save = (overrides: Parameters<typeof saveBody>[0], cartGuid = holderCart) =>
  call(api, 'POST', paths.order.save, { body: saveBody(overrides), cartGuid });

const person = saveBody().billingPerson;

/** The first outbox mail whose subject names `orderNumber`, once it is there. */
async function mailTo(orderNumber: string): Promise<ReadMail> {
  await expect
    .poll(async () => (await mailsFor(api, orderNumber)).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  return (await mailsFor(api, orderNumber))[0]!;
}

/** Saves, confirms and pays (sandbox, approved) the cart; answers the paid order. */
const pay = async (cartGuid: string, overrides: Parameters<typeof saveBody>[0] = {}): Promise<Order> =>
  getOrder((await payCart(api, cartGuid, overrides)).headerGuid);

describe('plates: the order holds the plate as it is pressed', () => {
  it('stores the canonical registration however it was typed, in cart, order and confirmation mail', async () => {
    // The storefront's product page sends the text as typed (the widget sends it canonical).
    let cart: Cart | undefined;
    for (const typed of ['oehr ab 12', 'BAB123', 'mü–ab 7', ' b  ab  1 ']) {
      cart = await addItem(api, addBody('KFZ-001', 1, plateAttributes(typed)), cart?.cartGuid ?? undefined);
    }
    const texts = cart!.items!.map((item) => item.addData[0]!.info.Attributes.Kennzeichen);
    // 'BAB123' is read as Bamberg (the shopper was warned it is ambiguous): the order says so, not 'BAB123'.
    expect(texts).toEqual(['ÖHR-AB 12', 'BA-B 123', 'MÜ-AB 7', 'B-AB 1']);

    const order = await pay(cart!.cartGuid!);
    expect(order.orderItems.map((item) => item.attributes.Kennzeichen)).toEqual(texts);
    const mail = await mailTo(order.orderNumber);
    for (const text of texts) expect(mail.text).toContain(`Kennzeichen: ${text}\n`);
    expect(mail.text).toContain('Sie werden genau so geprägt');
  });

  it('makes two spellings of one plate one line', async () => {
    const first = await addItem(api, addBody('KFZ-001', 1, plateAttributes('M-XY 42')));
    const cart = await addItem(api, addBody('KFZ-001', 2, plateAttributes('m xy42')), first.cartGuid!);
    expect(cart.items).toHaveLength(1);
    expect(cart.items![0]!.quantity).toBe(3);
  });

  it('upper-cases a fun plate as it is printed', async () => {
    const cart = await addItem(
      api,
      addBody('FKZ-001', 1, { Kennzeichen: 'Hallo  Welt', Kennzeichengröße: '460x110' }),
    );
    expect(cart.items![0]!.addData[0]!.info.Attributes.Kennzeichen).toBe('HALLO WELT');
  });

  it.each([
    ['B-SS 12', 'forbidden-letters', 'Die Buchstabenkombination „SS“ ist nicht zulässig.'],
    ['M-ÜB 1', 'letters-umlaut', 'Die Buchstaben der Erkennungsnummer dürfen keine Umlaute enthalten.'],
    [
      'ÖHR-AB 1234',
      'too-long',
      'Das Kennzeichen ist zu lang: höchstens 8 Zeichen (E/H und Saisonfeld zählen mit).',
    ],
  ])('refuses %s with plate-invalid and the German text (%s)', async (text, _rule, message) => {
    const res = await call(api, 'POST', paths.cart.addItem, {
      body: addBody('KFZ-001', 1, plateAttributes(text)),
    });
    expectError(res, 400, 'plate-invalid');
    expect(res.body).toMatchObject({ message, errors: [{ field: 'Kennzeichen', message }] });
  });
});

describe('checkout data: the API accepts exactly what the form accepts, and keeps it', () => {
  it('accepts an e-mail address with an umlaut domain and mails the confirmation to it', async () => {
    expect(isValidEmail('juergen@müller-bäckerei.de')).toBe(true);
    const cart = await addItem(api, addBody('KZH-001', 1));
    const order = await pay(cart.cartGuid!, {
      billingPerson: { ...person, email: 'juergen@müller-bäckerei.de' },
    });
    expect(order.billingPerson.email).toBe('juergen@müller-bäckerei.de');
    // The outbox shows the address as stored; an SMTP transport (nodemailer) sends to its punycode form.
    expect((await mailTo(order.orderNumber)).to).toBe('juergen@müller-bäckerei.de');
  });

  it('stores names and addresses composed (NFC), whoever sent them decomposed', async () => {
    const nfd = (text: string) => text.normalize('NFD');
    const res = await save({
      billingPerson: { ...person, name: nfd('Jürgen'), lastName: nfd('Ağaoğlu') },
      shippingAddress: {
        ...address,
        lastName: nfd('Müller'),
        street: nfd('Königsallee'),
        city: nfd('Düsseldorf'),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await getOrder((res.body as { orderHeaderGuid: string }).orderHeaderGuid);
    expect(order.billingPerson).toMatchObject({
      name: 'Jürgen'.normalize('NFC'),
      lastName: 'Ağaoğlu'.normalize('NFC'),
    });
    expect(order.shippingAddress).toMatchObject({
      lastName: 'Müller',
      street: 'Königsallee',
      city: 'Düsseldorf',
    });
    expect(order.billingAddress.lastName).toBe('Müller');

    const cartAddress = await call(api, 'POST', paths.cart.addShippingAddress, {
      body: { ...address, lastName: nfd('Weiß') },
      cartGuid: holderCart,
    });
    expect(cartAddress.status).toBe(200);
    const [row] = await api.db.query<{ shipping_address: { lastName: string } }>(
      'SELECT shipping_address FROM carts WHERE guid = $1',
      [holderCart],
    );
    expect(row!.shipping_address.lastName).toBe('Weiß');
  });

  const cases: [field: string, value: string, rule: (v: string) => boolean][] = [
    ['name', 'Hans-Jürgen', isValidName],
    ['lastName', 'von und zu Guttenberg', isValidName],
    ['lastName', "O'Neill", isValidName],
    ['lastName', 'O’Neill', isValidName],
    ['name', 'Łukasz', isValidName],
    ['name', 'Ŝtefan', isValidName],
    ['lastName', 'Ağaoğlu', isValidName],
    ['lastName', 'Ö', isValidName],
    ['lastName', 'GROẞ', isValidName],
    ['lastName', 'Weiß', isValidName],
    ['lastName', 'Müller-Lüdenscheidt-Wagenknecht von Hohenzollern-Sigmaringen', isValidName],
    ['lastName', 'Dr. med. Müller', isValidName],
    ['street', 'Straße des 17. Juni', isValidStreet],
    ['street', 'An der Alster', isValidStreet],
    ['street', 'c/o Müller, Hauptstraße', isValidStreet],
    ['houseNumber', '12a', isValidHouseNumber],
    ['houseNumber', '12-14', isValidHouseNumber],
    ['houseNumber', '12/1', isValidHouseNumber],
    ['houseNumber', '12 a', isValidHouseNumber],
    ['houseNumber', '1½', isValidHouseNumber],
    ['city', 'Frankfurt a.M.', isValidCity],
    ['city', 'Halle (Saale)', isValidCity],
    ['city', 'Weiden i.d.OPf.', isValidCity],
    ['city', 'Norderney', isValidCity],
  ];

  it.each(cases)(
    '%s %j: the API agrees with the SDK rule and keeps the value as typed',
    async (field, value, rule) => {
      const res = await save({ shippingAddress: { ...address, [field]: value } });
      if (rule(value)) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const order = await getOrder((res.body as { orderHeaderGuid: string }).orderHeaderGuid);
        expect(order.shippingAddress[field as keyof typeof address]).toBe(value);
      } else {
        expectError(res, 400, 'validation');
        expect((res.body as { errors: { field: string }[] }).errors[0]!.field).toBe(
          `shippingAddress.${field}`,
        );
      }
    },
  );

  it('keeps a company name with "&" and German quotes, and a zip code with a leading zero', async () => {
    const shippingAddress = {
      ...address,
      company: 'Müller & Söhne GmbH & Co. KG „Zur Post“',
      zipCode: '01067',
      city: 'Dresden',
    };
    const res = await save({ shippingAddress });
    expect(res.status).toBe(200);
    const order = await getOrder((res.body as { orderHeaderGuid: string }).orderHeaderGuid);
    expect(order.shippingAddress).toMatchObject(shippingAddress);
  });
});
