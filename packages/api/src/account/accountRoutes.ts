import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accountPaths } from '@lp/sdk/contract';
import { CustomerSchema, LoginBodySchema } from '@lp/sdk/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError } from '../http/ApiError';
import { NoContent, responses } from '../http/schemas';
import { type LoginLimiter, createLoginLimiter } from './loginLimiter';
import { verifyPassword } from './password';
import { clearSessionCookie, sessionCustomer, sessionToken, setSessionCookie } from './sessionCookie';
import { sessionStore } from './sessionStore';

/** One message for unknown email and wrong password, so the answer does not reveal which accounts exist. */
export const INVALID_LOGIN = 'Invalid email or password.';

/**
 * Issue 6 account endpoints: login sets an httpOnly session cookie, logout deletes the session, me answers the
 * logged-in customer. Login and logout are mutations, so the API's anti-forgery rule applies to them as well.
 */
export async function accountRoutes(
  fastify: FastifyInstance,
  ctx: ApiContext,
  limiter: LoginLimiter = createLoginLimiter(ctx.hits),
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, publicUrl } = ctx;
  const store = sessionStore(db);
  // The customer without server-side fields (the serialiser writes only what CustomerSchema names).
  const customerAnswer = responses({ 200: CustomerSchema });

  // Login CSRF: a page on another site can post a plain HTML form (urlencoded, which the API parses for the
  // sandbox pages) without preflight and log the shopper into the attacker's account. JSON needs a CORS
  // preflight that only the shop's origins pass, so login accepts JSON only.
  const jsonOnly = async (request: FastifyRequest) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !/^application\/json\b/i.test(type)) {
      throw new ApiError(415, 'unsupported-media-type', 'Send the login as application/json.');
    }
  };

  app.post(
    accountPaths.login,
    { schema: { body: LoginBodySchema, response: customerAnswer }, preValidation: jsonOnly },
    async (request, reply) => {
      const key = ctx.clientAddress(request);
      const wait = await limiter.attempt(key);
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new ApiError(429, 'login-rate-limited', `Too many login attempts; retry in ${wait} s.`);
      }
      const { email, password } = request.body;
      const customer = await store.customerByEmail(email);
      const ok = await verifyPassword(password, customer?.passwordHash);
      if (!customer || !ok) {
        throw new ApiError(401, 'login-failed', INVALID_LOGIN);
      }
      await limiter.succeeded(key);
      // A new token on every login (no session fixation); an older session of this browser ends.
      const previous = sessionToken(request);
      if (previous) await store.remove(previous);
      setSessionCookie(reply, request, await store.create(customer.id), publicUrl);
      const { passwordHash: _hash, ...view } = customer;
      return view;
    },
  );

  app.post(
    accountPaths.logout,
    { schema: { response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await store.remove(token);
      clearSessionCookie(reply, request, publicUrl);
      return reply.status(204).send();
    },
  );

  app.get(accountPaths.me, { schema: { response: customerAnswer } }, async (request, reply) => {
    const customer = await sessionCustomer(db, request);
    void reply.header('cache-control', 'no-store');
    if (!customer) throw new ApiError(401, 'unauthorized', 'Not logged in.');
    return customer;
  });
}
