// Session 20, parcels: the warehouse corrects what a parcel holds (`lp-api orders ship <n> --correct --lines …`):
// the packer recorded the wrong plate for a parcel. The order answer, the packers' list and the Versandbestätigung
// follow the corrected parcel; lines another parcel holds are refused; a correction and a new parcel of one order at
// once never ship a plate twice. (Recording parcels: fulfilment.test.ts and fulfilmentParcels.test.ts.)
import { paths } from '@lp/sdk/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepShipmentMails } from '../src/mail/shipmentMails';
import { fulfilmentWorld } from './support/fulfilmentWorld';
import { type Api, addBody, addItem, call, payCart, plateAttributes } from './support/testApi';

const world = fulfilmentWorld();
const { mailServer, sent, transport, cli } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
});

/** A paid order of two plates of one product (M-LP 1, M-LP 2) and a holder; its confirmation mail passed. */
async function twoPlates(): Promise<{ orderNumber: string; headerGuid: string }> {
  const cart = await addItem(api, addBody('KFZ-001', 1, plateAttributes('M-LP 1')));
  await addItem(api, addBody('KFZ-001', 1, plateAttributes('M-LP 2')), cart.cartGuid!);
  await addItem(api, addBody('KZH-001', 1), cart.cartGuid!);
  const order = await payCart(api, cart.cartGuid!);
  await vi.waitFor(() => expect(sent.map((mail) => mail.subject).join()).toContain(order.orderNumber), {
    timeout: 10_000,
  });
  sent.length = 0;
  return order;
}

interface Parcel {
  parcel: number;
  shippedAt: string;
  carrier: string;
  trackingNumber: string | null;
  lines: { line: number; quantity: number }[];
}
const orderOf = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as {
    shipment: unknown;
    parcels: Parcel[];
  };

