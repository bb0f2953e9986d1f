// Session 22 (locks, from the reviewer's findings 1 and 2): every path takes its row locks in one order, account →
// cart → order → payment, so two requests on the same cart never wait for each other in a circle. Before, the
// erasure of an address (`lp-api customer delete`, "Konto löschen") locked the orders billed to it and then their
// carts, and the payment's approval locked the payment and its order and then the cart, while a save locks the cart
// and then its orders: PostgreSQL killed one side as a deadlock, and the shopper's "Zahlungspflichtig bestellen"
// answered 500. The approval also locked the payment before its order, a new payment the order before its open
// payment: the shopper returning from the payment page got 500. A third connection holds the order's row, so both
// requests are queued in a chosen order before either goes on. PostgreSQL only: PGlite runs one transaction at a time.
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseCustomer } from '../src/privacy/eraseCustomer';
import { queuedBehind } from './support/lockQueue';
import {
  type Api,
  type Call,
  addItem,
  addBody,
  call,
  expectError,
  makeApi,
  saveBody,
  sandboxPayment,
  savedOrder,
} from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

describe.runIf(server)(
  'one lock order: no deadlock between a save and an erasure or a payment (PostgreSQL)',
  () => {
    let api: Api;
    beforeAll(async () => {
      api = await makeApi();
    });
    afterAll(() => api?.close());

    /** The order's row held, `first` queued before `second` (support/lockQueue.ts). */
    const queued = <A, B>(headerGuid: string, first: () => Promise<A>, second: () => Promise<B>) =>
      queuedBehind(
        api,
        'SELECT 1 FROM orders WHERE header_guid = $1::uuid FOR SHARE',
        headerGuid,
        first,
        second,
      );

    const orderedBy = async (email: string) =>
      api.db.query("SELECT order_number FROM orders WHERE billing_person->>'email' = $1", [email]);

    it.each(['erasure', 'save'] as const)(
      "a guest's save and the erasure of its billing address, the %s queued first: no 500, nothing of the address left",
      async (first) => {
        const email = `gast.${first}@example.de`;
        const body = saveBody({
          billingPerson: { email, phone: '+49 1701234567', name: 'Gerd', lastName: 'Gast' },
        });
        const cart = await addItem(api, addBody('KZH-001'));
        const cartGuid = cart.cartGuid!;
        const draft = await call(api, 'POST', paths.order.save, { body, cartGuid });
        expect(draft.status).toBe(200);
        // The shopper clicks "Zahlungspflichtig bestellen" again while the operator runs `lp-api customer delete`.
        const save = () => call(api, 'POST', paths.order.save, { body, cartGuid });
        const erase = () => eraseCustomer(api.db, email);
        const headerGuid = (draft.body as { orderHeaderGuid: string }).orderHeaderGuid;
        let saved: Call;
        let erased: Awaited<ReturnType<typeof erase>>;
        if (first === 'erasure') [erased, saved] = await queued(headerGuid, erase, save);
        else [saved, erased] = await queued(headerGuid, save, erase);
        // Erased first: the cart went with the erasure. Saved first: the new draft is erased with the older one.
        if (first === 'erasure') expectError(saved, 400, 'cart-not-found');
        else expect(saved.status).toBe(200);
        expect(erased?.draftOrdersDeleted).toHaveLength(first === 'erasure' ? 1 : 2);
        expect(await orderedBy(email)).toEqual([]);
      },
      30_000,
    );

    it.each(['approval', 'save'] as const)(
      'the payment approved and the same cart saved in another tab, the %s queued first: no 500, the order paid',
      async (first) => {
        const { cartGuid, headerGuid } = await savedOrder(api);
        const payment = await sandboxPayment(api, headerGuid);
        const approve = () => call(api, 'POST', `${payment}/approve`);
        const save = () => call(api, 'POST', paths.order.save, { body: saveBody(), cartGuid });
        let approved: Call;
        let saved: Call;
        if (first === 'approval') [approved, saved] = await queued(headerGuid, approve, save);
        else [saved, approved] = await queued(headerGuid, save, approve);
        expect(approved.status).toBe(303);
        // Approved first: the paid lines left the cart. Saved first: the payment was still running.
        if (first === 'approval') expectError(saved, 400, 'cart-empty');
        else expectError(saved, 409, 'payment-running');
        const [order] = await api.db.query<{ status: string }>(
          'SELECT status FROM orders WHERE header_guid = $1',
          [headerGuid],
        );
        expect(order?.status).toBe('paid');
      },
      30_000,
    );

    it('a new payment of the order started in another tab while the open one is approved: no 500', async () => {
      const { headerGuid } = await savedOrder(api);
      const payment = await sandboxPayment(api, headerGuid);
      const approve = () => call(api, 'POST', `${payment}/approve`);
      const pay = () =>
        call(api, 'POST', paths.order.createPayment, {
          body: {
            headerGuid,
            paymentMethod: 'paypal',
            returnUrl: 'http://localhost:3000/wait-for-confirmation',
            cancelUrl: 'http://localhost:3000/cancel-order',
          },
          headers: { host: '127.0.0.1:4000' },
        });
      // The new payment first: it supersedes the one on the open payment page, which then cannot be approved.
      const [started, approved] = await queued(headerGuid, pay, approve);
      expect(started.status).toBe(200);
      expectError(approved, 409, 'payment-state');
      const [order] = await api.db.query<{ status: string }>(
        'SELECT status FROM orders WHERE header_guid = $1',
        [headerGuid],
      );
      expect(order?.status).toBe('paymentPending');
    }, 30_000);
  },
);
