import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { refundMailSender } from '../mail/refundMails';
import { shipmentMailSender } from '../mail/shipmentMails';

/**
 * The sweeps of the mails the operator's commands make owed (`lp-api orders ship`, `lp-api orders refund`): no
 * request of the API makes them owed, so no route plugin started their senders, and a Versandbestätigung or an
 * Erstattungsbestätigung the mail server refused stayed owed for good. Registered with the API's routes
 * (createApi.ts), it sweeps when the API is ready and every minute.
 */
export async function fulfilmentMailRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  shipmentMailSender(fastify, ctx.db, ctx.mail);
  refundMailSender(fastify, ctx.db, ctx.mail);
}
