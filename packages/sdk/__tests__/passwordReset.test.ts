// Session 16: the SDK side of the password reset (the API side: packages/api passwordReset.test.ts, the browser:
// e2e/account/passwordReset.test.ts).
import { describe, expect, it } from 'vitest';
import { createAccountService } from '../src/account';
import { createClient } from '../src/client/createClient';
import { isLpError } from '../src/errors';
import { type FakeHandler, fakeFetch, json } from './support/fakeFetch';

const RESET_URL = 'https://shop.example/account/reset';

function setup(handler: FakeHandler) {
  const { fetch, calls } = fakeFetch(handler);
  const client = createClient({ baseUrl: '', fetch, retries: 0, document: { cookie: 'XSRF-TOKEN=t' } });
  return { account: createAccountService(client), calls };
}

describe('account.requestPasswordReset', () => {
  it('posts the address (trimmed) and the reset page, and answers the outbox page', async () => {
    const { account, calls } = setup(() => json({ outboxUrl: 'http://api.test/sandbox/outbox' }));
    await expect(account.requestPasswordReset(' erika@example.de ', RESET_URL)).resolves.toEqual({
      outboxUrl: 'http://api.test/sandbox/outbox',
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/Account/requestPasswordReset');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ email: 'erika@example.de', resetUrl: RESET_URL });
  });

  it('refuses an empty address or reset page locally and passes rate-limited on', async () => {
    const { account, calls } = setup(() =>
      json({ status: 429, code: 'rate-limited', message: 'Too many requests; retry in 60 s.' }, 429),
    );
    for (const [email, url] of [
      ['', RESET_URL],
      ['erika@example.de', ''],
      [undefined, RESET_URL],
    ]) {
      const error = await account
        .requestPasswordReset(email as unknown as string, url as string)
        .catch((e: unknown) => e);
      expect(isLpError(error)).toBe(true);
    }
    expect(calls).toHaveLength(0);
    const limited = await account
      .requestPasswordReset('erika@example.de', RESET_URL)
      .catch((e: unknown) => e);
    expect(isLpError(limited) && [limited.status, limited.apiCode]).toEqual([429, 'rate-limited']);
  });
});

describe('account.resetPassword', () => {
  it('posts the token and the password as typed (spaces kept), and answers the address', async () => {
    const { account, calls } = setup(() => json({ email: 'erika@example.de' }));
    await expect(account.resetPassword('abc', ' Winter 2026! ')).resolves.toEqual({
      email: 'erika@example.de',
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/Account/resetPassword');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ token: 'abc', password: ' Winter 2026! ' });
  });

  it('refuses an empty token or password locally and passes reset-token-invalid on', async () => {
    const { account, calls } = setup(() =>
      json({ status: 400, code: 'reset-token-invalid', message: 'used' }, 400),
    );
    for (const [token, password] of [
      ['', 'Winter 2026!'],
      ['abc', ''],
      ['abc', {}],
    ]) {
      const error = await account
        .resetPassword(token as string, password as unknown as string)
        .catch((e: unknown) => e);
      expect(isLpError(error)).toBe(true);
    }
    expect(calls).toHaveLength(0);
    const used = await account.resetPassword('used', 'Winter 2026!').catch((e: unknown) => e);
    expect(isLpError(used) && [used.status, used.apiCode]).toEqual([400, 'reset-token-invalid']);
  });
});
