// One cart on every device (decisions.md, session 16): after the login the browser and the account agree on one
// cart, which `attachCartToUser` answers; a cart made while logged in is the account's from its first line.
import type { Cart } from '@lp/sdk/contract';
import { MAX_CART_LINES, accountPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_IDLE_MINUTES } from '../src/account/attachCart';
import { addDealer } from '../src/dealers/dealerRepo';
import {
  type Api,
  addBody,
  call,
  expectError,
  makeApi,
  plateAttributes,
  saveBody,
  sandboxPayment,
} from './support/testApi';

const XSRF = 'abcdefghijklmnopqrstuvwx';
const PASSWORD = 'Sommer 2026!';
let api: Api;
let counter = 0;

beforeAll(async () => {
  api = await makeApi();
  await addDealer(api.db, { id: 'autohaus-geraete', name: 'Autohaus Geräte', origins: [] });
});
afterAll(() => api?.close());

type Device = Record<string, string>;

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith('lp_session='))!
    .split(';')[0]!;
const device = (session: string): Device => ({
  cookie: `${session}; XSRF-TOKEN=${XSRF}`,
  'X-XSRF-TOKEN': XSRF,
});

/** A new account logged in on the phone, and the same account logged in on the laptop (two sessions). */
async function customer(): Promise<{ id: number; phone: Device; laptop: Device }> {
  const email = `geraete.${Date.now()}.${++counter}@example.de`;
  const registered = await call(api, 'POST', accountPaths.register, {
    body: {
      email,
      password: PASSWORD,
      name: 'Gerd',
      lastName: 'Geräte',
      confirmUrl: 'http://127.0.0.1:3000/c',
    },
  });
  expect(registered.status).toBe(201);
  const login = await call(api, 'POST', accountPaths.login, {
    body: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': `10.16.0.${counter}` },
  });
  expect(login.status).toBe(200);
  return {
    id: (registered.body as { id: number }).id,
    phone: device(sessionCookie(registered)),
    laptop: device(sessionCookie(login)),
  };
}

const plate = (text: string, quantity = 1) => addBody('KFZ-001-520x110-STD', quantity, plateAttributes(text));

async function add(body: ReturnType<typeof addBody>, options: { guid?: string; on?: Device } = {}) {
  const res = await call(api, 'POST', paths.cart.addItem, {
    body,
    ...(options.guid ? { cartGuid: options.guid } : {}),
    headers: options.on ?? {},
  });
  expect(res.status).toBe(200);
  return res.body as Cart;
}
const attach = (on: Device, guid?: string) =>
  call(api, 'POST', paths.cart.attachToUser, { headers: on, ...(guid ? { cartGuid: guid } : {}) });
const getCart = async (guid: string) =>
  (await call(api, 'GET', paths.cart.get, { cartGuid: guid })).body as Cart;
const lines = (cart: Cart) =>
  (cart.items ?? [])
    .map(
      (item) => `${item.addData[0]!.info.Attributes.Kennzeichen ?? item.productUniqueId} x${item.quantity}`,
    )
    .sort();

