import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, accountPaths } from '@lp/sdk/contract';
import {
  ConfirmEmailAnswerSchema,
  ConfirmEmailBodySchema,
  CustomerSchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResendConfirmationAnswerSchema,
  ResendConfirmationBodySchema,
} from '@lp/sdk/contract/schemas';
import { isValidEmail } from '@lp/sdk/validation';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http/ApiError';
import { noStore } from '../http/noStore';
import { apiOrigin } from '../http/origin';
import { NoContent, responses } from '../http/schemas';
import { sendEmailChanged } from '../mail/accountNoticeMail';
import { shopSender } from '../mail/signOff';
import { accountSettingsRoutes } from './accountSettingsRoutes';
import { type LoginLimiter, createLoginLimiter } from './loginLimiter';
import { passwordResetRoutes } from './passwordReset';
import { verifyPassword } from './password';
import {
  confirmEmail,
  confirmationLink,
  createAccount,
  joinGuestOrders,
  renewConfirmation,
  sendConfirmation,
} from './registration';
import { clearSessionCookie, sessionCustomer, sessionToken, setSessionCookie } from './sessionCookie';
import { SESSION_TTL_MS, SHORT_SESSION_TTL_MS, sessionStore } from './sessionStore';

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
    // The answer is the customer (name, e-mail): like `me`, no cache may keep it.
    {
      onRequest: noStore,
      schema: { body: LoginBodySchema, response: customerAnswer },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const key = ctx.clientAddress(request);
      const wait = await limiter.attempt(key);
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new ApiError(429, 'login-rate-limited', `Too many login attempts; retry in ${wait} s.`);
      }
      const { email, password, remember = false } = request.body;
      const customer = await store.customerByEmail(email);
      const ok = await verifyPassword(password, customer?.passwordHash);
      if (!customer || !ok) {
        throw new ApiError(401, 'login-failed', INVALID_LOGIN);
      }
      await limiter.succeeded(key);
      // Guest orders placed since the address was confirmed join the history too (none while unconfirmed).
      await joinGuestOrders(db, customer.id);
      // A new token on every login (no session fixation); an older session of this browser ends.
      const previous = sessionToken(request);
      if (previous) await store.remove(previous);
      // No session when a password reset replaced the checked password meanwhile (sessionStore.create).
      const ttl = remember ? SESSION_TTL_MS : SHORT_SESSION_TTL_MS;
      const token = await store.create(customer.id, undefined, customer.passwordHash, ttl);
      if (!token) throw new ApiError(401, 'login-failed', INVALID_LOGIN);
      setSessionCookie(reply, request, token, publicUrl, remember);
      const { passwordHash: _hash, ...view } = customer;
      return view;
    },
  );

  // Issue 13: signing out ends every session of the customer (other tabs and devices too), not just this cookie's.
  app.post(
    accountPaths.logout,
    { schema: { response: responses({ 204: NoContent }) } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await store.removeAll(token);
      // Only a request that brought the cookie (and so passed the anti-forgery check) may delete it: a foreign
      // site's form arrives without the SameSite=Lax cookie, and its answer's Set-Cookie would still log the shopper
      // out as a top-level navigation.
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, request, publicUrl);
      return reply.status(204).send();
    },
  );

  // Issue 13: registration. The account is created unconfirmed and logged in at once; the confirmation link goes
  // out by mail (the sandbox outbox in the demo, whose page the answer names so the demo can show it).
  /** The API's own origin and the origins a confirmation link may point to (the shop's, and the API's own locally). */
  const confirmOrigins = (request: FastifyRequest) => {
    const origin = apiOrigin(request, publicUrl);
    const ownOrigin = publicUrl || /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin);
    return { origin, allowed: new Set([...ctx.corsOrigins, ...(ownOrigin ? [origin] : [])]) };
  };
  const registered = Type.Intersect([
    CustomerSchema,
    Type.Object({ outboxUrl: Type.Optional(Type.String()) }),
  ]);
  app.post(
    accountPaths.register,
    {
      schema: { body: RegisterBodySchema, response: responses({ 201: registered }) },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      // Like every mutation, registering is under the API's per-client rate limit (one scrypt per call).
      const { origin, allowed } = confirmOrigins(request);
      // The link target is checked before anything is stored.
      confirmationLink(request.body.confirmUrl, 'check', allowed);
      const { customer, token } = await createAccount(db, request.body);
      const mailPath = await sendConfirmation(
        ctx.mail,
        customer,
        confirmationLink(request.body.confirmUrl, token, allowed),
        await shopSender(db),
      );
      const previous = sessionToken(request);
      if (previous) await store.remove(previous);
      // Undefined only when the new account was erased meanwhile: no session then. Session 25, accountfollow: as
      // long as a login's with the same "Angemeldet bleiben" (until the browser closes, 12 h at most, unless ticked).
      const remember = request.body.remember === true;
      const ttl = remember ? SESSION_TTL_MS : SHORT_SESSION_TTL_MS;
      const session = await store.create(customer.id, undefined, undefined, ttl);
      if (session) setSessionCookie(reply, request, session, publicUrl, remember);
      void reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send({ ...customer, ...(mailPath ? { outboxUrl: `${origin}${mailPath}` } : {}) });
    },
  );

  // Issue 13: the confirmation link's page posts its token here; guest orders of the address join the account. Only
  // a session of that account may confirm (registration.ts confirmEmail).
  app.post(
    accountPaths.confirmEmail,
    {
      schema: { body: ConfirmEmailBodySchema, response: responses({ 200: ConfirmEmailAnswerSchema }) },
      preValidation: jsonOnly,
    },
    async (request) => {
      const { changedFrom, ...answer } = await confirmEmail(
        db,
        request.body.token,
        (await sessionCustomer(db, request))?.id,
      );
      // Session 20: a changed address; the old one hears of it (after the answer, a failure is logged).
      if (changedFrom) {
        shopSender(db)
          .then((sender) =>
            sendEmailChanged(ctx.mail, { ...changedFrom, email: answer.email }, changedFrom.email, sender),
          )
          .catch((error: unknown) => request.log.error({ err: error }, 'address changed mail not sent'));
      }
      return answer;
    },
  );

  // Issue 13: a new confirmation mail for a shopper who lost the first. The answer is the same whether or not the
  // address has an unconfirmed account (no account enumeration); a new link replaces the earlier ones; at most one
  // mail per address a minute (registration.ts), and like every mutation it counts against the API's shared
  // per-client rate limit.
  app.post(
    accountPaths.resendConfirmation,
    {
      schema: {
        body: ResendConfirmationBodySchema,
        response: responses({ 200: ResendConfirmationAnswerSchema }),
      },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { email, confirmUrl } = request.body;
      if (!isValidEmail(email.trim())) {
        throw badRequest('validation', 'email must be a valid email address.', [
          { field: 'email', message: 'must be a valid email address' },
        ]);
      }
      const { origin, allowed } = confirmOrigins(request);
      confirmationLink(confirmUrl, 'check', allowed);
      const renewed = await renewConfirmation(db, email);
      if (renewed) {
        const link = confirmationLink(confirmUrl, renewed.token, allowed);
        // Not awaited: how long a mail transport takes must not tell which addresses have accounts. A failure is
        // logged; the shopper can ask again after the interval.
        shopSender(db)
          .then((sender) => sendConfirmation(ctx.mail, renewed.customer, link, sender))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'confirmation mail not sent');
          });
      }
      void reply.header('cache-control', 'no-store');
      // The sandbox's list page, also when nothing was sent: the answer must not differ.
      const { outboxPage } = ctx.mail;
      return reply.status(200).send(outboxPage ? { outboxUrl: `${origin}${outboxPage}` } : {});
    },
  );

  // Session 16: the forgotten password's mail and reset (passwordReset.ts).
  await passwordResetRoutes(fastify, ctx, { confirmOrigins, jsonOnly });
  // Session 20: the logged-in customer's own settings (accountSettingsRoutes.ts), their password checks counted by
  // the login's limiter.
  await accountSettingsRoutes(fastify, ctx, { confirmOrigins, jsonOnly }, limiter);

  app.get(accountPaths.me, { schema: { response: customerAnswer } }, async (request, reply) => {
    const customer = await sessionCustomer(db, request);
    void reply.header('cache-control', 'no-store');
    if (!customer) throw new ApiError(401, 'unauthorized', 'Not logged in.');
    return customer;
  });
}
