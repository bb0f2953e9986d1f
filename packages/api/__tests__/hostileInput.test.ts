import { paths } from '@lp/sdk/contract';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './support/images';
import {
  type Api,
  addBody,
  addItem,
  address,
  expectError,
  expectErrorBody,
  makeApi,
  saveBody,
} from './support/testApi';

// Session 10 audit as a hostile integrator (DESIGN 2 / 6): inputs the earlier F-cases (issue 9) did not cover. Each
// refusal is a 4xx with its machine code, and the refused request writes nothing.

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

/** One request through `inject` with raw bytes; error answers must be the contract's error body. */
async function send(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  const res = await api.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const body = res.body ? JSON.parse(res.body) : undefined;
  if (res.statusCode >= 400) expectErrorBody(res.statusCode, body);
  return { status: res.statusCode, body };
}

const count = async (table: string) =>
  (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('a company id beyond the database integer is refused, not a 500', () => {
  it('in the paymentTypes path: 400 validation past 2147483647, 404 up to it', async () => {
    for (const id of ['2147483648', '9999999999', '0']) {
      const res = await send('GET', `/api/Order/paymentTypes/${id}`);
      expectError(res, 400, 'validation');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'companyId' })]);
    }
    expectError(await send('GET', '/api/Order/paymentTypes/2147483647'), 404, 'not-found');
  });

  it('in the upload form field CompanyId: 400 validation and no image stored', async () => {
    const [uploads, files] = [await count('uploads'), await count('stored_files')];
    const boundary = 'hostile';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="CompanyId"\r\n\r\n2147483648\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="Image"; filename="image.jpg"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await send(
      'POST',
      paths.cart.addItemImage,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      form,
    );
    expectError(res, 400, 'validation');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'CompanyId' })]);
    expect([await count('uploads'), await count('stored_files')]).toEqual([uploads, files]);
  });
});

describe('NUL bytes (which PostgreSQL text refuses) stop at validation, named as a rule', () => {
  it('in an address, an attribute name and value, the login: 400 validation, nothing stored', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const lines = await count('cart_items');
    const json = { 'content-type': 'application/json' };
    const refused = [
      await send(
        'POST',
        paths.cart.addShippingAddress,
        { ...json, CartGuid: cart.cartGuid! },
        Buffer.from(JSON.stringify({ ...address, city: 'Ber\u0000lin' })),
      ),
      await send(
        'POST',
        paths.cart.addItem,
        { ...json, CartGuid: cart.cartGuid! },
        Buffer.from(JSON.stringify(addBody('KZH-001', 1, { Bemerkung: 'a\u0000b' }))),
      ),
      await send(
        'POST',
        paths.cart.addItem,
        { ...json, CartGuid: cart.cartGuid! },
        Buffer.from(JSON.stringify(addBody('KZH-001', 1, { 'Bemer\u0000kung': 'ab' }))),
      ),
      await send(
        'POST',
        '/api/Account/login',
        json,
        Buffer.from(JSON.stringify({ email: 'demo@lp-de.example', password: 'x\u0000' })),
      ),
    ];
    for (const res of refused) {
      expectError(res, 400, 'validation');
      expect(res.body.message).toMatch(/must not contain control characters/);
      expect(res.body.message).not.toMatch(/\\u0000/);
    }
    expect(await count('cart_items')).toBe(lines);
    const [row] = await api.db.query<{ shipping: unknown }>(
      'SELECT shipping_address AS shipping FROM carts WHERE guid = $1',
      [cart.cartGuid],
    );
    expect(row?.shipping).toBeNull();
  });
});

describe('a JSON body that is not UTF-8 is refused instead of stored with U+FFFD', () => {
  /** A name sign's text as a legacy client sends it: Latin-1 bytes. */
  const latin1 = (text: string) =>
    Buffer.from(JSON.stringify(addBody('KZH-001', 1, { Bemerkung: text })), 'latin1');

  it('Latin-1 bytes without a charset: 400 invalid-json, no line added', async () => {
    const lines = await count('cart_items');
    const res = await send(
      'POST',
      paths.cart.addItem,
      { 'content-type': 'application/json' },
      latin1('Müller'),
    );
    expectError(res, 400, 'invalid-json');
    expect(await count('cart_items')).toBe(lines);
  });

  it('a declared charset other than UTF-8: 415 unsupported-media-type, the address not stored', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const body = Buffer.from(JSON.stringify({ ...address, street: 'Hauptstraße' }), 'latin1');
    const res = await send(
      'POST',
      paths.cart.addShippingAddress,
      { 'content-type': 'application/json; charset=ISO-8859-1', CartGuid: cart.cartGuid! },
      body,
    );
    expectError(res, 415, 'unsupported-media-type');
    const [row] = await api.db.query<{ shipping: unknown }>(
      'SELECT shipping_address AS shipping FROM carts WHERE guid = $1',
      [cart.cartGuid],
    );
    expect(row?.shipping).toBeNull();
  });

  it('UTF-8, declared or not, keeps every umlaut', async () => {
    for (const type of [
      'application/json',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
    ]) {
      const res = await send(
        'POST',
        paths.cart.addItem,
        { 'content-type': type },
        Buffer.from(JSON.stringify(addBody('KZH-001', 1, { Bemerkung: 'Grüße, Müller' }))),
      );
      expect(res.status).toBe(200);
      expect(res.body.items[0].addData[0].info.Attributes.Bemerkung).toBe('Grüße, Müller');
    }
  });
});

