import type { Queryable } from '../../src/db/Db';
import { tokenHash } from '../../src/account/sessionStore';

/** The `lp_session` Set-Cookie of an answer, or '' (session 25: how long a login or registration lasts). */
export const sessionCookie = (setCookie: string | string[] | undefined): string =>
  ([] as string[]).concat(setCookie ?? []).find((cookie) => cookie.startsWith('lp_session=')) ?? '';

/** Hours from now until the session of this Set-Cookie ends, as the database keeps it. */
export async function hoursLeft(db: Queryable, cookie: string): Promise<number> {
  const token = cookie.split(';')[0]!.slice('lp_session='.length);
  const [row] = await db.query<{ hours: number }>(
    'SELECT extract(epoch FROM expires_at - now())::float / 3600 AS hours FROM sessions WHERE token_hash = $1',
    [tokenHash(token)],
  );
  return Number(row?.hours);
}
