import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { withdrawalPaths } from '@lp/sdk/contract';
import { WithdrawalAnswerSchema, WithdrawalBodySchema } from '@lp/sdk/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { badRequest } from '../http/ApiError';
import { noStore } from '../http/noStore';
import { apiOrigin } from '../http/origin';
import { responses } from '../http/schemas';
import { retentionSweep } from '../limits/retention';
import { CLAIM_MINUTES } from '../mail/owedMails';
import { receiptSender } from '../mail/withdrawalReceipts';
import { PLACED_ORDER } from '../orders/orderRepo';
import { comparableEmail, isComparableEmail } from '../validation/comparableEmail';
import { declaredLines } from './declaredLines';

/**
 * Declarations no placed order matches (number and billing e-mail) are deleted this many years after the end of the
 * calendar year of their receipt: the regular limitation of claims arising from them (§§ 195, 199 BGB), until when
 * the shop may need to prove what it received and when. Matched ones go with their order (migration 027).
 */
export const UNMATCHED_WITHDRAWAL_RETENTION_YEARS = 3;

/**
 * At most this many receipt mails a day to one address. The function accepts declarations from anyone for any
 * address (it must not refuse), so without a cap it would send the shop's mails, quoting a stranger's text, to any
 * address as often as the rate limit allows (session 16 review: 120 a minute). Declarations above the cap are
 * stored as every other; their receipt is not mailed nor retried, and `lp-api withdrawals` lists it as not sent, for
 * the operator to confirm by hand (a real consumer rarely withdraws more than a few orders a day).
 */
export const RECEIPTS_PER_ADDRESS_A_DAY = 5;

/** The first key of the per-address advisory lock under which a declaration counts today's receipts (any int4). */
const RECEIPT_COUNT_LOCK = 356;

/**
 * A field of the declaration, trimmed. The contract's single-line rule (`Text`, session 22: no C1 control such as
 * NEL, no U+2028/U+2029, no bidi control) has already refused what a line of the receipt mail must not carry.
 */
function field(name: string, value: string, required: boolean): string | null {
  const trimmed = value.trim();
  if (required && !trimmed) {
    throw badRequest('validation', `Invalid body ${name}: must contain visible characters.`, [
      { field: name, message: 'must contain visible characters' },
    ]);
  }
  return trimmed || null;
}

/**
 * Session 16, § 356a BGB: `POST /api/Order/withdraw`, the shop's electronic withdrawal function. Accepts every
 * well-formed declaration (name, order number, e-mail, optionally which goods: free text, or session 24 lines of an
 * order its headerGuid proves the consumer's, declaredLines.ts; session 25: lines it cannot prove are stored as text
 * in the same request, the answer saying `linesAsText`) and stores it with the server's time
 * of receipt, then mails the acknowledgment of receipt to the given address (mail/withdrawalMail.ts; retried by the
 * outbox sweep when the transport refuses it, mail/withdrawalReceipts.ts). It never refuses because of the order,
 * and its answer is the same whether or not the order number exists or belongs to the address (no enumeration):
 * whether the right of withdrawal applies is the shop's answer afterwards. Like every mutation, it counts against
 * the per-client rate limit. Answers 201 with the time of receipt.
 */
export async function withdrawalRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;
  const sweep = retentionSweep(db, 'withdrawals', UNMATCHED_WITHDRAWAL_RETENTION_YEARS);
  // § 356a BGB: receipts the transport refused are sent again by the outbox sweep (mail/owedMails.ts).
  const receipts = receiptSender(fastify, db, ctx.mail);
  app.post(
    withdrawalPaths.withdraw,
    {
      onRequest: noStore,
      schema: { body: WithdrawalBodySchema, response: responses({ 201: WithdrawalAnswerSchema }) },
      bodyLimit: 8 * 1024,
    },
    async (request, reply) => {
      const body = request.body;
      if (!body)
        throw badRequest('parameter-missing', 'The body is required.', [
          { field: 'body', message: 'is required' },
        ]);
      const name = field('name', body.name, true) as string;
      const orderNumber = field('orderNumber', body.orderNumber, true) as string;
      const typedEmail = field('email', body.email, true) as string;
      if (!isComparableEmail(typedEmail)) {
        throw badRequest('validation', 'Invalid body email: must be a valid email address.', [
          { field: 'email', message: 'must be a valid email address' },
        ]);
      }
      // Kept and matched in the shop's comparable form (validation/comparableEmail.ts), as the order keeps its own.
      const email = comparableEmail(typedEmail);
      const typedItems = body.items === undefined ? null : field('items', body.items, false);
      // Session 24: lines of the order only with its headerGuid, which proves it the consumer's (declaredLines.ts).
      // Session 25: lines it cannot match are kept as text before the typed goods, never refused (§ 356a BGB).
      const declared = await declaredLines(db, { ...body, orderNumber });
      const items = [declared.linesText, typedItems].filter(Boolean).join('; ') || null;
      await sweep();
      // One insert whatever the order number: the match is looked up in it, so an unknown number takes the same
      // path (and about the same time) as a known one. Below the daily cap the receipt is owed and its first
      // attempt claimed for this request (mail/owedMails.ts); above it, it is not owed (no next attempt).
      // Session 25 (hostile): declarations for one address sent at once each counted before the others committed,
      // so on PostgreSQL a sixth receipt went out. The address's lock, held to the commit, makes them count in turn;
      // it is taken in a statement of its own, as READ COMMITTED reads the count at the start of the next one.
      const [row] = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RECEIPT_COUNT_LOCK, email]);
        return tx.query<{ id: string; received_at: Date | string; held: boolean }>(
          `WITH today AS (
           SELECT count(*)::int AS n FROM withdrawals
            WHERE email = $3 AND received_at > now() - interval '1 day')
         INSERT INTO withdrawals (name, order_number, email, items, order_id, receipt_attempts, receipt_next_attempt_at,
                                  lines)
         SELECT $1, $2, $3, $4, COALESCE($7::int, (SELECT o.id FROM orders o
                  WHERE upper(o.order_number) = upper($2) AND o.billing_person->>'email' = $3
                    AND ${PLACED_ORDER} LIMIT 1)),
                CASE WHEN today.n < $5 THEN 1 ELSE 0 END,
                CASE WHEN today.n < $5 THEN now() + make_interval(mins => $6) END,
                $8::jsonb
           FROM today
         RETURNING id, received_at, receipt_attempts = 0 AS held`,
          [
            name,
            orderNumber,
            email,
            items,
            RECEIPTS_PER_ADDRESS_A_DAY,
            CLAIM_MINUTES,
            declared.orderId,
            declared.lines && JSON.stringify(declared.lines),
          ],
        );
      });
      const { id, held } = row!;
      const receivedAt = new Date(row!.received_at);
      if (held) request.log.warn({ withdrawal: id }, 'withdrawal receipt mail held: too many today');
      // Awaited: the page says the receipt was mailed only when it was handed over. A refusal is logged and the
      // sweep tries again (the declaration stands either way).
      const confirmationMailed =
        !held &&
        (await receipts.deliver(
          {
            id,
            attempts: 1,
            name,
            order_number: orderNumber,
            email,
            items,
            lines: declared.lines,
            received_at: receivedAt,
          },
          request.log,
        ));
      const { outboxPage } = ctx.mail;
      return reply.status(201).send({
        receivedAt: receivedAt.toISOString(),
        confirmationMailed,
        ...(outboxPage ? { outboxUrl: `${apiOrigin(request, ctx.publicUrl)}${outboxPage}` } : {}),
        ...(declared.unproven ? { linesAsText: true } : {}),
      });
    },
  );
}
