import type { Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  addBody,
  addItem,
  call,
  loginDemo,
  makeApi,
  saveBody,
  expectError,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

type Line = [productUniqueId: string, attributes: Record<string, string>];

/** A cart with these lines saved as an order (confirmed unless asked not to); answers the order. */
async function orderWith(lines: Line[], confirm = true): Promise<Order> {
  let guid: string | undefined;
  for (const [id, attributes] of lines)
    guid = (await addItem(api, addBody(id, 1, attributes), guid)).cartGuid!;
  const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid: guid! });
  const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  if (confirm) await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
  return (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
}

/** Security review 3: the caller proves the order with its headerGuid. */
const proof = (order: Order) => `?headerGuid=${order.headerGuid}`;
const print = (order: Order, index = 0) =>
  call(
    api,
    'GET',
    paths.order.printFile(order.orderNumber, order.orderItems[index]!.itemInternalId) + proof(order),
  );

/** The SVG must be well-formed XML; answers its parsed root. */
function parseSvg(body: string): { title: string; svg: Record<string, unknown> } {
  expect(XMLValidator.validate(body)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false }).parse(body) as { svg: Record<string, unknown> };
  return { title: String(doc.svg.title), svg: doc.svg };
}

describe('GET /api/Order/{orderNumber}/print/{itemInternalId}', () => {
  it('answers an official car plate as a print-ready SVG with seals and safe headers', async () => {
    const order = await orderWith([
      ['KZH-001', {}],
      [
        'KFZ-001',
        {
          Kennzeichen: 'B-AB 123',
          'Kennzeichen-Art': 'Standard',
          Kennzeichengröße: '520x110',
          Schriftfarbe: 'Schwarz',
        },
      ],
    ]);
    const res = await print(order, 1);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['content-disposition']).toBe(`inline; filename="${order.orderNumber}-2.svg"`);
    const { title, svg } = parseSvg(res.body as string);
    expect(title).toBe('Kennzeichen B-AB 123');
    expect(svg['@_width']).toBe('520mm');
    expect(svg['@_height']).toBe('110mm');
    expect(res.body as string).toContain('class="seal-');
  });

  it('prints a green seasonal motorcycle plate on its two-line size', async () => {
    const order = await orderWith([
      [
        'KFZ-002',
        {
          Kennzeichen: 'M-XY 42',
          'Kennzeichen-Art': 'Saisonkennzeichen',
          Kennzeichengröße: '220x200',
          'Saison-Start': '4',
          'Saison-Ende': '10',
          Schriftfarbe: 'Grün (steuerbefreit)',
        },
      ],
    ]);
    const res = await print(order);
    expect(res.status).toBe(200);
    const { title, svg } = parseSvg(res.body as string);
    expect(title).toBe('Kennzeichen M-XY 42');
    expect(svg['@_width']).toBe('220mm');
    expect(res.body as string).toContain('class="season"');
    expect(res.body as string).toContain('stroke="#00843d"');
  });

  it('prints a fun plate and a parking sign as free text without seals', async () => {
    const order = await orderWith([
      ['FKZ-001', { Kennzeichen: 'Hallo Welt', Kennzeichengröße: '460x110', Schriftfarbe: 'Blau' }],
      ['PPS-001', { Kennzeichen: 'PRIVAT\nNur Kunden' }],
    ]);
    const fun = await print(order, 0);
    expect(fun.status).toBe(200);
    expect(parseSvg(fun.body as string).title).toBe('Schild HALLO WELT');
    expect(fun.body as string).not.toContain('class="seal-');
    expect(fun.body as string).toContain('stroke="#003399"');
    const sign = await print(order, 1);
    expect(sign.status).toBe(200);
    expect(parseSvg(sign.body as string).title).toBe('Schild PRIVAT / NUR KUNDEN');
    expect(sign.headers['content-disposition']).toBe(`inline; filename="${order.orderNumber}-2.svg"`);
  });

  it('escapes hostile stored text and colour (defence in depth behind the cart validation)', async () => {
    const order = await orderWith([['FKZ-001', { Kennzeichen: 'HALLO', Kennzeichengröße: '520x110' }]]);
    const hostile = '</title><script>alert(1)</script>&"\'';
    await api.db.query(
      `UPDATE order_items SET attributes = attributes || jsonb_build_object('Kennzeichen', $2::text,
         'Schriftfarbe', '"/><script>x</script>') WHERE item_internal_id = $1::uuid`,
      [order.orderItems[0]!.itemInternalId, hostile],
    );
    const res = await print(order);
    expect(res.status).toBe(200);
    const body = res.body as string;
    expect(body).not.toContain('<script');
    expect(XMLValidator.validate(body)).toBe(true);
    expect(parseSvg(body).title).toContain('Schild');
  });

  it('finds the order number in any case', async () => {
    const order = await orderWith([
      ['KFZ-001', { Kennzeichen: 'HH-A 1', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' }],
    ]);
    const res = await call(
      api,
      'GET',
      paths.order.printFile(order.orderNumber.toLowerCase(), order.orderItems[0]!.itemInternalId) +
        proof(order),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(order.orderNumber);
  });

  it('answers 404 for an unknown order or line and 400 for a line that is not a plate', async () => {
    const order = await orderWith([
      ['KZH-001', {}],
      ['KFZ-001', { Kennzeichen: 'K-AB 12', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' }],
    ]);
    const line = order.orderItems[1]!.itemInternalId;
    const other = await orderWith([['KZH-001', {}]]);
    const cases: [string, number, RegExp][] = [
      [paths.order.printFile('LP-1999-999999', line), 404, /Order not found/],
      [paths.order.printFile('<script>', line), 404, /Order not found/],
      // Path parameters longer than 200 characters are refused by the router itself.
      [paths.order.printFile('x'.repeat(500), line), 414, /./],
      [paths.order.printFile(order.orderNumber, 'not-a-uuid') + proof(order), 404, /no such line/],
      [
        paths.order.printFile(order.orderNumber, '00000000-0000-4000-8000-000000000000') + proof(order),
        404,
        /no such line/,
      ],
      // A line of another order is not found through this order.
      [
        paths.order.printFile(order.orderNumber, other.orderItems[0]!.itemInternalId) + proof(order),
        404,
        /no such line/,
      ],
      [
        paths.order.printFile(order.orderNumber, order.orderItems[0]!.itemInternalId) + proof(order),
        400,
        /not a plate/,
      ],
    ];
    for (const [url, status, message] of cases) {
      const res = await call(api, 'GET', url);
      expect({ url, status: res.status }).toEqual({ url, status });
      expect(res.headers['content-type']).toContain('application/json');
      expect((res.body as { message: string }).message).toMatch(message);
    }
  });

  it('answers 409 for a saved draft and prints once it is confirmed', async () => {
    const order = await orderWith(
      [['KFZ-001', { Kennzeichen: 'D-XY 9', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' }]],
      false,
    );
    const draft = await print(order);
    expectError(draft, 409, 'order-state');
    expect((draft.body as { message: string }).message).toMatch(/saved.*confirmed or paid/);
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid: order.headerGuid } });
    expect((await print(order)).status).toBe(200);
  });

  it('answers 404 to callers who cannot prove the order, and prints for the owning session', async () => {
    const order = await orderWith([
      ['KFZ-001', { Kennzeichen: 'M-AB 7', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' }],
    ]);
    const url = paths.order.printFile(order.orderNumber, order.orderItems[0]!.itemInternalId);
    for (const suffix of ['', '?headerGuid=00000000-0000-4000-8000-000000000000', '?headerGuid=x']) {
      const res = await call(api, 'GET', url + suffix);
      expectError(res, 404, 'not-found');
      expect((res.body as { message: string }).message).toBe('Order not found.');
    }
    // A session owns only orders it saved itself.
    const session = await loginDemo(api);
    expectError(await call(api, 'GET', url, { headers: session }), 404, 'not-found');
    const cart = await addItem(
      api,
      addBody('KFZ-001', 1, {
        Kennzeichen: 'M-AB 8',
        'Kennzeichen-Art': 'Standard',
        Kennzeichengröße: '520x110',
      }),
    );
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody(),
      cartGuid: cart.cartGuid!,
      headers: session,
    });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    await call(api, 'POST', paths.order.confirm, { body: { headerGuid } });
    const own = (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
    const ownUrl = paths.order.printFile(own.orderNumber, own.orderItems[0]!.itemInternalId);
    expect((await call(api, 'GET', ownUrl, { headers: session })).status).toBe(200);
    expectError(await call(api, 'GET', ownUrl), 404, 'not-found');
  });
});