describe('attachCartToUser after the login', () => {
  it("brings the phone's cart to the laptop, which has none or an empty one", async () => {
    const { id, phone, laptop } = await customer();
    // Logged in on the phone, two plates: the cart is the account's from its first line.
    const first = await add(plate('B-MW 1234', 2), { on: phone });
    expect(first.userId).toBe(id);
    const onPhone = await add(plate('B-MW 1235'), { guid: first.cartGuid!, on: phone });

    // The laptop logs in without a cart: the answer is the phone's cart.
    const taken = await attach(laptop);
    expect(taken.status).toBe(200);
    expect((taken.body as Cart).cartGuid).toBe(onPhone.cartGuid);
    expect(lines(taken.body as Cart)).toEqual(['B-MW 1234 x2', 'B-MW 1235 x1']);

    // A browser whose own cart is empty (its plates were removed) takes it over too, and changes nothing.
    const emptied = await add(addBody('KZH-001'));
    await call(api, 'POST', paths.cart.removeItem, {
      cartGuid: emptied.cartGuid!,
      body: { itemInternalId: emptied.items![0]!.itemInternalId },
    });
    const fromEmpty = await attach(laptop, emptied.cartGuid!);
    expect((fromEmpty.body as Cart).cartGuid).toBe(onPhone.cartGuid);
    expect((await getCart(emptied.cartGuid!)).userId).toBeNull();
    expect(await getCart(onPhone.cartGuid!)).toEqual(onPhone);
  });

  it("joins the laptop's lines to the account's cart by the cart's merge rule, and empties the laptop's", async () => {
    const { id, phone, laptop } = await customer();
    const onPhone = await add(plate('B-MW 1234', 2), { on: phone });
    await add(addBody('KZH-001'), { guid: onPhone.cartGuid!, on: phone });
    // On the laptop as a guest first: the same plate once more, another plate, and a coupon.
    const guest = await add(plate('b-mw 1234'));
    await add(plate('B-MW 99'), { guid: guest.cartGuid! });
    expect(
      (
        await call(api, 'POST', paths.cart.applyCoupon, {
          cartGuid: guest.cartGuid!,
          body: { code: 'WILLKOMMEN10' },
        })
      ).status,
    ).toBe(200);

    const res = await attach(laptop, guest.cartGuid!);
    expect(res.status).toBe(200);
    const joined = res.body as Cart;
    expect(joined.cartGuid).toBe(onPhone.cartGuid);
    expect(joined.userId).toBe(id);
    // The same plate and configuration add up (lp_add_cart_item), the other lines join.
    expect(lines(joined)).toEqual(['B-MW 1234 x3', 'B-MW 99 x1', 'KZH-001 x1']);
    expect(joined.coupon?.code).toBe('WILLKOMMEN10');
    expect(await getCart(onPhone.cartGuid!)).toEqual(joined);
    // The laptop's guest cart no longer holds the plates (whoever knows its guid reads nothing), nor the coupon's use.
    expect((await getCart(guest.cartGuid!)).items).toEqual([]);
  });

  it('changes nothing of a cart in checkout, with a placed order or a running payment: the browser keeps its own', async () => {
    for (const state of ['checkout', 'placed', 'payment'] as const) {
      const { id, phone, laptop } = await customer();
      const onPhone = await add(plate('B-MW 1234', 2), { on: phone });
      if (state === 'checkout') {
        expect(
          (await call(api, 'POST', paths.cart.startCheckout, { cartGuid: onPhone.cartGuid! })).status,
        ).toBe(200);
      } else {
        const saved = await call(api, 'POST', paths.order.save, {
          body: saveBody(),
          cartGuid: onPhone.cartGuid!,
        });
        const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
        if (state === 'placed') await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
        else await sandboxPayment(api, headerGuid);
      }
      // A device without a cart: a cart in checkout is taken over (reading changes nothing); one whose lines are in
      // a placed, unpaid order is not (they are ordered; the payment takes them out of it).
      expect((await attach(laptop)).body, state).toMatchObject({
        cartGuid: state === 'checkout' ? onPhone.cartGuid : null,
      });
      const before = await getCart(onPhone.cartGuid!);
      const guest = await add(plate('B-MW 99'));
      const res = await attach(laptop, guest.cartGuid!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ cartGuid: guest.cartGuid, userId: id });
      expect(lines(res.body as Cart), state).toEqual(['B-MW 99 x1']);
      expect(await getCart(onPhone.cartGuid!), state).toEqual(before);
      // The account's newest open cart is now the laptop's.
      expect((await attach(phone)).body, state).toMatchObject({ cartGuid: guest.cartGuid });
    }
  });

  it("keeps the browser's cart while its own checkout runs (a login from the checkout), and a dealer's sale", async () => {
    const { id, phone, laptop } = await customer();
    const onPhone = await add(plate('B-MW 1234'), { on: phone });
    const inCheckout = await add(plate('B-MW 77'));
    await call(api, 'POST', paths.cart.startCheckout, { cartGuid: inCheckout.cartGuid! });
    expect((await attach(laptop, inCheckout.cartGuid!)).body).toMatchObject({
      cartGuid: inCheckout.cartGuid,
      userId: id,
    });

    const dealers = await add({ ...plate('HB-D 1'), dealer: 'autohaus-geraete' });
    const copy = await call(api, 'POST', '/api/Cart/copyCart', { body: { cartGuid: dealers.cartGuid } });
    const handedOver = copy.body as Cart;
    // A handoff copy made while logged in is the account's from the start.
    const ownCopy = await call(api, 'POST', '/api/Cart/copyCart', {
      body: { cartGuid: dealers.cartGuid },
      headers: phone,
    });
    expect((ownCopy.body as Cart).userId).toBe(id);
    expect((await getCart(dealers.cartGuid!)).userId).toBeNull();
    expect((await attach(phone, handedOver.cartGuid!)).body).toMatchObject({
      cartGuid: handedOver.cartGuid,
      userId: id,
    });
    expect(lines(await getCart(onPhone.cartGuid!))).toEqual(['B-MW 1234 x1']);
  });

  it('joins carts once a checkout was left without a word (tab closed): no request for CHECKOUT_IDLE_MINUTES', async () => {
    const idleFor = (guid: string, minutes: number) =>
      api.db.query('UPDATE carts SET updated_at = now() - make_interval(mins => $2) WHERE guid = $1::uuid', [
        guid,
        minutes,
      ]);
    const startCheckout = (guid: string) => call(api, 'POST', paths.cart.startCheckout, { cartGuid: guid });
    for (const idle of [CHECKOUT_IDLE_MINUTES - 1, CHECKOUT_IDLE_MINUTES + 1]) {
      const joins = idle > CHECKOUT_IDLE_MINUTES;
      // The phone started the checkout and its tab was closed `idle` minutes ago; a day later, say, the laptop logs
      // in with a guest cart of its own.
      const { id, phone, laptop } = await customer();
      const onPhone = await add(plate('B-MW 1234'), { on: phone });
      expect((await startCheckout(onPhone.cartGuid!)).status).toBe(200);
      await idleFor(onPhone.cartGuid!, idle);
      const guest = await add(plate('B-MW 99'));
      const res = await attach(laptop, guest.cartGuid!);
      expect(res.status).toBe(200);
      if (!joins) {
        // Still a running checkout: the browser keeps its own cart (the test above).
        expect(res.body, `${idle}`).toMatchObject({ cartGuid: guest.cartGuid, userId: id });
        expect(lines(await getCart(onPhone.cartGuid!))).toEqual(['B-MW 1234 x1']);
        continue;
      }
      expect(res.body, `${idle}`).toMatchObject({ cartGuid: onPhone.cartGuid, userId: id });
      expect(lines(res.body as Cart)).toEqual(['B-MW 1234 x1', 'B-MW 99 x1']);
      expect((await getCart(guest.cartGuid!)).items).toEqual([]);
      // The joined cart's abandoned checkout is over, though the join just changed it: a third browser's guest
      // lines join as well.
      const third = await add(plate('B-MW 3'));
      expect((await attach(phone, third.cartGuid!)).body).toMatchObject({ cartGuid: onPhone.cartGuid });
      expect(lines(await getCart(onPhone.cartGuid!))).toEqual(['B-MW 1234 x1', 'B-MW 3 x1', 'B-MW 99 x1']);
    }

    // The browser's own checkout abandoned likewise: its lines join the account's cart.
    const { phone, laptop } = await customer();
    const onPhone = await add(plate('B-MW 5'), { on: phone });
    const guest = await add(plate('B-MW 6'));
    await startCheckout(guest.cartGuid!);
    await idleFor(guest.cartGuid!, CHECKOUT_IDLE_MINUTES + 1);
    expect((await attach(laptop, guest.cartGuid!)).body).toMatchObject({ cartGuid: onPhone.cartGuid });

    // A payment under way is never joined, however old: the payment's own guard (a placed order), not the checkout.
    const payer = await customer();
    const paying = await add(plate('B-MW 7'), { on: payer.phone });
    await startCheckout(paying.cartGuid!);
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: paying.cartGuid! });
    await sandboxPayment(api, (saved.body as { orderHeaderGuid: string }).orderHeaderGuid);
    await idleFor(paying.cartGuid!, 24 * 60);
    const other = await add(plate('B-MW 8'));
    expect((await attach(payer.laptop, other.cartGuid!)).body).toMatchObject({ cartGuid: other.cartGuid });
    expect(lines(await getCart(paying.cartGuid!))).toEqual(['B-MW 7 x1']);
  });

  it("never takes or changes another account's cart, and never brings a dealer page's cart to a device", async () => {
    const anna = await customer();
    const bert = await customer();
    const annas = await add(plate('B-AN 1'), { on: anna.phone });
    // Bert's login in a browser that still holds Anna's cart guid (a shared computer): Anna's cart stays hers.
    const res = await attach(bert.laptop, annas.cartGuid!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cartGuid: null, userId: null, items: null });
    expect(await getCart(annas.cartGuid!)).toEqual(annas);
    // With a cart of his own, Bert's browser takes his.
    const berts = await add(plate('B-BE 1'), { on: bert.phone });
    expect((await attach(bert.laptop, annas.cartGuid!)).body).toMatchObject({ cartGuid: berts.cartGuid });
    // Anna's lines never join Bert's cart.
    expect(lines(await getCart(berts.cartGuid!))).toEqual(['B-BE 1 x1']);
    expect(await getCart(annas.cartGuid!)).toEqual(annas);

    // A dealer page's own cart that became Anna's (its guid attached) is not brought to her next device.
    const dealerPage = await add({ ...plate('HB-D 2'), dealer: 'autohaus-geraete' });
    await attach(anna.phone, dealerPage.cartGuid!);
    await api.db.query("UPDATE carts SET updated_at = now() + interval '1 minute' WHERE guid = $1", [
      dealerPage.cartGuid,
    ]);
    expect((await attach(anna.laptop)).body).toMatchObject({ cartGuid: annas.cartGuid });
  });

  it('keeps both carts as they were when the merge would break a limit', async () => {
    const { id, phone, laptop } = await customer();
    let onPhone = await add(plate('B-MW 1'), { on: phone });
    for (let i = 2; i <= MAX_CART_LINES; i++)
      onPhone = await add(plate(`B-MW ${i}`), { guid: onPhone.cartGuid!, on: phone });
    const guest = await add(plate('B-XX 1'));
    const res = await attach(laptop, guest.cartGuid!);
    expect(res.body).toMatchObject({ cartGuid: guest.cartGuid, userId: id });
    expect(lines(res.body as Cart)).toEqual(['B-XX 1 x1']);
    expect((await getCart(onPhone.cartGuid!)).items).toHaveLength(MAX_CART_LINES);
    // The account's newest cart is now the laptop's: the phone, logging in again with its full cart, joins nothing
    // either (the same limit), and a third device takes the newest.
    expect((await attach(phone, onPhone.cartGuid!)).body).toMatchObject({ cartGuid: onPhone.cartGuid });
    expect((await attach(laptop)).body).toMatchObject({ cartGuid: onPhone.cartGuid });
  });

  it('answers hostile and odd input as the other cart calls do', async () => {
    const { laptop } = await customer();
    expectError(await attach(laptop, 'not-a-guid'), 400, 'cart-guid-invalid');
    expectError(await attach(laptop, "1' OR '1'='1"), 400, 'cart-guid-invalid');
    // An unknown guid with a session: nothing to take over, the empty default cart.
    expect((await attach(laptop, '00000000-0000-4000-8000-000000000000')).body).toMatchObject({
      cartGuid: null,
    });
    // Without a session nothing changes: 400 without a cart, the cart unchanged with one.
    expectError(await call(api, 'POST', paths.cart.attachToUser), 400, 'parameter-missing');
    const guest = await add(plate('B-GA 1'));
    expect(
      (await call(api, 'POST', paths.cart.attachToUser, { cartGuid: guest.cartGuid! })).body,
    ).toMatchObject({
      cartGuid: guest.cartGuid,
      userId: null,
    });
    // A forged session cookie is no session.
    const forged = { cookie: `lp_session=${'A'.repeat(43)}; XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF };
    expectError(await attach(forged), 400, 'parameter-missing');
    const unclaimed = await add(plate('B-GA 2'), { on: forged });
    expect(unclaimed.userId).toBeNull();
  });
});