describe('a body that is not JSON is answered "send application/json", and nothing is stored', () => {
  it('JSON sent as text/plain (what fetch does for a string body): 415, no line added', async () => {
    const lines = await count('cart_items');
    const res = await send(
      'POST',
      paths.cart.addItem,
      { 'content-type': 'text/plain;charset=UTF-8' },
      Buffer.from(JSON.stringify(addBody('KZH-001'))),
    );
    expectError(res, 415, 'unsupported-media-type');
    expect(res.body.message).toMatch(/application\/json/);
    expect(await count('cart_items')).toBe(lines);
  });

  it('a form post (which any site can send without a preflight): 415 also where every field is text', async () => {
    const reports = await count('client_errors');
    const form = 'severity=error&component=Cart&message=forged';
    const res = await send(
      'POST',
      '/api/ClientErrors',
      { 'content-type': 'application/x-www-form-urlencoded' },
      Buffer.from(form),
    );
    expectError(res, 415, 'unsupported-media-type');
    expect(await count('client_errors')).toBe(reports);
  });

  it('an empty text body is no body, as an empty JSON body is', async () => {
    const cart = await addItem(api, addBody('KZH-001'));
    const res = await send(
      'POST',
      paths.cart.startCheckout,
      { 'content-type': 'text/plain', CartGuid: cart.cartGuid! },
      Buffer.alloc(0),
    );
    expect(res.status).toBe(200);
  });

  it('no body where one is required: the message names the body once', async () => {
    const res = await send('POST', paths.cart.addItem);
    expectError(res, 400, 'validation');
    expect(res.body.message).toBe('Invalid body: must be object.');
  });
});

describe('a design document nested thousands deep', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const designed = (document: string) =>
    addBody('KZH-029', 10, {
      'Design-Bild': `http://127.0.0.1:4000/uploads/${'a'.repeat(64)}.png`,
      'Design-Dokument': document,
    });

  it("is refused at add (400 validation), nothing added; the editor format's depth passes", async () => {
    const lines = await count('cart_items');
    const res = await send(
      'POST',
      paths.cart.addItem,
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify(designed(deep(5_000)))),
    );
    expectError(res, 400, 'validation');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'Design-Dokument' })]);
    expect(await count('cart_items')).toBe(lines);
    await addItem(api, designed(JSON.stringify({ version: 1, items: [{ id: 't1', type: 'text' }] })));
  });

  it("stored before the check, it no longer makes the order's designs answer 500", async () => {
    const cart = await addItem(api, designed('{}'));
    // A line stored by an earlier version, which only checked that the document parses.
    await api.db.query(
      `UPDATE cart_items SET attributes = jsonb_set(attributes, '{Design-Dokument}', to_jsonb($1::text))
        WHERE internal_id = $2::uuid`,
      [deep(5_000), cart.items![0]!.itemInternalId],
    );
    const saved = await send(
      'POST',
      paths.order.save,
      { 'content-type': 'application/json', CartGuid: cart.cartGuid! },
      Buffer.from(JSON.stringify(saveBody())),
    );
    const headerGuid = saved.body.orderHeaderGuid as string;
    const { body: order } = await send('GET', `${paths.order.get}?headerGuid=${headerGuid}`);
    const designs = await send('GET', `${paths.order.designs(order.orderNumber)}?headerGuid=${headerGuid}`);
    expect(designs.status).toBe(200);
    expect(designs.body).toEqual([expect.objectContaining({ document: null })]);
  });
});

it("an Expect header other than 100-continue: 417 in the contract's shape (Node's own answer has no body)", async () => {
  const listening = await makeApi();
  try {
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST ${paths.cart.addItem} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            'Expect: 200-ok\r\nContent-Length: 2\r\n\r\n{}',
        ),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 417 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expectErrorBody(417, body);
    expect(body.code).toBe('bad-request');
    expect(await listening.db.query('SELECT 1 FROM carts')).toEqual([]);
  } finally {
    await listening.close();
  }
});
