// Session 16: the password reset's two endpoints meet wrong types, empty, huge and hostile input with a 400 and a
// machine code, and a password off registration's rules leaves the link usable. (Split from passwordReset.test.ts
// in session 22.)
import { accountPaths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD, NO_MORE_MS, RESET_URL, passwordResetWorld } from './support/passwordResetWorld';
import { call, expectError } from './support/testApi';

const { api, reset, waitForMails, freshEmail, register, request, tokenOf } = await passwordResetWorld();

describe('POST /api/Account/requestPasswordReset and /resetPassword', () => {
  it("refuses a password off registration's rules and leaves the link usable", async () => {
    const email = freshEmail();
    await register(api, email);
    await request(api, { email, resetUrl: RESET_URL });
    const token = tokenOf((await waitForMails(email, 1))[0]!.link);
    for (const password of ['kurz', '        ', 'passwort\u0000', 'passwort\ud800x', 'a'.repeat(201)]) {
      const res = await reset(token, password);
      expectError(res, 400, 'validation');
    }
    const short = await reset(token, 'kurz');
    expect((short.body as { errors?: unknown }).errors).toEqual([
      { field: 'password', message: expect.any(String) },
    ]);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['wrong types', { email: 17, resetUrl: ['x'] }, 'validation'],
    ['an empty email', { email: '', resetUrl: RESET_URL }, 'validation'],
    ['a malformed email', { email: 'kein-at-zeichen', resetUrl: RESET_URL }, 'validation'],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.de`, resetUrl: RESET_URL }, 'validation'],
    ['a lone surrogate', { email: 'max\ud800@example.de', resetUrl: RESET_URL }, 'validation'],
    ['a control character', { email: 'max\u0000@example.de', resetUrl: RESET_URL }, 'validation'],
    ['an extra field', { email: 'max@example.de', resetUrl: RESET_URL, admin: true }, 'validation'],
    ['an array', [], 'validation'],
    ['a missing field', {}, 'parameter-missing'],
    [
      'a foreign link target',
      { email: 'max@example.de', resetUrl: 'https://evil.example/r' },
      'origin-not-allowed',
    ],
    [
      'a script link target',
      { email: 'max@example.de', resetUrl: 'javascript:alert(1)' },
      'origin-not-allowed',
    ],
    ['no URL as link target', { email: 'max@example.de', resetUrl: 'keine URL' }, 'validation'],
  ] as const)('requestPasswordReset refuses %s with 400 %s', async (_label, body, code) => {
    expectError(await request(api, body), 400, code);
  });

  it('names resetUrl in the error of a foreign link target, and mails nothing', async () => {
    const email = freshEmail();
    await register(api, email);
    const res = await request(api, { email, resetUrl: 'https://evil.example/account/reset' });
    expectError(res, 400, 'origin-not-allowed');
    expect((res.body as { errors?: unknown }).errors).toEqual([
      { field: 'resetUrl', message: 'origin not allowed' },
    ]);
    expect(await waitForMails(email, 1, NO_MORE_MS)).toEqual([]);
    expect(
      await api.db.query(
        'SELECT 1 FROM password_resets p JOIN customers c ON c.id = p.customer_id WHERE c.email = $1',
        [email.toLowerCase()],
      ),
    ).toHaveLength(0);
  });

  it.each([
    ['wrong types', { token: 17, password: ['x'] }, 'validation'],
    ['an empty token', { token: '', password: NEW_PASSWORD }, 'validation'],
    ['a huge token', { token: 'a'.repeat(100_000), password: NEW_PASSWORD }, 'validation'],
    ['a lone surrogate', { token: 'abc\ud800', password: NEW_PASSWORD }, 'validation'],
    ['a huge password', { token: 'abc', password: 'a'.repeat(100_000) }, 'validation'],
    ['an extra field', { token: 'abc', password: NEW_PASSWORD, email: 'x@y.de' }, 'validation'],
    ['a missing field', {}, 'parameter-missing'],
    ['an unknown token', { token: 'Zm9vYmFyYmF6cXV4cXV1eA', password: NEW_PASSWORD }, 'reset-token-invalid'],
  ] as const)('resetPassword refuses %s with 400 %s', async (_label, body, code) => {
    expectError(await call(api, 'POST', accountPaths.resetPassword, { body }), 400, code);
  });

  it('accepts JSON only', async () => {
    for (const [url, payload] of [
      [accountPaths.requestPasswordReset, 'email=a%40b.de&resetUrl=x'],
      [accountPaths.resetPassword, 'token=x&password=12345678'],
    ] as const) {
      const res = await api.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
    }
  });
});
