import { Type } from '@sinclair/typebox';
import { Text } from './primitives';

/**
 * Body of `POST /api/Order/withdraw` (session 16, § 356a BGB: the electronic withdrawal function). Only what
 * identifies the consumer and the contract: the name, the order number, the e-mail address the receipt is sent to,
 * and optionally which goods (free text; without it the whole order is withdrawn). No reason is asked (a withdrawal
 * needs none, § 355 (1) BGB). Single-line texts without control characters (a line break in the name could not
 * reach a mail header, but the mail quotes the fields line by line).
 */
export const WithdrawalBodySchema = Type.Object(
  {
    name: Text(100, 1),
    orderNumber: Text(40, 1),
    email: Text(254, 1),
    items: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);

/**
 * Answer (201) of `POST /api/Order/withdraw`, the same whether or not the order number belongs to the address (no
 * enumeration): when the declaration was received (ISO 8601, the server's clock), whether the receipt mail was
 * handed to the mail transport, and the sandbox outbox's list page while the sandbox is the transport.
 */
export const WithdrawalAnswerSchema = Type.Object({
  receivedAt: Type.String(),
  confirmationMailed: Type.Boolean(),
  outboxUrl: Type.Optional(Type.String()),
});
