// Session 18, fulfilment (split from fulfilment.test.ts in session 20): what the tests of `lp-api orders` share. A
// test API whose mails go to the stand-in mail server, paid orders shipped to a Packstation, and the command run on
// the test API's database.
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { Db } from '../../src/db/Db';
import { runFulfilmentCli } from '../../src/fulfilment/fulfilmentCli';
import type { MailTransport } from '../../src/outbox/mailTransport';
import { standInMailServer } from './mailServer';
import { type Api, addBody, addItem, address, call, makeApi, payCart, plateAttributes } from './testApi';

export const shippingAddress = {
  ...address,
  name: 'Paula',
  lastName: 'Packstation',
  street: 'Packstation',
  houseNumber: '123',
  street2: 'Postnummer 12345678',
  company: 'Muster & Söhne <GmbH>',
};

/**
 * One test file's world: its API (made in `beforeAll`, answered by `api()`), the mail server's accepted mails and its
 * switch (emptied and up before each test), and the calls its tests share.
 */
export function fulfilmentWorld() {
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

  return { api: () => api, mailServer, sent, transport, paidOrder, cli, getOrder };
}
