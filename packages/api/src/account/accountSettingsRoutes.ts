import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, accountSettingsPaths } from '@lp/sdk/contract';
import type { Customer } from '@lp/sdk/contract';
import {
  ChangeEmailAnswerSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  DeleteAccountAnswerSchema,
  DeleteAccountBodySchema,
  ExportDataBodySchema,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError } from '../http/ApiError';
import { noStore } from '../http/noStore';
import { NoContent, responses } from '../http/schemas';
import { sendEmailChangeLink, sendPasswordChanged } from '../mail/accountNoticeMail';
import { shopSender } from '../mail/signOff';
import { exportCustomer } from '../privacy/customerExport';
import { eraseAccount } from '../privacy/eraseCustomer';
import {
  accountEmail,
  changePassword,
  checkNewPassword,
  checkPassword,
  emailConfirmed,
  issueEmailChange,
  newAddress,
} from './accountSettings';
import type { LoginLimiter } from './loginLimiter';
import type { AccountRouteHelpers } from './passwordReset';
import { confirmationLink } from './registration';
import { clearSessionCookie, sessionToken } from './sessionCookie';
import { sessionStore } from './sessionStore';

/**
 * Session 20 (decisions.md "The customer's own account settings"): the logged-in customer changes the password or
 * the address, downloads the data (DSGVO art. 15/20) and deletes the account (art. 17) without writing to the shop.
 * A session alone is not enough: each call carries the current password, counted like a login (a wrong one counts
 * against the login limiter of the client's address, 429 `login-rate-limited` past it). JSON only and, as every
 * cookie-carrying mutation, under the API's anti-forgery rule. Export and erasure are the operator command's
 * (`lp-api customer export|delete`, src/privacy/), for a confirmed address only: the data of an address are its
 * account's and its guest orders, and an address nobody proved may be someone else's.
 */
export async function accountSettingsRoutes(
  fastify: FastifyInstance,
  ctx: ApiContext,
  { confirmOrigins, jsonOnly }: AccountRouteHelpers,
  limiter: LoginLimiter,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, publicUrl } = ctx;
  const store = sessionStore(db);

  /** The logged-in customer and the session's token, or 401 `unauthorized`. */
  const signedIn = async (request: FastifyRequest): Promise<{ customer: Customer; token: string }> => {
    const token = sessionToken(request);
    const customer = token ? await store.customer(token) : undefined;
    if (!token || !customer) throw new ApiError(401, 'unauthorized', 'Not logged in.');
    return { customer, token };
  };

  /** The current password, counted like a login attempt of the client's address; answers the checked hash. */
  const proven = async (
    request: FastifyRequest,
    reply: FastifyReply,
    customer: Customer,
    password: string,
  ) => {
    const key = ctx.clientAddress(request);
    const wait = await limiter.attempt(key);
    if (wait > 0) {
      void reply.header('retry-after', String(wait));
      throw new ApiError(429, 'login-rate-limited', `Too many password attempts; retry in ${wait} s.`);
    }
    const hash = await checkPassword(db, customer.id, password);
    await limiter.succeeded(key);
    return hash;
  };

  /** Export and erasure are by address: an address the account never confirmed is refused (409). */
  const confirmedOnly = async (customer: Customer) => {
    if (!(await emailConfirmed(db, customer.id))) {
      throw new ApiError(
        409,
        'email-unconfirmed',
        'Confirm the account’s address first: its data are found by the address.',
      );
    }
  };

  /** Mails after the answer: a slow or failing transport neither delays nor fails the change. */
  const mailLater = (request: FastifyRequest, what: string, send: () => Promise<unknown>) => {
    send().catch((error: unknown) => request.log.error({ err: error }, `${what} mail not sent`));
  };

  app.post(
    accountSettingsPaths.changePassword,
    {
      onRequest: noStore,
      schema: { body: ChangePasswordBodySchema, response: responses({ 204: NoContent }) },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { customer, token } = await signedIn(request);
      checkNewPassword(request.body.newPassword);
      const hash = await proven(request, reply, customer, request.body.password);
      await changePassword(db, customer.id, hash, request.body.newPassword, token);
      mailLater(request, 'password changed', async () =>
        sendPasswordChanged(ctx.mail, customer, await shopSender(db)),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    accountSettingsPaths.changeEmail,
    {
      onRequest: noStore,
      schema: { body: ChangeEmailBodySchema, response: responses({ 200: ChangeEmailAnswerSchema }) },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { customer } = await signedIn(request);
      const { email: raw, password, confirmUrl } = request.body;
      const email = newAddress(raw, customer);
      const { origin, allowed } = confirmOrigins(request);
      confirmationLink(confirmUrl, 'check', allowed);
      await proven(request, reply, customer, password);
      const token = await issueEmailChange(db, customer.id, email);
      const link = confirmationLink(confirmUrl, token, allowed);
      mailLater(request, 'address change', async () =>
        sendEmailChangeLink(ctx.mail, customer, email, link, await shopSender(db)),
      );
      const { outboxPage } = ctx.mail;
      return outboxPage ? { outboxUrl: `${origin}${outboxPage}` } : {};
    },
  );

  app.post(
    accountSettingsPaths.exportData,
    {
      onRequest: noStore,
      // The operator command's document (privacy/customerExport.ts), written as it is.
      schema: {
        body: ExportDataBodySchema,
        response: responses({ 200: Type.Object({}, { additionalProperties: true }) }),
      },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { customer } = await signedIn(request);
      await confirmedOnly(customer);
      await proven(request, reply, customer, request.body.password);
      // The address as stored now, and held while the document is read (one transaction, the account's row shared):
      // a change link opened during the password check or the reading moved the account to its new address.
      const document = await db.transaction(async (tx) => {
        const email = await accountEmail(tx, customer.id);
        if (email === undefined) throw new ApiError(401, 'unauthorized', 'Not logged in.');
        // The stored address itself (the comparable form; a decomposed twin left by migration 038 gets its own data,
        // not the composed account's, session 22).
        return exportCustomer(tx, email);
      });
      void reply.header('content-disposition', 'attachment; filename="meine-daten.json"');
      return document ?? {};
    },
  );

  app.post(
    accountSettingsPaths.deleteAccount,
    {
      onRequest: noStore,
      schema: { body: DeleteAccountBodySchema, response: responses({ 200: DeleteAccountAnswerSchema }) },
      preValidation: jsonOnly,
    },
    async (request, reply) => {
      const { customer } = await signedIn(request);
      await confirmedOnly(customer);
      await proven(request, reply, customer, request.body.password);
      // The operator command's erasure (privacy/eraseCustomer.ts): placed orders stay as sales records, without
      // the account link and the billing e-mail and phone; the account's sessions go with it. By the account's id:
      // its address may have changed since `signedIn` read it (a change link opened during the password check).
      const erasure = await eraseAccount(db, customer.id);
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply, request, publicUrl);
      return { keptOrders: erasure?.keptOrders.map((order) => order.orderNumber) ?? [] };
    },
  );
}
