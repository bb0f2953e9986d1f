// Issue 13: the SDK side of registration and email confirmation (the API side: packages/api registration.test.ts,
// the browser: e2e/account/registration.test.ts).
import { describe, expect, it } from 'vitest';
import { createAccountService } from '../src/account';
import { createClient } from '../src/client/createClient';
import type { RegisterBody } from '../src/contract/payloads';
import { isLpError } from '../src/errors';
import { isValidPassword } from '../src/validation';
import { type FakeHandler, fakeFetch, json } from './support/fakeFetch';

const body: RegisterBody = {
  email: ' erika@example.de ',
  password: ' Sommer 2026! ',
  name: 'Erika',
  lastName: 'Muster',
  confirmUrl: 'https://shop.example/account/confirm',
};

function setup(handler: FakeHandler) {
  const { fetch, calls } = fakeFetch(handler);
  const client = createClient({ baseUrl: '', fetch, retries: 0, document: { cookie: 'XSRF-TOKEN=t' } });
  return { account: createAccountService(client), calls };
}

describe('account.register', () => {
  it('posts the fields as JSON (email trimmed, password as typed) and answers the customer', async () => {
    const answer = { id: 1000, email: 'erika@example.de', name: 'Erika', lastName: 'Muster', outboxUrl: 'x' };
    const { account, calls } = setup(() => json(answer, 201));
    await expect(account.register(body)).resolves.toEqual(answer);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/Account/register');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ ...body, email: 'erika@example.de' });
  });

  it('passes the API code of a taken email and of field errors on', async () => {
    const { account } = setup(({ body: sent }) =>
      JSON.parse(String(sent)).email === 'taken@example.de'
        ? json({ status: 409, code: 'email-taken', message: 'exists' }, 409)
        : json(
            {
              status: 400,
              code: 'validation',
              message: 'bad',
              errors: [{ field: 'password', message: 'x' }],
            },
            400,
          ),
    );
    const taken = await account.register({ ...body, email: 'taken@example.de' }).catch((e: unknown) => e);
    expect(isLpError(taken) && taken.apiCode).toBe('email-taken');
    const wrong = await account.register({ ...body, password: 'kurz' }).catch((e: unknown) => e);
    expect(isLpError(wrong) && wrong.apiCode).toBe('validation');
  });

  it.each([
    ['no body', undefined],
    ['null', null],
    ['an array', []],
    ['an empty email', { ...body, email: '  ' }],
    ['a missing password', { ...body, password: '' }],
    ['an object as name', { ...body, name: {} }],
    ['no confirmUrl', { ...body, confirmUrl: undefined }],
  ])('refuses %s before sending anything', async (_label, input) => {
    const { account, calls } = setup(() => json({}));
    const error = await account.register(input as unknown as RegisterBody).catch((e: unknown) => e);
    expect(isLpError(error)).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe('account.confirmEmail', () => {
  it('posts the token and answers how many guest orders joined', async () => {
    const { account, calls } = setup(() => json({ email: 'erika@example.de', joinedOrders: 2 }));
    await expect(account.confirmEmail('abc')).resolves.toEqual({
      email: 'erika@example.de',
      joinedOrders: 2,
    });
    expect(calls[0]!.url).toBe('/api/Account/confirmEmail');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ token: 'abc' });
  });

  it('refuses an empty token locally and passes confirmation-invalid on', async () => {
    const { account, calls } = setup(() =>
      json({ status: 400, code: 'confirmation-invalid', message: 'used' }, 400),
    );
    expect(isLpError(await account.confirmEmail('').catch((e: unknown) => e))).toBe(true);
    expect(calls).toHaveLength(0);
    const used = await account.confirmEmail('used').catch((e: unknown) => e);
    expect(isLpError(used) && used.apiCode).toBe('confirmation-invalid');
  });
});

describe('account.resendConfirmation', () => {
  it('posts the address (trimmed) and the confirmation page, and answers the outbox page', async () => {
    const { account, calls } = setup(() => json({ outboxUrl: 'http://api.test/sandbox/outbox' }));
    await expect(account.resendConfirmation(' erika@example.de ', body.confirmUrl)).resolves.toEqual({
      outboxUrl: 'http://api.test/sandbox/outbox',
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/Account/resendConfirmation');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      email: 'erika@example.de',
      confirmUrl: body.confirmUrl,
    });
  });

  it('refuses an empty address locally and passes rate-limited on', async () => {
    const { account, calls } = setup(() =>
      json({ status: 429, code: 'rate-limited', message: 'Too many requests; retry in 60 s.' }, 429),
    );
    expect(isLpError(await account.resendConfirmation('', body.confirmUrl).catch((e: unknown) => e))).toBe(
      true,
    );
    expect(calls).toHaveLength(0);
    const limited = await account
      .resendConfirmation('erika@example.de', body.confirmUrl)
      .catch((e: unknown) => e);
    expect(isLpError(limited) && [limited.status, limited.apiCode]).toEqual([429, 'rate-limited']);
  });
});

describe('isValidPassword (shared by the register form and the API)', () => {
  it.each([
    ['Sommer2026', true],
    ['acht Zei', true],
    ['😀😀😀😀😀😀😀😀', true],
    ['a'.repeat(200), true],
    ['kurz', false],
    ['😀😀😀😀😀😀😀', false],
    ['        ', false],
    ['a'.repeat(201), false],
    ['passwort\u0000', false],
    ['passwort\n12', false],
    ['passwort\ud800', false],
    ['a'.repeat(100_000), false],
  ])('%s -> %s', (password, ok) => expect(isValidPassword(password)).toBe(ok));

  it('refuses other types', () => {
    for (const value of [undefined, null, 12345678, {}, ['12345678']])
      expect(isValidPassword(value)).toBe(false);
  });
});
