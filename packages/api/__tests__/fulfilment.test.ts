// Session 18, fulfilment: the packers' list of paid orders not shipped yet (`lp-api orders`), the record of a
// shipment (`lp-api orders ship`), the Versandbestätigung through the shop's outbox (retried like the other owed
// mails), and the shipment in the order answers and the DSGVO export. The payment status stays 'paid'.
import type { AddressInfo } from 'node:net';
import { dealerPaths, paths } from '@lp/sdk/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/Db';
import { addDealer } from '../src/dealers/dealerRepo';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { orderShippedAt } from '../src/fulfilment/parcels';
import { shipByDay } from '../src/fulfilment/packersList';
import { normaliseCarrier, normaliseTrackingNumber, trackingUrl } from '../src/fulfilment/tracking';
import { runOwedMailCli } from '../src/mail/owedMailCli';
import { sweepShipmentMails } from '../src/mail/shipmentMails';
import type { MailTransport } from '../src/outbox/mailTransport';
import { exportCustomer } from '../src/privacy/customerExport';
import { standInMailServer } from './support/mailServer';
import { mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  address,
  call,
  demoOrderFilter,
  loginDemo,
  makeApi,
  payCart,
  plateAttributes,
  savedOrder,
} from './support/testApi';

const mailServer = standInMailServer();
const { sent, transport } = mailServer;

let api: Api;
beforeAll(async () => {
  api = await makeApi({ mailTransport: transport });
});
afterAll(() => api.close());
beforeEach(() => {
  sent.length = 0;
  mailServer.down = false;
});

const shippingAddress = {
  ...address,
  name: 'Paula',
  lastName: 'Packstation',
  street: 'Packstation',
  houseNumber: '123',
  street2: 'Postnummer 12345678',
  company: 'Muster & Söhne <GmbH>',
};

/** A paid order of a plate and a holder, shipped to a Packstation; waits for its order confirmation to pass. */
async function paidOrder(): Promise<{ orderNumber: string; headerGuid: string }> {
  const cart = await addItem(api, addBody('KFZ-001', 2, plateAttributes('M-LP 2026')));
  await addItem(api, addBody('KZH-001', 1), cart.cartGuid!);
  const order = await payCart(api, cart.cartGuid!, { shippingAddress });
  await vi.waitFor(() => expect(sent.map((mail) => mail.subject).join()).toContain(order.orderNumber), {
    timeout: 10_000,
  });
  sent.length = 0;
  return order;
}