describe('lp-api orders ship --correct --lines: the packer put the other plate in the parcel', () => {
  it('corrects the contents; the order, the packers’ list and a new Versandbestätigung follow', async () => {
    const order = await twoPlates();
    const DPD = '01234567890123';
    const first = await cli([
      'ship',
      order.orderNumber,
      '--lines',
      '1',
      '--carrier',
      'DPD',
      '--tracking',
      DPD,
    ]);
    expect(first.code, first.err).toBe(0);
    expect(sent[0]!.text.split('Folgt separat')[0]).toContain('Kennzeichen: M-LP 1');
    expect(sent[0]!.text).not.toContain('vorige Versandbestätigung');
    const before = (await orderOf(order.headerGuid)).parcels[0]!;

    // Parcel 1 really held plate M-LP 2: carrier and number stay when not given.
    const corrected = await cli(['ship', order.orderNumber, '--correct', '--lines', '2']);
    expect(corrected.code, corrected.err).toBe(0);
    expect(corrected.out).toContain(
      `Order ${order.orderNumber} corrected, parcel 1 (line 2 (1)): DPD, tracking number ${DPD}.`,
    );
    expect(corrected.out).toContain('Left to ship: line 1 (1), line 3 (1).');
    expect(sent).toHaveLength(2);
    // The shopper has the first mail: this one says it replaces it (migration 036 keeps that on the parcel).
    const mail = sent[1]!;
    expect(mail.subject).toBe(`Korrektur: Paket 1 Ihrer Bestellung ${order.orderNumber} ist unterwegs`);
    expect(mail.text).toContain(
      'bitte entschuldigen Sie: Unsere vorige Versandbestätigung zu diesem Paket enthielt falsche Angaben. Es gelten die Angaben in dieser E-Mail.',
    );
    expect(mail.link).toBe(`https://tracking.dpd.de/status/de_DE/parcel/${DPD}`);
    const [inParcel, follows] = mail.text.split('Folgt separat');
    expect(inParcel).toContain('Kennzeichen: M-LP 2');
    expect(inParcel).not.toContain('Kennzeichen: M-LP 1');
    expect(follows).toContain('Kennzeichen: M-LP 1');

    // The shopper's order page reads the corrected parcel: same number, day and carrier, the other plate.
    const answer = await orderOf(order.headerGuid);
    expect(answer.parcels).toEqual([{ ...before, lines: [{ line: 2, quantity: 1 }] }]);
    expect(answer.shipment).toBeNull();
    // The packers see plate M-LP 1 (line 1) left to ship, not M-LP 2.
    const listed = (await cli([])).out;
    const block = listed.slice(listed.indexOf(order.orderNumber)).split('\n\n')[0]!;
    expect(block).toContain('Kennzeichen: M-LP 1');
    expect(block).not.toContain('Kennzeichen: M-LP 2');

    // The same correction again: nothing changed, no third mail.
    const again = await cli(['ship', order.orderNumber, '--correct', '--lines', '2']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Nothing changed, no second mail');
    // Contents and number at once; a line alone takes all of it no other parcel holds.
    const both = await cli([
      'ship',
      order.orderNumber,
      '--correct',
      '--lines',
      '2,3',
      '--carrier',
      'DPD',
      '--tracking',
      '01234567890999',
    ]);
    expect(both.code, both.err).toBe(0);
    expect((await orderOf(order.headerGuid)).parcels[0]).toMatchObject({
      trackingNumber: '01234567890999',
      lines: [
        { line: 2, quantity: 1 },
        { line: 3, quantity: 1 },
      ],
    });
    expect(sent).toHaveLength(3);
  });

  it('refuses lines another parcel holds, naming them; the parcel to correct must be named', async () => {
    const order = await twoPlates();
    expect((await cli(['ship', order.orderNumber, '--correct', '--lines', '1'])).err).toContain(
      'has no parcel shipped yet',
    );
    expect((await cli(['ship', order.orderNumber, '--lines', '1'])).code).toBe(0);
    expect((await cli(['ship', order.orderNumber, '--lines', '2', '--carrier', 'Hermes'])).code).toBe(0);
    sent.length = 0;
    const parcels = (await orderOf(order.headerGuid)).parcels;

    const taken = await cli(['ship', order.orderNumber, '--correct', '--parcel', '1', '--lines', '2']);
    expect(taken.code).toBe(1);
    expect(taken.err).toBe(
      `Order ${order.orderNumber}: parcel 1 can hold only what its other parcels do not: line 1 (1), line 3 (1); parcel 2 holds line 2 (1). Nothing changed.`,
    );
    expect((await cli(['ship', order.orderNumber, '--correct', '--lines', '1,3'])).err).toContain(
      'Name the one to correct with --parcel',
    );
    const missing = await cli(['ship', order.orderNumber, '--correct', '--parcel', '1', '--lines', '4']);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.err).toContain('has 3 line(s)');
    expect(
      (await cli(['ship', order.orderNumber, '--correct', '--parcel', '1', '--lines', '1:2'])).code,
    ).toBe(1);
    expect((await orderOf(order.headerGuid)).parcels).toEqual(parcels);
    expect(sent).toHaveLength(0);

    // The holder was in parcel 1 too: now the order is shipped completely.
    const whole = await cli(['ship', order.orderNumber, '--correct', '--parcel', '1', '--lines', '1,3']);
    expect(whole.code, whole.err).toBe(0);
    expect(whole.out).toContain('The order is now shipped completely.');
    // Parcel 1's mail names what followed it when it left: plate M-LP 2, parcel 2.
    expect(sent[0]!.text.split('Folgt separat')[0]).toContain('Kennzeichen: M-LP 1');
    expect(sent[0]!.text.split('Folgt separat')[1]).toContain('Kennzeichen: M-LP 2');
    expect((await orderOf(order.headerGuid)).shipment).toMatchObject({ carrier: 'Hermes' });
    expect((await cli([])).out).not.toContain(order.orderNumber);
  });

  // Before session 20 `--correct` without --carrier meant "DHL without a number": a DPD parcel lost its number.
  it('keeps the carrier and number of a parcel when a correction names neither', async () => {
    const order = await twoPlates();
    const DPD = '01234567890123';
    expect((await cli(['ship', order.orderNumber, '--carrier', 'DPD', '--tracking', DPD])).code).toBe(0);
    const bare = await cli(['ship', order.orderNumber, '--correct']);
    expect(bare.code).toBe(0);
    expect(bare.out).toContain('Nothing changed');
    expect((await orderOf(order.headerGuid)).parcels[0]).toMatchObject({
      carrier: 'DPD',
      trackingNumber: DPD,
    });
    expect(sent).toHaveLength(1);
  });

  it('refuses a new number without --carrier for another carrier’s parcel instead of moving it to DHL', async () => {
    const order = await twoPlates();
    const DPD = '01234567890123';
    expect((await cli(['ship', order.orderNumber, '--carrier', 'DPD', '--tracking', DPD])).code).toBe(0);
    // 14 digits are a DHL number's form too: checked against the default, the parcel became DHL's.
    const unnamed = await cli(['ship', order.orderNumber, '--correct', '--tracking', '01234567890124']);
    expect(unnamed.code).toBe(1);
    expect(unnamed.err).toContain('parcel 1 went with DPD. Name its carrier');
    expect((await orderOf(order.headerGuid)).parcels[0]).toMatchObject({
      carrier: 'DPD',
      trackingNumber: DPD,
    });
    expect(sent).toHaveLength(1);
    const named = await cli([
      'ship',
      order.orderNumber,
      '--correct',
      '--carrier',
      'DPD',
      '--tracking',
      '01234567890124',
    ]);
    expect(named.code).toBe(0);
    expect((await orderOf(order.headerGuid)).parcels[0]).toMatchObject({
      carrier: 'DPD',
      trackingNumber: '01234567890124',
    });
  });

  it('corrects a parcel recorded before migration 032 (every line) to the lines it held', async () => {
    const order = await twoPlates();
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567801'])).code).toBe(0);
    // As a shipment of session 18 is stored: the whole order, no lines listed.
    await api.db.query(
      `UPDATE shipments SET lines = NULL
        WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)`,
      [order.orderNumber],
    );
    const corrected = await cli(['ship', order.orderNumber, '--correct', '--lines', '1,3']);
    expect(corrected.code, corrected.err).toBe(0);
    expect(corrected.out).toContain('Left to ship: line 2 (1).');
    const answer = await orderOf(order.headerGuid);
    expect(answer.parcels[0]!.lines).toEqual([
      { line: 1, quantity: 1 },
      { line: 3, quantity: 1 },
    ]);
    expect(answer.shipment).toBeNull();
  });

  it('says "Korrektur" also when the API sends the corrected mail later, after the mail server refused it', async () => {
    const order = await twoPlates();
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567801'])).code).toBe(0);
    expect(sent[0]!.subject).toBe(`Ihre Bestellung ${order.orderNumber} ist unterwegs`);
    mailServer.down = true;
    const corrected = await cli([
      'ship',
      order.orderNumber,
      '--correct',
      '--tracking',
      '00340434161234567802',
    ]);
    expect(corrected.code).toBe(0);
    expect(corrected.out).toContain('Versandbestätigung NOT sent yet');
    mailServer.down = false;
    await api.db.query(
      `UPDATE shipments SET mail_next_attempt_at = now() - interval '1 second' WHERE mail_sent_at IS NULL`,
    );
    expect(await sweepShipmentMails(api.db, transport, api.log)).toBe(1);
    expect(sent.map((mail) => mail.subject)).toEqual([
      `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
      `Korrektur: Ihre Bestellung ${order.orderNumber} ist unterwegs`,
    ]);
    expect(sent[1]!.text).toContain(
      'Unsere vorige Versandbestätigung zu Ihrer Bestellung enthielt falsche Angaben.',
    );
    expect(sent[1]!.text).toContain('Sendungsnummer: 00340434161234567802');
  });

  it('sends no "Korrektur" when the shopper never got the first Versandbestätigung', async () => {
    const order = await twoPlates();
    const before = sent.length;
    mailServer.down = true;
    expect((await cli(['ship', order.orderNumber, '--tracking', '00340434161234567801'])).code).toBe(0);
    const corrected = await cli([
      'ship',
      order.orderNumber,
      '--correct',
      '--tracking',
      '00340434161234567802',
    ]);
    expect(corrected.code).toBe(0);
    mailServer.down = false;
    await api.db.query(
      `UPDATE shipments SET mail_next_attempt_at = now() - interval '1 second' WHERE mail_sent_at IS NULL`,
    );
    expect(await sweepShipmentMails(api.db, transport, api.log)).toBe(1);
    expect(sent.slice(before).map((mail) => mail.subject)).toEqual([
      `Ihre Bestellung ${order.orderNumber} ist unterwegs`,
    ]);
    expect(sent.at(-1)!.text).not.toContain('enthielt falsche Angaben');
    expect(sent.at(-1)!.text).toContain('Sendungsnummer: 00340434161234567802');
  });

  it('never ships a plate twice when a correction and a new parcel of the order run at once', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await twoPlates();
      expect((await cli(['ship', order.orderNumber, '--lines', '1'])).code).toBe(0);
      const [correction, parcel] = await Promise.all([
        cli(['ship', order.orderNumber, '--correct', '--lines', '1,2']),
        cli(['ship', order.orderNumber, '--lines', '2', '--carrier', 'Hermes']),
      ]);
      // One of them wins; the other finds plate M-LP 2 taken.
      expect([correction.code, parcel.code].sort()).toEqual([0, 1]);
      const inParcels = (await orderOf(order.headerGuid)).parcels
        .flatMap((p) => p.lines)
        .filter((line) => line.line === 2)
        .reduce((sum, line) => sum + line.quantity, 0);
      expect(inParcels).toBe(1);
    }
  });
});
