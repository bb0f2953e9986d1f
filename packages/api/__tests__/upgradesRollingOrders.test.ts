// The upgrade to session 26 as a rolling deploy meets it (docs/learn/run-in-production.md, "Upgrade and roll back"):
// processes of the previous version keep saving and paying orders after the first new process migrated. Their
// INSERT names no `document_token` (047), and the confirmation mail the paying process sends links the XRechnung with
// `?headerGuid=`. Measured with a real session 25 process beside a session 26 one (decisions.md, upgrade26).
import { orderEInvoicePath } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { PERSONAL_BY_LINK_HOURS } from '../src/orders/personalWindow';
import { eInvoiceWorld } from './support/eInvoiceWorld';
import { hoursPass } from './support/personalWindowClock';
import { call } from './support/testApi';

const { api, order } = await eInvoiceWorld();

const xrechnung = (orderNumber: string, query: string) =>
  call(api, 'GET', `${orderEInvoicePath(orderNumber)}${query}`);

describe('an order a process of the previous version saves on the migrated database', () => {
  it("keeps its mail's ?headerGuid= e-invoice link answering after the 24-hour window", async () => {
    const o = await order([['KZH-001', 1]]);
    // What the previous version's INSERT, which names no document_token, leaves in the column: its default.
    await api.db.query('UPDATE orders SET document_token = DEFAULT WHERE header_guid = $1::uuid', [
      o.headerGuid,
    ]);
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    const res = await xrechnung(o.orderNumber, `?headerGuid=${o.headerGuid}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(String(res.body)).toContain('Autohaus Händler GmbH');
  });

  it('while an order this version saves gets a token of its own, not its guid', async () => {
    const o = await order([['KZH-001', 1]]);
    const [row] = await api.db.query<{ token: string | null }>(
      'SELECT document_token::text AS token FROM orders WHERE header_guid = $1::uuid',
      [o.headerGuid],
    );
    expect(row!.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(row!.token).not.toBe(o.headerGuid);
    await hoursPass(api, o.headerGuid, PERSONAL_BY_LINK_HOURS + 1);
    expect((await xrechnung(o.orderNumber, `?headerGuid=${o.headerGuid}`)).status).toBe(404);
    expect((await xrechnung(o.orderNumber, `?token=${row!.token}`)).status).toBe(200);
  });
});
