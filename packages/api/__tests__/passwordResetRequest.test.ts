// Session 16: asking for a password reset mail. The answer never tells whether the address has an account (not by
// its content, not by its time), mails at most one a minute, counts against the mutation limit and logs no secret.
// (Split from passwordReset.test.ts in session 22.)
import { accountPaths } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '../src/outbox/mailTransport';
import { NEW_PASSWORD, NO_MORE_MS, RESET_URL, passwordResetWorld } from './support/passwordResetWorld';
import { call, expectError, makeApi, makeLoggingApi } from './support/testApi';

const { api, waitForMails, ageRequest, freshEmail, register, request, tokenOf } = await passwordResetWorld();

describe('POST /api/Account/requestPasswordReset and /resetPassword', () => {
  it('answers an unknown address exactly like a known one and mails nobody', async () => {
    const known = freshEmail();
    await register(api, known);
    const unknown = freshEmail();
    const forKnown = await request(api, { email: known, resetUrl: RESET_URL });
    const forUnknown = await request(api, { email: unknown, resetUrl: RESET_URL });
    const seen = (res: typeof forKnown) => ({
      status: res.status,
      body: res.body,
      cache: res.headers['cache-control'],
      type: res.headers['content-type'],
      length: res.headers['content-length'],
    });
    expect(seen(forUnknown)).toEqual(seen(forKnown));
    expect(await waitForMails(known, 1)).toHaveLength(1);
    expect(await waitForMails(unknown, 1, NO_MORE_MS)).toEqual([]);
  });

  it('answers before the mail is handed over: a slow transport does not tell that the address has an account', async () => {
    let handed = 0;
    const transport: MailTransport = {
      send: (mail: OutgoingMail) => {
        if (mail.subject.startsWith('Neues Passwort')) {
          handed++;
          return new Promise<undefined>(() => undefined);
        }
        return Promise.resolve(undefined);
      },
    };
    const own = await makeApi({ mailTransport: transport });
    try {
      const email = freshEmail();
      await register(own, email);
      const res = await request(own, { email, resetUrl: RESET_URL });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: {} });
      for (let i = 0; handed < 1 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
      expect(handed).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('sends at most one mail per address a minute, also to requests at once', async () => {
    const email = freshEmail();
    await register(api, email);
    expect((await request(api, { email, resetUrl: RESET_URL })).status).toBe(200);
    expect((await request(api, { email, resetUrl: RESET_URL })).status).toBe(200);
    expect(await waitForMails(email, 2, NO_MORE_MS)).toHaveLength(1);
    await ageRequest(email);
    const answers = await Promise.all([1, 2, 3, 4].map(() => request(api, { email, resetUrl: RESET_URL })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await waitForMails(email, 2)).toHaveLength(2);
    expect(await waitForMails(email, 3, NO_MORE_MS)).toHaveLength(2);
  });

  it("counts against the API's per-client mutation limit", async () => {
    const limited = await makeApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const body = { email: freshEmail(), resetUrl: RESET_URL };
      expect((await request(limited, body)).status).toBe(200);
      expect((await request(limited, body)).status).toBe(200);
      expectError(await request(limited, body), 429, 'rate-limited');
    } finally {
      await limited.close();
    }
  });

  it('logs neither the token nor the passwords', async () => {
    const { api: logging, lines } = await makeLoggingApi();
    try {
      const email = freshEmail();
      await register(logging, email);
      await request(logging, { email, resetUrl: RESET_URL });
      let link = '';
      for (let i = 0; !link && i < 200; i++) {
        const [row] = await logging.db.query<{ link: string }>(
          'SELECT link FROM outbox_mails WHERE recipient = $1 AND link LIKE $2',
          [email.toLowerCase(), `${RESET_URL}?%`],
        );
        link = row?.link ?? '';
        if (!link) await new Promise((r) => setTimeout(r, 25));
      }
      const token = tokenOf(link);
      await call(logging, 'POST', accountPaths.resetPassword, { body: { token, password: 'kurz' } });
      await call(logging, 'POST', accountPaths.resetPassword, { body: { token, password: NEW_PASSWORD } });
      const log = lines.join('');
      expect(log).toContain(accountPaths.resetPassword);
      for (const secret of [token, NEW_PASSWORD, 'kurz', email.toLowerCase()])
        expect(log).not.toContain(secret);
    } finally {
      await logging.close();
    }
  });
});
