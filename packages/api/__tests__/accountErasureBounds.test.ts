// Session 20 (review20): what the customer's own download and "Konto löschen" may take (src/privacy/). The records
// of an address are its account's and its guest orders; another account's order that names the address as billing
// e-mail (a shared `buchhaltung@…` colleagues type in) stays that account's, and an address the account had before an
// e-mail change is still the customer's own. PGlite in memory, or PostgreSQL with TEST_DATABASE_URL.
import type { Order } from '@lp/sdk/contract';
import { accountPaths, accountSettingsPaths, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerExport } from '../src/privacy/customerExport';
import { PASSWORD, customerWithHistory } from './support/privacyScenario';
import { CONFIRM_URL, settingsCalls } from './support/settingsCalls';
import { type Api, addBody, addItem, call, makeApi, saveBody } from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi({ trustProxy: true });
});
afterAll(() => api?.close());
const { fresh, post, register, confirm, mailsTo, tokenOf } = settingsCalls(() => api);

const orderOf = async (headerGuid: string) =>
  (await call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;

describe('the customer’s own download and erasure', () => {
  it('leave another account’s order billed to the address that account’s: only the address’s contact goes', async () => {
    const shared = fresh('buchhaltung');
    const bookkeeping = await register(shared);
    await confirm(shared, bookkeeping);
    const colleague = await customerWithHistory(api, {
      email: fresh('kollege'),
      name: 'Bernd',
      lastName: 'Kollege',
      plate: 'B-BK 1',
    });
    // The colleague's own checkout, billed to the shared address.
    const cart = await addItem(api, addBody('KZH-001'));
    const saved = await call(api, 'POST', paths.order.save, {
      body: saveBody({
        billingPerson: { email: shared, phone: '+49 1701234567', name: 'Bernd', lastName: 'Kollege' },
      }),
      cartGuid: cart.cartGuid!,
      headers: colleague.headers,
    });
    const { orderHeaderGuid: headerGuid } = saved.body as { orderHeaderGuid: string };
    expect((await call(api, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
    const before = await orderOf(headerGuid);
    expect(before.customerId).not.toBeNull();
    const lines = () =>
      api.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.guid = $1::uuid',
        [cart.cartGuid],
      );
    const linesBefore = await lines();

    const download = await post(accountSettingsPaths.exportData, { password: PASSWORD }, bookkeeping);
    expect(download.status).toBe(200);
    const document = download.body as CustomerExport;
    expect(document.orders).toEqual([]);
    expect(document.carts).toEqual([]);
    expect(document.contactInOtherAccountsOrders).toEqual([
      {
        orderNumber: before.orderNumber,
        createdAt: expect.any(String),
        email: shared,
        phone: '+49 1701234567',
      },
    ]);
    // Nothing of the colleague's order but the address's own contact: not its shipping address.
    expect(JSON.stringify(document)).not.toContain('Hauptstraße');

    const erased = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      bookkeeping,
    );
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ keptOrders: [] });
    // The colleague's order stays theirs, in their account, its cart untouched; the shared address's contact goes.
    const after = await orderOf(headerGuid);
    expect(after.customerId).toBe(before.customerId);
    expect(after.billingPerson).toEqual({ email: '', phone: '', name: 'Bernd', lastName: 'Kollege' });
    expect(await lines()).toEqual(linesBefore);
    expect((await call(api, 'GET', accountPaths.me, { headers: colleague.headers })).status).toBe(200);
  });

  it('takes the contact off the account’s own orders placed under the address it had before an e-mail change', async () => {
    const oldEmail = fresh('vorher');
    const newEmail = fresh('nachher');
    const anna = await customerWithHistory(api, {
      email: oldEmail,
      name: 'Anna',
      lastName: 'Wechsel',
      plate: 'B-AW 1',
    });
    await confirm(oldEmail, anna.headers);
    const asked = await post(
      accountSettingsPaths.changeEmail,
      { email: newEmail, password: PASSWORD, confirmUrl: CONFIRM_URL },
      anna.headers,
    );
    expect(asked.status).toBe(200);
    const [link] = await mailsTo(newEmail);
    expect((await post(accountPaths.confirmEmail, { token: tokenOf(link!.link) }, anna.headers)).status).toBe(
      200,
    );
    expect((await orderOf(anna.paid.headerGuid)).billingPerson.email).toBe(oldEmail);

    const erased = await post(
      accountSettingsPaths.deleteAccount,
      { password: PASSWORD, confirm: true },
      anna.headers,
    );
    expect(erased.status).toBe(200);
    const kept = await orderOf(anna.paid.headerGuid);
    expect(kept.customerId).toBeNull();
    expect(kept.billingPerson).toEqual({ email: '', phone: '', name: 'Anna', lastName: 'Wechsel' });
  });
});