/** Runs `lp-api orders …` on the test API's database (not closed by the command) with the test transport. */
async function cli(args: string[], mail: MailTransport = transport) {
  const out: string[] = [];
  const err: string[] = [];
  const output = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
  const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
  const code = await runFulfilmentCli(args, { output, open, mail, env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const getOrder = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as {
    status: string;
    shipment: unknown;
    parcels?: unknown[];
  };

describe('lp-api orders: the packers’ list', () => {
  // Lead, session 18: a shop upgraded to migration 029 has every order it ever shipped unrecorded. Listed whole,
  // years of orders buried today's (and the list grouped lines by scanning every line for every order).
  it('lists the last 30 days by default and names the older unshipped ones; --days 0 lists them all', async () => {
    const old = await paidOrder();
    await api.db.query(
      `UPDATE orders SET invoiced_at = now() - interval '40 days', created_at = now() - interval '41 days'
        WHERE order_number = $1`,
      [old.orderNumber],
    );
    const recent = await paidOrder();
    const listed = await cli([]);
    expect(listed.out).toContain(recent.orderNumber);
    expect(listed.out).not.toContain(old.orderNumber);
    expect(listed.out).toMatch(
      /paid in the last 30 days to ship, oldest first:\n1 paid order\(s\) older than 30 days are not recorded as shipped either: lp-api orders --days 0\./,
    );
    expect((await cli(['--days', '0'])).out).toContain(old.orderNumber);
    expect((await cli(['--days', '45', '--json'])).out).toContain(old.orderNumber);
    for (const days of ['-1', 'x', '1.5']) expect((await cli(['--days', days])).code).toBe(2);
    expect((await cli(['ship', recent.orderNumber, '--days', '3'])).code).toBe(2);
    // Out of the way of the other tests' lists.
    for (const order of [old, recent]) expect((await cli(['ship', order.orderNumber])).code).toBe(0);
  });

  it('lists paid orders not shipped yet, oldest first, with lines, print data and the whole address', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const unpaid = await savedOrder(api);
    const { code, out } = await cli([]);
    expect(code).toBe(0);
    expect(out.indexOf(first.orderNumber)).toBeGreaterThan(0);
    expect(out.indexOf(second.orderNumber)).toBeGreaterThan(out.indexOf(first.orderNumber));
    expect(out).not.toContain(unpaid.headerGuid);
    expect(out).toContain('2 × ');
    expect(out).toContain('Kennzeichen: M-LP 2026');
    expect(out).toContain(
      '    Muster & Söhne <GmbH>\n    Postnummer 12345678\n    Packstation 123\n    10115 Berlin',
    );
    expect(out).toMatch(/ship by \d{4}-\d{2}-\d{2}/);
    const json = await cli(['--json']);
    const list = JSON.parse(json.out) as Array<{ orderNumber: string; shippingAddress: { street2: string } }>;
    expect(list.find((o) => o.orderNumber === first.orderNumber)?.shippingAddress.street2).toBe(
      'Postnummer 12345678',
    );
  });

  it('promises the same working day before 14:00 Berlin time, else the next weekday', () => {
    expect(shipByDay(new Date('2026-11-25T12:59:00Z'))).toBe('2026-11-25'); // Wednesday 13:59
    expect(shipByDay(new Date('2026-11-25T13:00:00Z'))).toBe('2026-11-26'); // Wednesday 14:00
    expect(shipByDay(new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-30'); // Friday afternoon: Monday
    expect(shipByDay(new Date('2026-11-28T09:00:00Z'))).toBe('2026-11-30'); // Saturday
  });
});

describe('lp-api orders ship', () => {
  it('records the shipment, mails the Versandbestätigung once, and the order answers show it', async () => {
    const order = await paidOrder();
    const { code, out } = await cli([
      'ship',
      order.orderNumber.toLowerCase(),
      '--tracking',
      '0034 0434 1612 3456 7890',
    ]);
    expect(code).toBe(0);
    const url =
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890';
    expect(out).toContain(`Order ${order.orderNumber} shipped: DHL, tracking number 00340434161234567890.`);
    expect(out).toContain('Versandbestätigung sent to the billing e-mail.');
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail).toMatchObject({
      to: 'erika@example.de',
      subject: `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
      link: url,
    });
    expect(mail.text).toContain('Sendungsnummer: 00340434161234567890');
    expect(mail.text).toContain(`Sendung verfolgen: ${url}`);
    expect(mail.text).toContain('Kennzeichen: M-LP 2026');
    expect(mail.text).toContain('Muster & Söhne <GmbH>\nPostnummer 12345678\nPackstation 123\n10115 Berlin');
    expect(mail.text).toContain('Die Widerrufsfrist von 14 Tagen beginnt mit dem Tag, an dem Sie');
    expect(mail.text).toContain('§ 312g Abs. 2 Nr. 1 BGB');
    expect(mail.text).toContain(
      'Vertrag widerrufen (online, ohne Anmeldung): http://localhost:3000/vertrag-widerrufen',
    );
    expect(mail.text).toContain('Mit freundlichen Grüßen');

    // The payment status stays; the shipment is its own field of every order answer.
    const answer = await getOrder(order.headerGuid);
    expect(answer.status).toBe('paid');
    expect(answer.shipment).toEqual({
      shippedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      carrier: 'DHL',
      trackingNumber: '00340434161234567890',
      trackingUrl: url,
    });
    expect((await cli([])).out).not.toContain(order.orderNumber);

    // Again: nothing changed, no second mail.
    const again = await cli(['ship', order.orderNumber]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('was already shipped on');
    expect(again.out).toContain('no second mail');
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567890'])).code).toBe(0);
    expect(sent).toHaveLength(1);

    // Another number is refused without --correct; with it the shopper gets the mail again with the new number.
    const other = await cli(['ship', order.orderNumber, '--tracking', 'JJD000390007788123456']);
    expect(other.code).toBe(1);
    expect(other.err).toContain('add --correct');
    expect(sent).toHaveLength(1);
    const corrected = await cli([
      'ship',
      order.orderNumber,
      '--tracking',
      'JJD000390007788123456',
      '--correct',
    ]);
    expect(corrected.code).toBe(0);
    expect(corrected.out).toContain('corrected');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toContain('Sendungsnummer: JJD000390007788123456');
    expect(((await getOrder(order.headerGuid)).shipment as { trackingNumber: string }).trackingNumber).toBe(
      'JJD000390007788123456',
    );
  });

  it('names the day a parcel left as the shopper’s mail does: the Berlin day, not the UTC day', async () => {
    const order = await paidOrder();
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567891'])).code).toBe(0);
    // Handed over at 00:30 in Berlin on 21 November: 23:30 UTC on the 20th.
    await api.db.query(
      `UPDATE shipments SET shipped_at = '2026-11-20T23:30:00Z'
        WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)`,
      [order.orderNumber],
    );
    const again = await cli(['ship', order.orderNumber]);
    expect(again.out).toContain('was already shipped on 2026-11-21');
    const other = await cli(['ship', order.orderNumber, '--tracking', 'JJD000390007788123457']);
    expect(other.err).toContain('was shipped on 2026-11-21');
  });

  it('refuses unknown, unpaid and cancelled orders with exit code 1, changing nothing', async () => {
    const unknown = await cli(['ship', 'LP-999999']);
    expect(unknown).toMatchObject({ code: 1, err: 'No order has the number "LP-999999". Nothing changed.' });
    const draft = await savedOrder(api);
    const [row] = await api.db.query<{ order_number: string }>(
      'SELECT order_number FROM orders WHERE header_guid = $1',
      [draft.headerGuid],
    );
    const unpaid = await cli(['ship', row!.order_number]);
    expect(unpaid.code).toBe(1);
    expect(unpaid.err).toContain('is not paid (status saved): only paid orders are shipped');
    await api.db.query(`UPDATE orders SET status = 'cancelled' WHERE header_guid = $1`, [draft.headerGuid]);
    const cancelled = await cli(['ship', row!.order_number]);
    expect(cancelled.code).toBe(1);
    expect(cancelled.err).toContain('is cancelled');
    expect(
      await api.db.query(
        'SELECT 1 FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.header_guid = $1',
        [draft.headerGuid],
      ),
    ).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  it('takes tracking numbers as printed, refuses markup and control characters (exit 2), builds the link itself', async () => {
    const order = await paidOrder();
    for (const bad of [
      '"><script>alert(1)</script>',
      '0034043416\u001b[2J1234',
      'https://evil.example/?piececode=1',
      '123', // too short
      'ABCDEFGHIJKL', // letters only: no DHL form
    ]) {
      const refused = await cli(['ship', order.orderNumber, '--tracking', bad]);
      expect(refused.code, bad).toBe(2);
      expect(refused.err).toContain('--tracking: not a DHL tracking number');
    }
    expect((await cli(['ship', order.orderNumber, '--carrier', '<b>'])).code).toBe(2);
    expect((await getOrder(order.headerGuid)).shipment).toBeNull();
    expect(sent).toHaveLength(0);
    // Another carrier: its number as typed (letters and digits), shown without a link.
    const other = await cli([
      'ship',
      order.orderNumber,
      '--carrier',
      'Spedition Nord',
      '--tracking',
      'zx12ab34cd',
    ]);
    expect(other.code).toBe(0);
    expect((await getOrder(order.headerGuid)).shipment).toMatchObject({
      carrier: 'Spedition Nord',
      trackingNumber: 'ZX12AB34CD',
      trackingUrl: null,
    });
    expect(sent[0]!.text).toContain('Sendungsnummer: ZX12AB34CD');
    expect(sent[0]!.text).not.toContain('Sendung verfolgen');
  });

  it('answers usage errors with exit code 2 and --help with the usage', async () => {
    expect((await cli(['ship'])).code).toBe(2);
    expect((await cli(['send', 'LP-1'])).code).toBe(2);
    expect((await cli(['--tracking', '00340434161234567890'])).code).toBe(2);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: lp-api orders');
  });

  it('leaves a mail the server refused owed; the sweep sends it once when the server is back', async () => {
    const order = await paidOrder();
    mailServer.down = true;
    const { code, out, err } = await cli(['ship', order.orderNumber, '--tracking', '00340434161234567891']);
    expect(code).toBe(0);
    expect(out).toContain('Versandbestätigung NOT sent yet');
    expect(err).toContain('shipment confirmation mail not sent: connect ECONNREFUSED');
    expect(err).not.toContain('erika@example.de');
    const due = () =>
      api.db.query(
        `UPDATE shipments SET mail_next_attempt_at = now() - interval '1 second' WHERE mail_sent_at IS NULL`,
      );
    await due();
    expect(await sweepShipmentMails(api.db, transport, api.log)).toBe(1);
    expect(sent).toHaveLength(0);
    // The operator's list of owed mails names it by its order.
    const owed: string[] = [];
    const output = { out: (text: string) => owed.push(text), err: (text: string) => owed.push(text) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    expect(await runOwedMailCli([], { output, open })).toBe(0);
    expect(owed.join('\n')).toContain(
      `shipment confirmation  "order ${order.orderNumber}"  retrying (2 attempts so far`,
    );
    mailServer.down = false;
    await due();
    expect(await sweepShipmentMails(api.db, transport, api.log)).toBe(1);
    expect(sent.map((mail) => mail.subject)).toEqual([`Ihre Bestellung ${order.orderNumber} ist unterwegs`]);
    await due();
    expect(await sweepShipmentMails(api.db, transport, api.log)).toBe(0);
    expect(sent).toHaveLength(1);
    // The repeat says the mail went out.
    expect((await cli(['ship', order.orderNumber])).out).toContain('Versandbestätigung sent');
  });
});

// Session 19, shipping2: an order in several parcels (migration 032), and the tracking pages of the German carriers.
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

describe('tracking pages of the German carriers', () => {
  it('builds each known carrier’s page from a number in its form, and links no other carrier', () => {
    const cases: [string, string, string][] = [
      [
        'dhl',
        '00340434161234567890',
        'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567890',
      ],
      [
        'Deutsche  Post',
        'RR 123 456 789 DE',
        'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=RR123456789DE',
      ],
      ['DPD', '0123 4567 8901 23', 'https://tracking.dpd.de/status/de_DE/parcel/01234567890123'],
      [
        'hermes',
        '12345678901234',
        'https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#12345678901234',
      ],
      ['GLS', '12345678901', 'https://gls-group.eu/DE/de/paketverfolgung?match=12345678901'],
      ['gls', 'xhax4hda', 'https://gls-group.eu/DE/de/paketverfolgung?match=XHAX4HDA'],
      ['UPS', '1z 999 aa1 01 2345 6784', 'https://www.ups.com/track?loc=de_DE&tracknum=1Z999AA10123456784'],
    ];
    for (const [typed, number, url] of cases) {
      const carrier = normaliseCarrier(typed)!;
      const checked = normaliseTrackingNumber(number, carrier);
      expect(checked, typed).toBeDefined();
      expect(trackingUrl(carrier, checked!), typed).toBe(url);
    }
    // Numbers not in the carrier's form are refused.
    expect(normaliseTrackingNumber('0123456789012', 'DPD')).toBeUndefined();
    expect(normaliseTrackingNumber('1234567890', 'Hermes')).toBeUndefined();
    expect(normaliseTrackingNumber('2Z999AA10123456784', 'UPS')).toBeUndefined();
    expect(normaliseTrackingNumber('1234567', 'GLS')).toBeUndefined();
    // Other carriers: accepted without a link; a name like an object key is just a name.
    for (const name of ['Spedition Nord', 'constructor', '__proto__', 'toString']) {
      const carrier = normaliseCarrier(name);
      if (carrier === undefined) continue;
      expect(normaliseTrackingNumber('AB123456', carrier), name).toBe('AB123456');
      expect(trackingUrl(carrier, 'AB123456'), name).toBeNull();
    }
  });
});

describe('the shipment in the account, the export and the sandbox outbox', () => {
  it("shows in the account's order list and the DSGVO export", async () => {
    const order = await paidOrder();
    // The demo customer's order, as if placed while logged in.
    await api.db.query(
      'UPDATE orders SET customer_id = 1, customer_company_id = 2001, customer_company_group_role_id = 3001 WHERE header_guid = $1',
      [order.headerGuid],
    );
    const list = async () =>
      (
        (
          await call(api, 'POST', paths.order.list, {
            body: demoOrderFilter(),
            headers: await loginDemo(api),
          })
        ).body as { items: Array<{ orderNumber: string; shipment: unknown }> }
      ).items.find((item) => item.orderNumber === order.orderNumber);
    expect((await list())?.shipment).toBeNull();
    await cli(['ship', order.orderNumber, '--tracking', '00340434161234567892']);
    expect((await list())?.shipment).toMatchObject({
      carrier: 'DHL',
      trackingNumber: '00340434161234567892',
    });
    // The account's export: the order is the demo account's (its billing e-mail, erika@…, is another person's).
    const exported = await exportCustomer(api.db, 'demo@lp-de.example');
    const mine = (exported!.orders as Array<{ orderNumber: string; shipment: unknown }>).find(
      (o) => o.orderNumber === order.orderNumber,
    );
    expect(mine?.shipment).toMatchObject({ carrier: 'DHL', trackingNumber: '00340434161234567892' });
  });

  it('reaches the sandbox outbox when the shop has no SMTP server, the link escaped on its page', async () => {
    const sandbox = await makeApi();
    try {
      const cart = await addItem(sandbox, addBody('KZH-001', 1));
      const order = await payCart(sandbox, cart.cartGuid!);
      const open = async () => ({ ...sandbox.db, close: async () => undefined }) as unknown as Db;
      const out: string[] = [];
      const output = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
      expect(
        await runFulfilmentCli(['ship', order.orderNumber, '--tracking', '00340434161234567893'], {
          output,
          open,
          env: {},
        }),
      ).toBe(0);
      const [mail] = await mailsFor(sandbox, `${order.orderNumber} ist unterwegs`);
      expect(mail?.text).toContain(
        'Sendung verfolgen: https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161234567893',
      );
      expect(mail?.html).toContain('verfolgen.html?piececode=00340434161234567893');
    } finally {
      await sandbox.close();
    }
  });

  it('hands the mail to SMTP_URL as the API does; unusable mail settings change nothing (exit 1)', async () => {
    const order = await paidOrder();
    const out: string[] = [];
    const output = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
    const open = async () => ({ ...api.db, close: async () => undefined }) as unknown as Db;
    const args = ['ship', order.orderNumber, '--tracking', '00340434161234567894'];
    expect(await runFulfilmentCli(args, { output, open, env: { SMTP_URL: 'http://mail.example.de' } })).toBe(
      1,
    );
    expect(out.join('\n')).toContain('The mail settings are not usable, nothing changed: SMTP_URL must be');
    expect((await getOrder(order.headerGuid)).shipment).toBeNull();

    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push(`${session.envelope.rcptTo.map((r) => r.address).join()}\n${data}`);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const env = {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        MAIL_FROM: 'Kennzeichen-Shop <shop@example.de>',
      };
      expect(await runFulfilmentCli(args, { output, open, env })).toBe(0);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^erika@example\.de\n/);
      expect(received[0]).toContain('00340434161234567894');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
