import type { Article } from '@lp/sdk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/Db';
import type { MailTransport } from '../outbox/mailTransport';
import { loadOrder, orderByGuid } from '../orders/orderRepo';
import { articleText } from './articleText';
import { type LegalText, orderConfirmationMail } from './orderConfirmationMail';

/** The information pages the mail quotes (seed aliases; spec 2 routes /impressum, /widerrufsrecht, /agb). */
const LEGAL_ALIASES = { provider: 'impressum', withdrawal: 'widerrufsrecht', terms: 'agb' } as const;

async function legalTexts(db: Queryable, companyId: number): Promise<OrderMailLegal> {
  const rows = await db.query<{ data: Article }>(
    'SELECT data FROM articles WHERE company_id = $1 AND lower(alias) = ANY($2::text[])',
    [companyId, Object.values(LEGAL_ALIASES)],
  );
  const byAlias = new Map(rows.map((row) => [row.data.Alias.toLowerCase(), row.data]));
  const text = (alias: string): LegalText | undefined => {
    const page = byAlias.get(alias);
    return page && { title: page.Title, text: articleText(page.Content ?? '') };
  };
  return {
    provider: text(LEGAL_ALIASES.provider),
    withdrawal: text(LEGAL_ALIASES.withdrawal),
    terms: text(LEGAL_ALIASES.terms),
  };
}

type OrderMailLegal = Parameters<typeof orderConfirmationMail>[0]['legal'];

/** An error as a log line may carry it: SMTP answers often quote the recipient, so addresses are cut out. */
function describeFailure(error: unknown): Record<string, unknown> {
  const e = error as { name?: unknown; code?: unknown; responseCode?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return {
    name: typeof e?.name === 'string' ? e.name : undefined,
    code: typeof e?.code === 'string' ? e.code : undefined,
    responseCode: typeof e?.responseCode === 'number' ? e.responseCode : undefined,
    message: message.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]').slice(0, 500),
  };
}

/**
 * Mails the order confirmation of a paid order to its billing e-mail. Called once, by the request whose transaction
 * moved the order to 'paid' (payments/paymentRoutes.ts), after that transaction committed; it never throws: a
 * transport that fails is logged with the order number (no address), and the order stays paid.
 *
 * @param shopOrigin the storefront's origin the shopper paid from (the payment's checked return URL), for the links.
 */
export async function sendOrderConfirmation(
  db: Queryable,
  mail: MailTransport,
  headerGuid: string,
  shopOrigin: string,
  log: FastifyBaseLogger,
): Promise<void> {
  // Logged instead of the guid, which is the order's key (logs carry no keys, not even part of one).
  let orderNumber: string | undefined;
  try {
    const row = await orderByGuid(db, headerGuid);
    if (row?.status !== 'paid') return;
    orderNumber = row.order_number;
    const [order, [payment], legal] = await Promise.all([
      loadOrder(db, row),
      db.query<{ name: string }>('SELECT name FROM payment_types WHERE company_id = $1 AND id = $2', [
        row.company_id,
        row.payment_method,
      ]),
      legalTexts(db, row.company_id),
    ]);
    await mail.send(
      orderConfirmationMail({ order, paymentName: payment?.name ?? row.payment_method, shopOrigin, legal }),
    );
  } catch (error) {
    log.error({ orderNumber, error: describeFailure(error) }, 'order confirmation mail not sent');
  }
}
