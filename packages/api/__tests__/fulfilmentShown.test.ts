// Sessions 18-19, fulfilment (split from fulfilment.test.ts in session 20): the German carriers' tracking pages, and
// the shipment where people see it: the account's order list, the DSGVO export, the sandbox outbox and SMTP.
import type { AddressInfo } from 'node:net';
import { paths } from '@lp/sdk/contract';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { runFulfilmentCli } from '../src/fulfilment/fulfilmentCli';
import { normaliseCarrier, normaliseTrackingNumber, trackingUrl } from '../src/fulfilment/tracking';
import { exportCustomer } from '../src/privacy/customerExport';
import { mailsFor } from './support/outboxMail';
import {
  type Api,
  addBody,
  addItem,
  call,
  demoOrderFilter,
  loginDemo,
  makeApi,
  payCart,
} from './support/testApi';
import { fulfilmentWorld } from './support/fulfilmentWorld';

const world = fulfilmentWorld();
const { paidOrder, cli, getOrder } = world;
let api: Api;
beforeAll(() => {
  api = world.api();
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
