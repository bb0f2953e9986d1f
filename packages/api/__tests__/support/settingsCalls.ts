// Session 20: the calls the account settings' tests share (accountSettings.test.ts, accountEmailChange.test.ts,
// session 21's hostileSession20*.test.ts).
import { accountPaths, accountSettingsPaths } from '@lp/sdk/contract';
import { expect } from 'vitest';
import { PASSWORD, sessionHeaders } from './privacyScenario';
import { type Api, call } from './testApi';

export const SHOP = 'http://127.0.0.1:3000';
export const CONFIRM_URL = `${SHOP}/account/confirm`;
export const NEW_PASSWORD = 'Winter 2026 neu';

/** The calls on one test API; every caller from a client address of its own unless told (the login limiter). */
export function settingsCalls(api: () => Api) {
  let counter = 0;
  let ip = 0;
  const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, from = nextIp()) =>
    call(api(), 'POST', path, { body, headers: { 'x-forwarded-for': from, ...headers } });
  /** The mails to `email` (oldest first); mails go out after the answer, so wait for `count` of them. */
  const mailsTo = async (email: string, count = 1) => {
    for (let waited = 0; ; waited += 20) {
      const rows = await api().db.query<{ subject: string; body: string; link: string | null }>(
        'SELECT subject, body, link FROM outbox_mails WHERE recipient = $1 ORDER BY created_at, id',
        [email.toLowerCase()],
      );
      if (rows.length >= count || waited > 5_000) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;
  const fresh = (what: string) => `${what}.${Date.now()}.${++counter}@example.de`;
  /** Registers `email` and answers the session headers of the registration. */
  const register = async (email: string): Promise<Record<string, string>> => {
    const res = await post(accountPaths.register, {
      email,
      password: PASSWORD,
      name: 'Erika',
      lastName: 'Muster',
      confirmUrl: CONFIRM_URL,
    });
    expect(res.status).toBe(201);
    return sessionHeaders(res);
  };
  /** Opens the registration's confirmation link with the account's own session. */
  const confirm = async (email: string, headers: Record<string, string>) => {
    const [mail] = await mailsTo(email);
    expect((await post(accountPaths.confirmEmail, { token: tokenOf(mail!.link) }, headers)).status).toBe(200);
  };
  return {
    nextIp,
    post,
    mailsTo,
    tokenOf,
    fresh,
    me: (headers: Record<string, string>) => call(api(), 'GET', accountPaths.me, { headers }),
    login: (email: string, password: string) => post(accountPaths.login, { email, password }),
    register,
    confirm,
    /** A confirmed account with a change of address asked for: its session and the change link's token. */
    async changingAddress() {
      const oldEmail = fresh('alt');
      const newEmail = fresh('neu');
      const here = await register(oldEmail);
      await confirm(oldEmail, here);
      const asked = await post(
        accountSettingsPaths.changeEmail,
        { email: newEmail, password: PASSWORD, confirmUrl: CONFIRM_URL },
        here,
      );
      expect(asked.status).toBe(200);
      const [mail] = await mailsTo(newEmail);
      return { oldEmail, newEmail, here, token: tokenOf(mail!.link) };
    },
  };
}
