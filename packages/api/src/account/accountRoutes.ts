import type { LoginBody } from '@lp/sdk/contract';
import { accountPaths } from '@lp/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError } from '../http/ApiError';
import { objectSchema, text } from '../http/schemas';
import { type LoginLimiter, createLoginLimiter } from './loginLimiter';
import { verifyPassword } from './password';
import { clearSessionCookie, sessionCustomer, sessionToken, setSessionCookie } from './sessionCookie';
import { sessionStore } from './sessionStore';

/** One message for unknown email and wrong password, so the answer does not reveal which accounts exist. */
export const INVALID_LOGIN = 'Invalid email or password.';

const loginSchema = objectSchema({ email: text(254, 1), password: text(200, 1) }, ['email', 'password']);

/**
 * Issue 6 account endpoints: login sets an httpOnly session cookie, logout deletes the session, me answers the
 * logged-in customer. Login and logout are mutations, so the API's anti-forgery rule applies to them as well.
 */
export async function accountRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  limiter: LoginLimiter = createLoginLimiter(),
): Promise<void> {
  const { db, publicUrl } = ctx;
  const store = sessionStore(db);

  // Login CSRF: a page on another site can post a plain HTML form (urlencoded, which the API parses for the
  // sandbox pages) without preflight and log the shopper into the attacker's account. JSON needs a CORS
  // preflight that only the shop's origins pass, so login accepts JSON only.
  const jsonOnly = async (request: FastifyRequest) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !/^application\/json\b/i.test(type)) {
      throw new ApiError(415, 'Send the login as application/json.');
    }
  };

  app.post(
    accountPaths.login,
    { schema: { body: loginSchema }, preValidation: jsonOnly },
    async (request, reply) => {
      const key = request.ip;
      const wait = limiter.retryAfter(key);
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new ApiError(429, `Too many login attempts; retry in ${wait} s.`);
      }
      const { email, password } = request.body as LoginBody;
      const customer = await store.customerByEmail(email);
      const ok = await verifyPassword(password, customer?.passwordHash);
      if (!customer || !ok) {
        limiter.fail(key);
        throw new ApiError(401, INVALID_LOGIN);
      }
      // A new token on every login (no session fixation); an older session of this browser ends.
      const previous = sessionToken(request);
      if (previous) await store.remove(previous);
      setSessionCookie(reply, request, await store.create(customer.id), publicUrl);
      const { passwordHash: _hash, ...view } = customer;
      return view;
    },
  );

  app.post(accountPaths.logout, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await store.remove(token);
    clearSessionCookie(reply, request, publicUrl);
    return reply.status(204).send();
  });

  app.get(accountPaths.me, async (request, reply) => {
    const customer = await sessionCustomer(db, request);
    void reply.header('cache-control', 'no-store');
    if (!customer) throw new ApiError(401, 'Not logged in.');
    return customer;
  });
}
