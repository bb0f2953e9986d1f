// Session 22, health (split from dealers.test.ts): what the dealer tests share. A test API with two registered
// dealers (Autohaus Meyer and Schulze KFZ, each with its key and origin) and the calls their tests make.
import { dealerPaths, paths } from '@lp/sdk/contract';
import { afterAll, expect } from 'vitest';
import { addDealer } from '../../src/dealers/dealerRepo';
import { type Api, call, makeApi, saveBody } from './testApi';

export const MEYER = 'https://autohaus-meyer.example';
export const SCHULZE = 'https://schulze-kfz.example';
export const STRANGER = 'https://stranger.example';

/**
 * One test file's world, made while the file is collected (awaited at its top level) and closed after its tests: its
 * API with both dealers registered, their keys and the calls its tests share.
 */
export async function dealerWorld() {
  const api: Api = await makeApi();
  afterAll(async () => api?.close());
  const meyerKey = (
    await addDealer(api.db, { id: 'autohaus-meyer', name: 'Autohaus Meyer', origins: [MEYER] })
  ).key;
  const schulzeKey = (await addDealer(api.db, { id: 'schulze-kfz', name: 'Schulze KFZ', origins: [SCHULZE] }))
    .key;

  const add = (body: object, headers: Record<string, string> = {}, cartGuid?: string) =>
    call(api, 'POST', paths.cart.addItem, { body, headers, ...(cartGuid ? { cartGuid } : {}) });

  async function orderOf(cartGuid: string): Promise<string> {
    const saved = await call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });
    expect(saved.status).toBe(200);
    return (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
  }

  const dealerOrders = (key: string | undefined, query = '', headers: Record<string, string> = {}) =>
    call(api, 'GET', `${dealerPaths.orders}${query}`, {
      headers: key === undefined ? headers : { authorization: `Bearer ${key}`, ...headers },
    });

  return { api, meyerKey, schulzeKey, add, orderOf, dealerOrders };
}
