// Session 16, § 356a BGB: the electronic withdrawal function ("Vertrag widerrufen"). Every well-formed declaration
// is stored with the server's time of receipt and confirmed by mail (content, date and time, what happens next),
// whether or not the order number belongs to the address, and the answer never tells which; hostile input is a 400
// with a machine code; the shared mutation limit applies. (Split from withdrawals.test.ts in session 22.)
import { withdrawalPaths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { receiptTime, withdrawalMail } from '../src/mail/withdrawalMail';
import type { OutgoingMail } from '../src/outbox/mailTransport';
import { exportCustomer } from '../src/privacy/customerExport';
import { CONTACT } from '../src/seed/data/contactDetails';
import { addBody, addItem, call, expectError, makeApi } from './support/testApi';
import { withdrawalWorld } from './support/withdrawalWorld';

const path = withdrawalPaths.withdraw;
const { api, order, mailServer, sent, transport, rows, withdraw, valid } = await withdrawalWorld();

describe('POST /api/Order/withdraw (§ 356a BGB)', () => {
  it('stores the declaration with the time of receipt and answers it; a matching placed order is linked', async () => {
    const before = Date.now();
    const res = await withdraw({
      ...valid(),
      orderNumber: ` ${order.orderNumber.toLowerCase()} `,
      email: 'Erika@Example.DE',
      items: 'Kennzeichenhalter KZH-001',
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toContain('no-store');
    const answer = res.body as { receivedAt: string; confirmationMailed: boolean };
    expect(answer).toEqual({ receivedAt: expect.any(String), confirmationMailed: true });
    const receivedAt = Date.parse(answer.receivedAt);
    expect(receivedAt).toBeGreaterThanOrEqual(before - 2_000);
    expect(receivedAt).toBeLessThanOrEqual(Date.now() + 2_000);
    const [row] = await rows();
    const [paid] = await api.db.query<{ id: number }>('SELECT id FROM orders WHERE order_number = $1', [
      order.orderNumber,
    ]);
    expect(row).toMatchObject({
      name: 'Erika Musterfrau',
      order_number: order.orderNumber.toLowerCase(),
      email: 'erika@example.de', // Kept lower-cased, as the order keeps its own (session 21).
      items: 'Kennzeichenhalter KZH-001',
      order_id: paid!.id,
    });
    expect(new Date(row!.received_at).toISOString()).toBe(answer.receivedAt);
    expect(row!.confirmation_sent_at).not.toBeNull();
  });

  it('mails the receipt: the declaration, date and time of receipt, what happens next, the shop', async () => {
    const res = await withdraw({ ...valid(), items: 'Kennzeichenhalter, 1 Stück' });
    const { receivedAt } = res.body as { receivedAt: string };
    const { day, time, zone } = receiptTime(new Date(receivedAt));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toBe('erika@example.de');
    expect(mail!.subject).toBe(`Eingangsbestätigung Ihres Widerrufs (Bestellnummer ${order.orderNumber})`);
    const text = mail!.text;
    for (const expected of [
      'Guten Tag Erika Musterfrau,',
      `Ihr Widerruf ist am ${day} um ${time} Uhr ${zone} bei uns eingegangen.`,
      'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag',
      '  Kennzeichenhalter, 1 Stück',
      'Name: Erika Musterfrau',
      `Bestellnummer: ${order.orderNumber}`,
      'E-Mail-Adresse für diese Bestätigung: erika@example.de',
      `Eingegangen am: ${day} um ${time} Uhr ${zone}`,
      // What happens next: neutral on the exclusion, the return, the refund within 14 days.
      'nach § 312g Abs. 2 Nr. 1 BGB kein Widerrufsrecht',
      'teilen wir Ihnen gesondert mit',
      'spätestens binnen 14 Tagen ab dem Eingang Ihres Widerrufs (§ 357 BGB)',
      // The return address is the shop's data: its Widerrufsbelehrung and Impressum, not a text of the code.
      'Unsere Widerrufsbelehrung',
      `${CONTACT.street}, ${CONTACT.postcode} ${CONTACT.city}`,
      'Mit freundlichen Grüßen',
      '-- ',
      'Geschäftsführerin: Erika Musterfrau',
    ]) {
      expect(text).toContain(expected);
    }
    expect(time).toMatch(/^\d\d:\d\d:\d\d$/);
  });

  it('writes the time of receipt as Berlin time, summer and winter', () => {
    expect(receiptTime(new Date('2026-06-19T22:30:05Z'))).toEqual({
      day: '20. Juni 2026',
      time: '00:30:05',
      zone: 'MESZ',
    });
    expect(receiptTime(new Date('2026-12-31T23:00:00Z'))).toEqual({
      day: '1. Januar 2027',
      time: '00:00:00',
      zone: 'MEZ',
    });
  });

  it('names the zone in the hour the clock change repeats: the two 02:30 of 26 October 2025 differ', () => {
    // Session 25: 00:30 UTC is 02:30 summer time, 01:30 UTC is 02:30 winter time, the same wall clock an hour apart.
    const at = (iso: string) =>
      withdrawalMail(
        { name: 'Erika', orderNumber: 'LP-1', email: 'erika@example.de', receivedAt: new Date(iso) },
        { sender: { name: 'Shop' } },
      ).text;
    const first = at('2025-10-26T00:30:00Z');
    const second = at('2025-10-26T01:30:00Z');
    expect(first).toContain('Ihr Widerruf ist am 26. Oktober 2025 um 02:30:00 Uhr MESZ bei uns eingegangen.');
    expect(first).toContain('Eingegangen am: 26. Oktober 2025 um 02:30:00 Uhr MESZ');
    expect(second).toContain('Ihr Widerruf ist am 26. Oktober 2025 um 02:30:00 Uhr MEZ bei uns eingegangen.');
    expect(second).toContain('Eingegangen am: 26. Oktober 2025 um 02:30:00 Uhr MEZ');
  });

  it('the return address follows the shop data, not the code', async () => {
    await api.db.query(
      `UPDATE articles SET data = jsonb_set(data, '{Content}', to_jsonb(replace(data->>'Content', $1, 'Retourenweg 7')))
        WHERE lower(alias) = 'widerrufsrecht'`,
      [CONTACT.street],
    );
    try {
      await withdraw(valid());
      expect(sent[0]!.text).toContain('Retourenweg 7');
    } finally {
      await api.db.query(
        `UPDATE articles SET data = jsonb_set(data, '{Content}', to_jsonb(replace(data->>'Content', 'Retourenweg 7', $1)))
          WHERE lower(alias) = 'widerrufsrecht'`,
        [CONTACT.street],
      );
    }
  });

  it('accepts and confirms an unknown order number and another address the same way (no enumeration)', async () => {
    const answers = [
      await withdraw(valid()),
      await withdraw({ ...valid(), orderNumber: 'LP-DOES-NOT-EXIST' }),
      await withdraw({ ...valid(), email: 'someone.else@example.de' }),
    ];
    const shape = (res: { status: number; body: unknown; headers: Record<string, unknown> }) => ({
      status: res.status,
      keys: Object.keys(res.body as object).sort(),
      confirmationMailed: (res.body as { confirmationMailed: boolean }).confirmationMailed,
      type: res.headers['content-type'],
      cache: res.headers['cache-control'],
    });
    expect(answers.map(shape)).toEqual(Array(3).fill(shape(answers[0]!)));
    // Every declaration is stored and mailed; only the operator's hint (the linked order) tells them apart.
    expect((await rows()).map((row) => row.order_id === null)).toEqual([false, true, true]);
    expect(sent.map((mail) => mail.to)).toEqual([
      'erika@example.de',
      'erika@example.de',
      'someone.else@example.de',
    ]);
    // The mails read alike: the same lines but for the fields the consumer typed and the time.
    const skeleton = (mail: OutgoingMail) =>
      mail.text
        .replace(/LP-DOES-NOT-EXIST|someone\.else@example\.de/g, 'X')
        .replaceAll(order.orderNumber, 'X')
        .replace(/erika@example\.de/g, 'X')
        .replace(/\d\d:\d\d:\d\d/g, 'T');
    expect(new Set(sent.map(skeleton)).size).toBe(1);
  });

  it('a draft (never placed) order is not linked', async () => {
    const cart = await addItem(api, addBody('KZH-001', 1));
    const saved = await call(api, 'POST', '/api/Order/saveOrder', {
      body: {
        billingPerson: { email: 'draft@example.de', phone: '+49 1701234567', name: 'D', lastName: 'D' },
        shippingAddress: {
          name: 'D',
          lastName: 'D',
          street: 'Hauptstraße',
          houseNumber: '1',
          zipCode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
        paymentMethod: 'paypal',
      },
      cartGuid: cart.cartGuid!,
    });
    expect(saved.status).toBe(200);
    const [draft] = await api.db.query<{ order_number: string }>(
      'SELECT order_number FROM orders WHERE header_guid = $1',
      [(saved.body as { orderHeaderGuid: string }).orderHeaderGuid],
    );
    expect(
      (await withdraw({ ...valid(), orderNumber: draft!.order_number, email: 'draft@example.de' })).status,
    ).toBe(201);
    expect((await rows())[0]!.order_id).toBeNull();
  });

  it('keeps the declaration when the receipt mail cannot be handed over, and says so', async () => {
    mailServer.down = true;
    const res = await withdraw(valid());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ confirmationMailed: false });
    const [row] = await rows();
    expect(row!.confirmation_sent_at).toBeNull();
  });

  const bad: Array<[string, unknown]> = [
    ['no body', undefined],
    ['an array', [{ name: 'A', orderNumber: 'X', email: 'a@b.de' }]],
    ['null', null],
    ['name missing', { orderNumber: 'X', email: 'a@b.de' }],
    ['orderNumber missing', { name: 'A', email: 'a@b.de' }],
    ['email missing', { name: 'A', orderNumber: 'X' }],
    ['name as number', { name: 1, orderNumber: 'X', email: 'a@b.de' }],
    ['orderNumber as object', { name: 'A', orderNumber: { x: 1 }, email: 'a@b.de' }],
    ['items as array', { name: 'A', orderNumber: 'X', email: 'a@b.de', items: ['a'] }],
    ['empty name', { name: '', orderNumber: 'X', email: 'a@b.de' }],
    ['blank name', { name: '   ', orderNumber: 'X', email: 'a@b.de' }],
    ['blank order number', { name: 'A', orderNumber: ' ', email: 'a@b.de' }],
    ['malformed email', { name: 'A', orderNumber: 'X', email: 'not-an-address' }],
    ['header injection in the email', { name: 'A', orderNumber: 'X', email: 'a@b.de\r\nBcc: c@d.de' }],
    ['header injection in the order number', { name: 'A', orderNumber: 'X\r\nBcc: c@d.de', email: 'a@b.de' }],
    ['line break in the name', { name: 'A\nB', orderNumber: 'X', email: 'a@b.de' }],
    ['NUL in the items', { name: 'A', orderNumber: 'X', email: 'a@b.de', items: 'a\u0000b' }],
    ['terminal escape in the name', { name: '\u001b[31mA', orderNumber: 'X', email: 'a@b.de' }],
    ['NEL in the order number', { name: 'A', orderNumber: 'X\u0085Bcc: c@d.de', email: 'a@b.de' }],
    ['line separator in the name', { name: 'A\u2028B', orderNumber: 'X', email: 'a@b.de' }],
    ['lone surrogate in the name', { name: 'A\ud800', orderNumber: 'X', email: 'a@b.de' }],
    ['name too long', { name: 'n'.repeat(101), orderNumber: 'X', email: 'a@b.de' }],
    ['order number too long', { name: 'A', orderNumber: 'x'.repeat(41), email: 'a@b.de' }],
    ['items too long', { name: 'A', orderNumber: 'X', email: 'a@b.de', items: 'i'.repeat(501) }],
    ['unknown field', { name: 'A', orderNumber: 'X', email: 'a@b.de', message: 'warum' }],
  ];
  it.each(bad)('refuses %s with 400 and a machine code, storing and mailing nothing', async (_name, body) => {
    const res = await withdraw(body);
    expect(res.status).toBe(400);
    expect(['validation', 'parameter-missing', 'bad-request']).toContain((res.body as { code: string }).code);
    expect(await rows()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('refuses a huge body and a body that is no JSON', async () => {
    const huge = await withdraw({ ...valid(), items: 'i'.repeat(100_000) });
    expectError(huge, 413, 'body-too-large');
    const broken = await api.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid-json' });
    const form = await api.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=A&orderNumber=X&email=a%40b.de',
    });
    expect(form.statusCode).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('keeps an emoji and German letters as typed', async () => {
    const res = await withdraw({ ...valid(), name: 'Jürgen Weiß 🚗', items: 'Halter „Straße“' });
    expect(res.status).toBe(201);
    expect((await rows())[0]).toMatchObject({ name: 'Jürgen Weiß 🚗', items: 'Halter „Straße“' });
    expect(sent[0]!.text).toContain('Guten Tag Jürgen Weiß 🚗,');
  });

  it('the DSGVO export of the address lists its declarations, also when the shop holds nothing else of it', async () => {
    await withdraw({ ...valid(), email: 'Nur.Widerruf@Example.de', orderNumber: 'LP-X-1', items: 'Halter' });
    const doc = await exportCustomer(api.db, 'nur.widerruf@example.de');
    expect(doc?.withdrawals).toEqual([
      { receivedAt: expect.any(String), name: 'Erika Musterfrau', orderNumber: 'LP-X-1', items: 'Halter' },
    ]);
    expect(doc?.orders).toEqual([]);
  });

  // Found by the session-16 review: anyone may declare for any address, so without a cap the function mailed the
  // shop's receipts, quoting a stranger's text, to one victim as often as the rate limit allowed (120 a minute).
  it('mails at most RECEIPTS_PER_ADDRESS_A_DAY receipts a day to one address, and still stores every declaration', async () => {
    const { RECEIPTS_PER_ADDRESS_A_DAY } = await import('../src/withdrawals/withdrawalRoutes');
    const victim = {
      ...valid(),
      email: 'Opfer@Example.de',
      items: 'Jetzt bestätigen: https://evil.example/login',
    };
    const answers = [];
    for (let i = 0; i < RECEIPTS_PER_ADDRESS_A_DAY + 3; i++) {
      const res = await withdraw({ ...victim, email: i % 2 ? 'opfer@example.de' : victim.email });
      expect(res.status).toBe(201);
      answers.push((res.body as { confirmationMailed: boolean }).confirmationMailed);
    }
    expect(sent.filter((mail) => mail.to.toLowerCase() === 'opfer@example.de')).toHaveLength(
      RECEIPTS_PER_ADDRESS_A_DAY,
    );
    expect(answers.filter(Boolean)).toHaveLength(RECEIPTS_PER_ADDRESS_A_DAY);
    const stored = await rows();
    expect(stored).toHaveLength(RECEIPTS_PER_ADDRESS_A_DAY + 3);
    expect(stored.filter((row) => row.confirmation_sent_at === null)).toHaveLength(3);
    // Another address is not held back.
    expect((await withdraw(valid())).body).toMatchObject({ confirmationMailed: true });
  });

  // Session 25 (hostile): sent at once, each declaration counted before the others committed, and on PostgreSQL a
  // sixth receipt went out in about one run of three.
  it('keeps the cap when the declarations for one address arrive at once', async () => {
    const { RECEIPTS_PER_ADDRESS_A_DAY } = await import('../src/withdrawals/withdrawalRoutes');
    const burst = Array.from({ length: 30 }, () => withdraw({ ...valid(), email: 'zugleich@example.de' }));
    const answers = await Promise.all(burst);
    expect(answers.map((res) => res.status)).toEqual(Array(30).fill(201));
    expect(sent.filter((mail) => mail.to === 'zugleich@example.de')).toHaveLength(RECEIPTS_PER_ADDRESS_A_DAY);
    expect((await rows()).filter((row) => row.email === 'zugleich@example.de')).toHaveLength(30);
  });

  it("counts against the API's per-client mutation limit", async () => {
    const limited = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 }, mailTransport: transport });
    try {
      const headers = {};
      expect((await withdraw(valid(), limited, headers)).status).toBe(201);
      expect((await withdraw(valid(), limited, headers)).status).toBe(201);
      expectError(await withdraw(valid(), limited, headers), 429, 'rate-limited');
    } finally {
      await limited.close();
    }
  });
});
