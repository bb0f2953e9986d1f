import { paths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { type AnswerFrom, apiBehindProxy, requestFrom } from './support/proxiedShoppers';
import { addBody } from './support/testApi';

// Session 26 (fleet): an office reaches the shop from one address. The fleet manager's own tool adds the fleet's
// plates through the SDK, straight to the API; her colleagues shop in the storefront, whose /api proxy names the
// same office address. Both used one mutation bucket, so her loop of adds refused their adds for a minute. Now the
// storefront's requests and the direct ones of an address count apart, each still bounded by the limit.

const MAX = 3;
const proxied = apiBehindProxy({ max: MAX, timeWindowMs: 60_000 });

const add = (from: string, origin: string): Promise<AnswerFrom> =>
  requestFrom(from, `${origin}${paths.cart.addItem}`, { method: 'POST', body: addBody('KZH-001', 2) });

async function addsFrom(from: string, origin: string, count: number): Promise<AnswerFrom[]> {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await add(from, origin));
  return answers;
}

const expectRateLimited = (answer: AnswerFrom | undefined) => {
  expect(answer?.status).toBe(429);
  expect(answer?.body).toMatchObject({ status: 429, code: 'rate-limited' });
  expect(String(answer?.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
};

describe('one office address: a fleet tool calling the API and colleagues in the shop', () => {
  it('a tool that used up its limit leaves the colleagues in the shop their adds', async () => {
    const tool = await addsFrom('127.0.0.21', proxied.apiUrl, MAX + 1);
    expect(tool.map((a) => a.status)).toEqual([...Array(MAX).fill(200), 429]);
    expectRateLimited(tool[MAX]);

    const colleague = await add('127.0.0.21', proxied.shopUrl);
    expect(colleague.status).toBe(200);
    expect(colleague.body).toMatchObject({ items: [{ productUniqueId: 'KZH-001', quantity: 2 }] });
  });

  it('colleagues who used up the shop limit leave the tool its adds; each count is still bounded', async () => {
    const shop = await addsFrom('127.0.0.22', proxied.shopUrl, MAX + 1);
    expect(shop.map((a) => a.status)).toEqual([...Array(MAX).fill(200), 429]);
    expectRateLimited(shop[MAX]);

    const tool = await addsFrom('127.0.0.22', proxied.apiUrl, MAX + 1);
    expect(tool.map((a) => a.status)).toEqual([...Array(MAX).fill(200), 429]);
    expectRateLimited(tool[MAX]);
  });
});
