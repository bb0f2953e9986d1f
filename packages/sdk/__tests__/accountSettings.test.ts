// Session 20: the SDK side of the logged-in customer's own settings (the API side: packages/api
// accountSettings.test.ts, the browser: e2e/account/accountSettings.test.ts).
import { describe, expect, it } from 'vitest';
import { createAccountSettingsService } from '../src/account';
import { createClient } from '../src/client/createClient';
import { isLpError } from '../src/errors';
import { type FakeHandler, fakeFetch, json } from './support/fakeFetch';

const CONFIRM_URL = 'https://shop.example/account/confirm';

function setup(handler: FakeHandler) {
  const { fetch, calls } = fakeFetch(handler);
  const client = createClient({ baseUrl: '', fetch, retries: 0, document: { cookie: 'XSRF-TOKEN=t' } });
  return { account: createAccountSettingsService(client), calls };
}

const bodyOf = (call: { body?: unknown }) => JSON.parse(String(call.body));

describe('account settings (session 20)', () => {
  it('changePassword posts both passwords as typed (spaces kept) and resolves on 204', async () => {
    const { account, calls } = setup(() => new Response(null, { status: 204 }));
    await expect(account.changePassword(' Sommer 2006! ', 'Winter 2026 neu ')).resolves.toBeUndefined();
    expect([calls[0]!.method, calls[0]!.url]).toEqual(['POST', '/api/Account/changePassword']);
    expect(bodyOf(calls[0]!)).toEqual({ password: ' Sommer 2006! ', newPassword: 'Winter 2026 neu ' });
  });

  it('passes password-wrong and validation on with their field', async () => {
    const { account } = setup(() =>
      json(
        {
          status: 403,
          code: 'password-wrong',
          message: 'The current password is wrong.',
          errors: [{ field: 'password', message: 'is not the current password' }],
        },
        403,
      ),
    );
    const wrong = await account.changePassword('falsch123', 'Winter 2026 neu').catch((e: unknown) => e);
    expect(isLpError(wrong) && [wrong.status, wrong.apiCode]).toEqual([403, 'password-wrong']);
  });

  it('changeEmail posts the new address (trimmed), the password and the confirmation page', async () => {
    const { account, calls } = setup(() => json({ outboxUrl: 'http://api.test/sandbox/outbox' }));
    await expect(account.changeEmail(' neu@example.de ', 'Sommer 2006!', CONFIRM_URL)).resolves.toEqual({
      outboxUrl: 'http://api.test/sandbox/outbox',
    });
    expect([calls[0]!.method, calls[0]!.url]).toEqual(['POST', '/api/Account/changeEmail']);
    expect(bodyOf(calls[0]!)).toEqual({
      email: 'neu@example.de',
      password: 'Sommer 2006!',
      confirmUrl: CONFIRM_URL,
    });
  });

  it('exportData answers the document; deleteAccount sends the explicit confirmation and answers the kept orders', async () => {
    const document = { email: 'erika@example.de', orders: [], notes: ['…'] };
    const { account, calls } = setup((request) =>
      request.url.endsWith('exportData') ? json(document) : json({ keptOrders: ['LP-2026-000123'] }),
    );
    await expect(account.exportData('Sommer 2006!')).resolves.toEqual(document);
    expect(bodyOf(calls[0]!)).toEqual({ password: 'Sommer 2006!' });
    await expect(account.deleteAccount('Sommer 2006!', true)).resolves.toEqual({
      keptOrders: ['LP-2026-000123'],
    });
    expect([calls[1]!.url, bodyOf(calls[1]!)]).toEqual([
      '/api/Account/deleteAccount',
      { password: 'Sommer 2006!', confirm: true },
    ]);
  });

  it('refuses empty or non-string input locally, without a request', async () => {
    const { account, calls } = setup(() => json({}));
    const attempts: Promise<unknown>[] = [
      account.changePassword('', 'Winter 2026 neu'),
      account.changePassword('Sommer 2006!', undefined as unknown as string),
      account.changeEmail('', 'Sommer 2006!', CONFIRM_URL),
      account.changeEmail('neu@example.de', {} as unknown as string, CONFIRM_URL),
      account.changeEmail('neu@example.de', 'Sommer 2006!', ''),
      account.exportData(''),
      account.deleteAccount(null as unknown as string, true),
    ];
    for (const attempt of attempts) expect(isLpError(await attempt.catch((e: unknown) => e))).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
