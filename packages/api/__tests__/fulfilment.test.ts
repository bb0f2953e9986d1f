import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { shipByDay } from '../src/fulfilment/packersList';
import { runOwedMailCli } from '../src/mail/owedMailCli';
import { sweepShipmentMails } from '../src/mail/shipmentMails';
import { type Api, savedOrder } from './support/testApi';
import { fulfilmentWorld } from './support/fulfilmentWorld';

const world = fulfilmentWorld();
const { mailServer, sent, transport, paidOrder, cli, getOrder } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
});

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
      /^1 order\(s\) paid in the last 30 days to ship, oldest first:\n1 paid order\(s\) older than 30 days are not recorded as shipped either: lp-api orders --days 0\./,
    );
    expect((await cli(['--days', '0'])).out).toContain(old.orderNumber);
    expect((await cli(['--days', '45', '--json'])).out).toContain(old.orderNumber);
    for (const days of ['-1', 'x', '1.5']) expect((await cli(['--days', days])).code).toBe(2);
    expect((await cli(['ship', recent.orderNumber, '--days', '3'])).code).toBe(2);
    // Out of the way of the other tests' lists.
    for (const order of [old, recent]) expect((await cli(['ship', order.orderNumber])).code).toBe(0);
    // The first test of the file: nothing else is paid yet, so the list is empty (session 22: it said "paid" twice).
    expect((await cli([])).out.trim()).toBe('No order paid in the last 30 days is waiting to be shipped.');
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
