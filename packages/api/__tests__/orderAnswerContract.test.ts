// Session 27 (review27 #1): an integrator who validates the API's answers with the published schemas
// (`@lp/sdk/contract/schemas`, JSON Schema, here with Ajv as the API itself uses it) accepts an order read by its
// link a day later, whose buyer is left out, while the checkout's save still refuses empty texts.
import { paths } from '@lp/sdk/contract';
import { OrderSchema, SaveOrderBodySchema } from '@lp/sdk/contract/schemas';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursPass } from './support/personalWindowClock';
import {
  type Api,
  address,
  call,
  expectError,
  makeApi,
  sandboxPayment,
  saveBody,
  savedOrder,
} from './support/testApi';

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(() => api.close());

const ajv = new Ajv({ allErrors: true, strict: false });
const isOrder = ajv.compile(OrderSchema);
const isSaveBody = ajv.compile(SaveOrderBodySchema);
const errorsOf = (check: typeof isOrder) => (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

/** A paid order of a company buyer: every optional field of the buyer is there to be left out later. */
async function paidCompanyOrder(): Promise<string> {
  const { headerGuid } = await savedOrder(api, 1, {
    billingAddress: { ...address, company: 'Musterbau GmbH', street2: 'Abteilung Einkauf' },
    buyerReference: 'KST-4711',
    buyerVatId: 'DE136695976',
  });
  const payment = await sandboxPayment(api, headerGuid);
  expect((await call(api, 'POST', `${payment}/approve`)).status).toBe(303);
  return headerGuid;
}

const getOrder = (headerGuid: string) => call(api, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`);

describe('the order answer and its published schema (OrderSchema)', () => {
  it('accepts the answer that names the buyer, inside the 24 hours', async () => {
    const headerGuid = await paidCompanyOrder();
    const shown = await getOrder(headerGuid);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ billingPerson: { name: 'Erika' }, buyerVatId: 'DE136695976' });
    expect(isOrder(shown.body), errorsOf(isOrder).join('; ')).toBe(true);
  });

  it('accepts the answer without the buyer, an order older than 24 hours read by its link', async () => {
    const headerGuid = await paidCompanyOrder();
    await hoursPass(api, headerGuid, 25);
    const hidden = await getOrder(headerGuid);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      personalData: 'hidden',
      billingPerson: { email: '', phone: '', name: '', lastName: '' },
      shippingAddress: { name: '', street: '', city: '', country: 'DE' },
    });
    expect(isOrder(hidden.body), errorsOf(isOrder).join('; ')).toBe(true);
  });

  it("keeps the save strict: the hidden answer's empty buyer is no body to save", async () => {
    const hiddenBuyer = { email: '', phone: '', name: '', lastName: '' };
    const emptyAddress = {
      name: '',
      lastName: '',
      street: '',
      houseNumber: '',
      zipCode: '',
      city: '',
      country: 'DE',
    };
    expect(isSaveBody(saveBody({ billingPerson: hiddenBuyer }))).toBe(false);
    expect(isSaveBody(saveBody({ shippingAddress: emptyAddress }))).toBe(false);
    expect(isSaveBody(saveBody())).toBe(true);

    const { cartGuid } = await savedOrder(api);
    for (const body of [
      saveBody({ billingPerson: hiddenBuyer }),
      saveBody({ billingAddress: emptyAddress }),
    ]) {
      expectError(await call(api, 'POST', paths.order.save, { body, cartGuid }), 400, 'validation');
    }
    expectError(
      await call(api, 'POST', paths.cart.addShippingAddress, { body: emptyAddress, cartGuid }),
      400,
      'validation',
    );
  });
});
