// Session 11 privacy audit: the API's log (LOG=1, the operator's production setting) holds no e-mail address,
// password, name, token or whole order guid, also when a registration, login, confirmation or error report fails.
import { accountPaths, clientErrorPaths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, call, makeLoggingApi } from './support/testApi';

let api: Api;
let lines: string[];
beforeAll(async () => {
  ({ api, lines } = await makeLoggingApi());
});
afterAll(() => api.close());

const EMAIL = 'erika.muster@example.de';
const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the API log holds no personal data (LOG=1)', () => {
  it('after failed and successful account calls, a confirmation and error reports', async () => {
    const register = { email: EMAIL, password: 'Geheim 2026!', name: 'Erika', lastName: 'Musterfrau' };
    await call(api, 'POST', accountPaths.register, {
      body: { ...register, confirmUrl: 'http://127.0.0.1:3000/account/confirm' },
    });
    await call(api, 'POST', accountPaths.register, {
      body: { ...register, confirmUrl: 'http://127.0.0.1:3000/account/confirm' },
    }); // 409: taken
    await call(api, 'POST', accountPaths.register, { body: { ...register, email: 'erika.muster@' } }); // 400
    await call(api, 'POST', accountPaths.login, { body: { email: EMAIL, password: 'falsch-falsch' } }); // 401
    await call(api, 'POST', accountPaths.login, { body: { email: EMAIL, password: 'Geheim 2026!' } });
    await call(api, 'POST', accountPaths.confirmEmail, { body: { token: 'Zm9vYmFyYmF6cXV4cXV1eA' } });
    await call(api, 'POST', accountPaths.resendConfirmation, { body: { email: EMAIL } });
    await call(api, 'GET', `/api/Order/getOrder?headerGuid=${GUID}`);
    await call(api, 'POST', clientErrorPaths.report, {
      body: {
        severity: 'error',
        component: 'x',
        message: 'm',
        url: `https://shop.example.de/thank-you/${GUID}`,
      },
    });
    const log = lines.join('');
    expect(log).toContain('"url":'); // the request lines are there
    for (const secret of [EMAIL, 'erika.muster', 'Geheim', 'falsch-falsch', 'Musterfrau', 'Zm9vYmFy', GUID])
      expect(log).not.toContain(secret);
  });

  it("cuts the sandbox payment's and an outbox mail's id, each of which opens or changes what it names", async () => {
    const payment = '6b1f0c4e-2a7d-4c39-9e51-0d8a3b7f5c21';
    const mail = '9c2e7a10-4f3b-4d6e-8a15-b7c0d9e1f243';
    const line = '3e5d7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
    await call(api, 'GET', `/sandbox/pay/${payment}`);
    await call(api, 'POST', `/sandbox/pay/${payment}/approve`, { body: {} });
    await call(api, 'GET', `/sandbox/outbox/${mail}`);
    await call(api, 'GET', `/api/Order/100001/print/${line}`);
    const log = lines.join('');
    for (const secret of [payment, mail]) expect(log).not.toContain(secret);
    // The first 8 characters stay, so a line can be matched to a support case.
    expect(log).toContain('/sandbox/pay/6b1f0c4e…');
    expect(log).toContain('/sandbox/outbox/9c2e7a10…');
    // A print file's line id opens nothing without the order's guid or the owner's session: it stays whole.
    expect(log).toContain(line);
  });
});
