import { Type } from '@sinclair/typebox';
import { Guid, Text } from './primitives';

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
    /**
     * Session 24: the order's headerGuid, from a page that already shows the consumer this order (the order page of
     * the confirmation mail, the account). It proves the order theirs, so the declaration may name its `lines`.
     * Session 25: when it is not the placed order `orderNumber` (an old link), the declaration is still stored, its
     * lines written out as text (answer `linesAsText`); § 356a BGB: a declaration is never lost.
     */
    headerGuid: Type.Optional(Guid),
    /**
     * Session 24: which goods, as lines of the order (`line` counts `orderItems` from 1, `quantity` of its pieces,
     * each line once, at most what was ordered); only with `headerGuid` (a guest form without it must not learn an
     * order's contents). Without `lines` and `items`: the whole order. Lines made to the consumer's specification
     * are accepted too (the function accepts what the consumer declares; § 312g (2) no. 1 BGB is the shop's answer).
     * Session 25: lines the proven order cannot take (none proven, no such line, a line twice, more pieces than
     * ordered) are stored as text, "Pos. 2: 1 × <article>", with the `article` the page showed (else "Stück").
     */
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            line: Type.Integer({ minimum: 1, maximum: 1000 }),
            quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
            /** Session 25: the article's words as the page showed them; used only when the lines go as text. */
            article: Type.Optional(Text(200)),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100 },
      ),
    ),
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
  /**
   * Session 25: true when the order's proof (`headerGuid`) or its `lines` could not be matched, so the declaration
   * was stored without the link, the lines written out as text (the page says so with the receipt).
   */
  linesAsText: Type.Optional(Type.Boolean()),
});
