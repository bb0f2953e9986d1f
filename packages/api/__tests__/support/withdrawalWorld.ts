// Session 22, health (split from withdrawals.test.ts): what the tests of the electronic withdrawal function
// (§ 356a BGB) share. A test API whose mails go to the stand-in mail server, one paid order to withdraw from, the
// declarations emptied before each test, and the calls the tests make.
import { withdrawalPaths } from '@lp/sdk/contract';
import { afterAll, beforeEach, expect, vi } from 'vitest';
import { standInMailServer } from './mailServer';
import { type Api, addBody, addItem, call, makeApi, payCart } from './testApi';

/** A stored declaration as the tests read it. */
export interface WithdrawalRow extends Record<string, unknown> {
  name: string;
  order_number: string;
  email: string;
  items: string | null;
  order_id: number | null;
  received_at: Date | string;
  confirmation_sent_at: Date | string | null;
}

/**
 * One test file's world, made while the file is collected (awaited at its top level) and closed after its tests: its
 * API with a paid order, the mail server's accepted mails and its switch (emptied and up before each test, the
 * declarations deleted), and the calls its tests share.
 */
export async function withdrawalWorld() {
  const mailServer = standInMailServer();
  const { sent, transport } = mailServer;
  const api: Api = await makeApi({ mailTransport: transport });
  afterAll(() => api.close());
  const cart = await addItem(api, addBody('KZH-001', 1));
  const order: { orderNumber: string } = await payCart(api, cart.cartGuid!);
  // The order confirmation goes to the same transport after the payment's answer: let it arrive before the tests.
  await vi.waitFor(() => expect(sent.map((mail) => mail.subject).join()).toContain(order.orderNumber), {
    timeout: 10_000,
  });
  beforeEach(async () => {
    sent.length = 0;
    mailServer.down = false;
    await api.db.query('DELETE FROM withdrawals');
  });

  const rows = () =>
    api.db.query<WithdrawalRow>(
      'SELECT name, order_number, email, items, order_id, received_at, confirmation_sent_at FROM withdrawals ORDER BY id',
    );
  const withdraw = (body: unknown, target: Api = api, headers: Record<string, string> = {}) =>
    call(target, 'POST', withdrawalPaths.withdraw, { body, headers });
  const valid = () => ({
    name: 'Erika Musterfrau',
    orderNumber: order.orderNumber,
    email: 'erika@example.de',
  });

  return { api, order, mailServer, sent, transport, rows, withdraw, valid };
}
