import { Type } from '@sinclair/typebox';
import { Secret, Text } from './primitives';

/** The logged-in shopper as `/api/Account/login` and `/api/Account/me` answer it (never the password hash). */
export const CustomerSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  lastName: Type.String(),
  customerCompanyId: Type.Integer(),
  customerCompanyGroupRoleId: Type.Integer(),
});

/**
 * Body of `POST /api/Account/login`. `remember` ("Angemeldet bleiben", session 25): true keeps the session 30 days
 * with a cookie that outlives the browser; without it the session ends after 12 hours and its cookie with the browser.
 */
export const LoginBodySchema = Type.Object(
  { email: Text(254, 1), password: Secret(200, 1), remember: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** Issue 13: passwords are 8 to 200 characters (length is what makes them strong; no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Body of `POST /api/Account/register`. Field rules beyond the shape (email, names as in checkout, spec 5; the
 * password length) are checked by the API with field errors. `confirmUrl`: the shop page the confirmation link
 * opens (an allowed shop origin, like the payment return URL); the API appends `?token=`. `remember` ("Angemeldet
 * bleiben", session 25, accountfollow): the new account's session as the login's (30 days when true, else until the
 * browser closes, 12 hours at most).
 */
export const RegisterBodySchema = Type.Object(
  {
    email: Text(254, 1),
    password: Secret(PASSWORD_MAX_LENGTH, 1),
    name: Text(100, 1),
    lastName: Text(100, 1),
    confirmUrl: Text(2000, 1),
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Body of `POST /api/Account/confirmEmail`: the token of the confirmation link. */
export const ConfirmEmailBodySchema = Type.Object({ token: Text(100, 1) }, { additionalProperties: false });

/** Answer of `POST /api/Account/confirmEmail`: how many earlier guest orders joined the account. */
export const ConfirmEmailAnswerSchema = Type.Object({ email: Type.String(), joinedOrders: Type.Integer() });

/**
 * Body of `POST /api/Account/resendConfirmation` (issue 13): the address that lost its confirmation mail and the
 * shop page the new link opens (an allowed shop origin, as at registration).
 */
export const ResendConfirmationBodySchema = Type.Object(
  { email: Text(254, 1), confirmUrl: Text(2000, 1) },
  { additionalProperties: false },
);

/**
 * Answer (200: the SDK reads only 200, 201 and 204 as success, spec 8) of `POST /api/Account/resendConfirmation`,
 * the same whether or not the address has an unconfirmed account (no account enumeration). `outboxUrl`: the
 * sandbox outbox's list page while the sandbox is the mail transport.
 */
export const ResendConfirmationAnswerSchema = Type.Object({ outboxUrl: Type.Optional(Type.String()) });

/**
 * Body of `POST /api/Account/requestPasswordReset` (session 16): the address of the forgotten password and the shop
 * page the reset link opens (an allowed shop origin, as at registration; the API appends `?token=`).
 */
export const RequestPasswordResetBodySchema = Type.Object(
  { email: Text(254, 1), resetUrl: Text(2000, 1) },
  { additionalProperties: false },
);

/**
 * Answer (200) of `POST /api/Account/requestPasswordReset`, the same whether or not the address has an account (no
 * account enumeration). `outboxUrl`: the sandbox outbox's list page while the sandbox is the mail transport.
 */
export const RequestPasswordResetAnswerSchema = Type.Object({ outboxUrl: Type.Optional(Type.String()) });

/** Body of `POST /api/Account/resetPassword`: the reset link's token and the new password (registration's rules). */
export const ResetPasswordBodySchema = Type.Object(
  { token: Text(100, 1), password: Secret(PASSWORD_MAX_LENGTH, 1) },
  { additionalProperties: false },
);

/** Answer of `POST /api/Account/resetPassword`: the account's address, for the login form (not logged in). */
export const ResetPasswordAnswerSchema = Type.Object({ email: Type.String() });

/**
 * Session 20: bodies of the logged-in customer's own settings. Each carries the current `password` (re-entered, so a
 * session left open on a shared device cannot change or erase the account). `POST /api/Account/changePassword`: the
 * new password has registration's rules (the API checks them with field errors).
 */
export const ChangePasswordBodySchema = Type.Object(
  { password: Secret(PASSWORD_MAX_LENGTH, 1), newPassword: Secret(PASSWORD_MAX_LENGTH, 1) },
  { additionalProperties: false },
);

/**
 * Body of `POST /api/Account/changeEmail`: the new address and the shop page its confirmation link opens (an allowed
 * shop origin, as at registration; the API appends `?token=`). The address changes when that link is opened.
 */
export const ChangeEmailBodySchema = Type.Object(
  { email: Text(254, 1), password: Secret(PASSWORD_MAX_LENGTH, 1), confirmUrl: Text(2000, 1) },
  { additionalProperties: false },
);

/** Answer (200) of `POST /api/Account/changeEmail`; `outboxUrl` while the sandbox outbox is the mail transport. */
export const ChangeEmailAnswerSchema = Type.Object({ outboxUrl: Type.Optional(Type.String()) });

/** Body of `POST /api/Account/exportData` (DSGVO art. 15/20); the answer is the operator export's JSON document. */
export const ExportDataBodySchema = Type.Object(
  { password: Secret(PASSWORD_MAX_LENGTH, 1) },
  { additionalProperties: false },
);

/** Body of `POST /api/Account/deleteAccount` (DSGVO art. 17): `confirm` must be `true` (the explicit tick). */
export const DeleteAccountBodySchema = Type.Object(
  { password: Secret(PASSWORD_MAX_LENGTH, 1), confirm: Type.Literal(true) },
  { additionalProperties: false },
);

/**
 * Answer of `POST /api/Account/deleteAccount`: the numbers of the placed orders kept as sales records (§ 147 AO,
 * § 257 HGB), without the account link and the billing e-mail and phone; everything else is deleted.
 */
export const DeleteAccountAnswerSchema = Type.Object({ keptOrders: Type.Array(Type.String()) });

/**
 * Body of `POST /api/ClientErrors` (spec 8). Error messages and stack lines carry newlines and the odd escape
 * sequence, so control characters are not refused here (the API strips them before storing: the report must not
 * be lost). Lone UTF-16 surrogates are, like everywhere (./primitives.ts): PostgreSQL cannot store them.
 */
const reportText = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\uD800-\\uDFFF]*$' });

export const ClientErrorBodySchema = Type.Object(
  {
    severity: Type.Unsafe<'error' | 'warning'>({ type: 'string', enum: ['error', 'warning'] }),
    component: reportText(200),
    message: reportText(2000),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' })),
  },
  { additionalProperties: false },
);
