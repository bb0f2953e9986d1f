import { dealerPaths } from '@lp/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDealer } from '../src/dealers/dealerRepo';
import { orderShippedAt } from '../src/fulfilment/parcels';
import { type Api, addBody, addItem, call, payCart, plateAttributes } from './support/testApi';
import { fulfilmentWorld, shippingAddress } from './support/fulfilmentWorld';

const world = fulfilmentWorld();
const { sent, paidOrder, cli, getOrder } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
});

describe('lp-api orders ship --lines: an order in several parcels', () => {
  it('ships part of an order, mails what is in the parcel and what follows, and lists what is left', async () => {
    // Line 1: two plates made to order; line 2: a holder from stock.
    const order = await paidOrder();
    const first = await cli([
      'ship',
      order.orderNumber,
      '--lines',
      '2',
      '--tracking',
      '00340434161234567801',
    ]);
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      `Order ${order.orderNumber} shipped, parcel 1 (line 2 (1)): DHL, tracking number`,
    );
    expect(first.out).toContain('Left to ship: line 1 (2).');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Paket 1 Ihrer Bestellung ${order.orderNumber} ist unterwegs`);
    const [inParcel, follows] = sent[0]!.text.split('Folgt separat');
    expect(inParcel).toContain('In diesem Paket');
    expect(inParcel).toContain('2. ');
    expect(inParcel).not.toContain('Kennzeichen: M-LP 2026');
    expect(follows).toContain('1. ');
    expect(follows).toContain('Kennzeichen: M-LP 2026');
    expect(follows).toContain('Menge: 2');
    expect(sent[0]!.text).toContain('Die übrigen Artikel senden wir Ihnen separat in einem weiteren Paket');
    expect(sent[0]!.text).toContain('die letzte Ware in Besitz genommen haben');

    // The order is not shipped yet (session 18's `shipment` stays null); its parcel is in `parcels`.
    let answer = await getOrder(order.headerGuid);
    expect(answer.shipment).toBeNull();
    const [partly] = await api.db.query<{ shipped_at: unknown }>(
      `SELECT ${orderShippedAt('orders')} AS shipped_at FROM orders WHERE order_number = $1`,
      [order.orderNumber],
    );
    expect(partly!.shipped_at).toBeNull();
    expect(answer.parcels).toEqual([
      {
        parcel: 1,
        shippedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        carrier: 'DHL',
        trackingNumber: '00340434161234567801',
        trackingUrl:
          'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567801',
        lines: [{ line: 2, quantity: 1 }],
      },
    ]);
    // The packers see what is left, by its line number.
    const listed = (await cli([])).out;
    const block = listed.slice(listed.indexOf(order.orderNumber)).split('\n\n')[0]!;
    expect(block).toContain('partly shipped (1 parcel(s) so far); left to ship:');
    expect(block).toContain('  1. 2 × ');
    expect(block).not.toContain('  2. 1 × ');
    const json = JSON.parse((await cli(['--json'])).out) as { orderNumber: string; lines: unknown[] }[];
    expect(json.find((o) => o.orderNumber === order.orderNumber)?.lines).toMatchObject([
      { line: 1, quantity: 2, ordered: 2 },
    ]);

    // The same command again, or the same lines without a number: nothing changed, no mail.
    expect(
      (await cli(['ship', order.orderNumber, '--lines', '2', '--tracking', '00340434161234567801'])).code,
    ).toBe(0);
    const repeat = await cli(['ship', order.orderNumber, '--lines', '2']);
    expect(repeat.code).toBe(0);
    expect(repeat.out).toContain('already shipped');
    expect(repeat.out).toContain('Left to ship: line 1 (2).');
    // A line the order does not have, or more than is left: refused, nothing changed.
    const missing = await cli(['ship', order.orderNumber, '--lines', '3']);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err).toContain('has 2 line(s); left to ship: line 1 (2)');
    expect(
      (await cli(['ship', order.orderNumber, '--lines', '1:3', '--tracking', '00340434161234567802'])).code,
    ).toBe(1);
    expect(sent).toHaveLength(1);

    // One plate with DPD, then the rest (the default: all that is left) with DHL.
    const second = await cli([
      'ship',
      order.orderNumber,
      '--lines',
      '1:1',
      '--carrier',
      'dpd',
      '--tracking',
      '0123 4567 8901 23',
    ]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('parcel 2 (line 1 (1)): DPD, tracking number 01234567890123');
    expect(sent[1]!.subject).toBe(`Paket 2 Ihrer Bestellung ${order.orderNumber} ist unterwegs`);
    expect(sent[1]!.link).toBe('https://tracking.dpd.de/status/de_DE/parcel/01234567890123');
    expect(sent[1]!.text).toContain('Menge: 1 von 2');
    expect(sent[1]!.text.split('Folgt separat')[1]).toContain('Menge: 1 von 2');
    const third = await cli(['ship', order.orderNumber, '--tracking', 'JJD000390007788123401']);
    expect(third.code).toBe(0);
    expect(third.out).toContain('parcel 3 (line 1 (1))');
    expect(third.out).toContain('The order is now shipped completely.');
    expect(sent[2]!.text).toContain('Damit ist Ihre Bestellung vollständig versandt.');
    expect(sent[2]!.text).not.toContain('Folgt separat');

    answer = await getOrder(order.headerGuid);
    expect(answer.parcels).toHaveLength(3);
    // One time per order however many parcels (the dealer list's shippedAt): the parcel that completed it.
    const [done] = await api.db.query<{ shipped_at: Date | string | null }>(
      `SELECT ${orderShippedAt('orders')} AS shipped_at FROM orders WHERE order_number = $1`,
      [order.orderNumber],
    );
    expect(new Date(done!.shipped_at!).toISOString()).toBe(
      (answer.parcels as { shippedAt: string }[])[2]!.shippedAt,
    );
    expect(answer.shipment).toMatchObject({ carrier: 'DHL', trackingNumber: 'JJD000390007788123401' });
    expect((await cli([])).out).not.toContain(order.orderNumber);
    // Everything is shipped: a further number is another parcel's correction, refused without --correct.
    expect((await cli(['ship', order.orderNumber])).code).toBe(0);
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567803'])).code).toBe(1);

    // Corrections name the parcel when there are several.
    const which = await cli(['ship', order.orderNumber, '--correct', '--tracking', '00340434161234567803']);
    expect(which.code).toBe(1);
    expect(which.err).toContain('shipped in 3 parcel(s)');
    expect(
      (
        await cli([
          'ship',
          order.orderNumber,
          '--correct',
          '--parcel',
          '4',
          '--tracking',
          '00340434161234567803',
        ])
      ).code,
    ).toBe(1);
    expect(which.err).toContain('--parcel');
    const corrected = await cli([
      'ship',
      order.orderNumber,
      '--correct',
      '--parcel',
      '2',
      '--carrier',
      'DPD',
      '--tracking',
      '01234567890999',
    ]);
    expect(corrected.code).toBe(0);
    expect(sent).toHaveLength(4);
    // Session 20: the corrected mail says it corrects the first (migration 036).
    expect(sent[3]!.subject).toBe(`Korrektur: Paket 2 Ihrer Bestellung ${order.orderNumber} ist unterwegs`);
    expect(sent[3]!.text).toContain('Sendungsnummer: 01234567890999');
    answer = await getOrder(order.headerGuid);
    expect((answer.parcels as { trackingNumber: string; lines: unknown }[])[1]).toMatchObject({
      trackingNumber: '01234567890999',
      lines: [{ line: 1, quantity: 1 }],
    });
  });

  // Session 19, lead (from shipping2): the dealer list read one shipment row per order, so an order in two parcels
  // made its query fail (a scalar subquery of two rows) and the dealer's list answered 500.
  it("keeps the dealer's order list answering: shipped once the last parcel left", async () => {
    const { key } = await addDealer(api.db, { id: 'paket-partner', name: 'Paket Partner', origins: [] });
    const cart = await addItem(api, {
      ...addBody('KFZ-001', 1, plateAttributes('M-LP 19')),
      dealer: 'paket-partner',
    });
    await addItem(api, addBody('KZH-001', 1), cart.cartGuid!);
    const order = await payCart(api, cart.cartGuid!, { shippingAddress });
    const dealerList = async () => {
      const answer = await call(api, 'GET', dealerPaths.orders, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.status).toBe(200);
      return (answer.body as { items: { orderNumber: string; shippedAt: string | null }[] }).items;
    };
    expect((await cli(['ship', order.orderNumber, '--lines', '2'])).code).toBe(0);
    expect(await dealerList()).toMatchObject([{ orderNumber: order.orderNumber, shippedAt: null }]);
    expect((await cli(['ship', order.orderNumber])).code).toBe(0);
    const parcels = (await getOrder(order.headerGuid)).parcels as { shippedAt: string }[];
    expect(parcels).toHaveLength(2);
    expect(await dealerList()).toMatchObject([
      { orderNumber: order.orderNumber, shippedAt: parcels[1]!.shippedAt },
    ]);
  });

  it('refuses bad --lines and --parcel with exit code 2, recording nothing', async () => {
    const order = await paidOrder();
    for (const args of [
      ['--lines', '0'],
      ['--lines', '1,1'],
      ['--lines', '1:0'],
      ['--lines', 'a'],
      ['--lines', ''],
      ['--lines', '1;DELETE FROM shipments'],
      ['--lines', '1:-1'],
      ['--lines', '99999999999'],
      // Session 20: `--correct --lines` corrects a parcel's contents (parcelCorrection.test.ts).
      ['--lines', '1:0', '--correct'],
      ['--parcel', '1'],
      ['--parcel', '0', '--correct'],
      ['--parcel', '1e1', '--correct'],
    ]) {
      const refused = await cli(['ship', order.orderNumber, ...args]);
      expect(refused.code, args.join(' ')).toBe(2);
    }
    expect((await cli(['--lines', '1'])).code).toBe(2);
    // --correct of a parcel the order does not have: refused (exit 1), nothing shipped.
    const none = await cli(['ship', order.orderNumber, '--correct', '--parcel', '1']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('has no parcel shipped yet');
    expect((await getOrder(order.headerGuid)).parcels).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  it('records one parcel and one mail when two operators ship the same parcel at once', async () => {
    const order = await paidOrder();
    const both = await Promise.all([
      cli(['ship', order.orderNumber, '--lines', '2', '--tracking', '00340434161234567811']),
      cli(['ship', order.orderNumber, '--lines', '2', '--tracking', '00340434161234567811']),
    ]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(sent).toHaveLength(1);
    // Two different parcels at once: both recorded, numbered 2 and 3.
    const two = await Promise.all([
      cli(['ship', order.orderNumber, '--lines', '1:1', '--tracking', '00340434161234567812']),
      cli(['ship', order.orderNumber, '--lines', '1:1', '--tracking', '00340434161234567813']),
    ]);
    expect(two.map((r) => r.code)).toEqual([0, 0]);
    const parcels = (await getOrder(order.headerGuid)).parcels as { parcel: number; lines: unknown }[];
    expect(parcels.map((p) => p.parcel)).toEqual([1, 2, 3]);
    expect(sent).toHaveLength(3);
    // Nothing over-shipped: a third plate is refused.
    expect(
      (await cli(['ship', order.orderNumber, '--lines', '1:1', '--tracking', '00340434161234567814'])).code,
    ).toBe(1);
  });
});
