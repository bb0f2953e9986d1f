import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/ApiError';
import { Document, Params, UUID_PATTERN, responses } from '../http/schemas';
import { outboxListPage, outboxMailPage } from './outboxPage';
import { SANDBOX_PAGE_HEADERS } from '../payments/html';
import type { sandboxOutbox } from './sandboxOutbox';

/**
 * The sandbox outbox's pages (issue 13): /sandbox/outbox lists the newest mails, /sandbox/outbox/:id shows one.
 * Registered only while the sandbox transport is in use; a shop with a real mail transport has no outbox.
 */
export async function outboxRoutes(
  fastify: FastifyInstance,
  outbox: ReturnType<typeof sandboxOutbox>,
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/sandbox/outbox',
    { schema: { response: responses({ 200: Document }) } },
    async (_request, reply) => reply.headers(SANDBOX_PAGE_HEADERS).send(outboxListPage(await outbox.list())),
  );
  app.get(
    '/sandbox/outbox/:mailId',
    { schema: { params: Params({ mailId: Type.String() }), response: responses({ 200: Document }) } },
    async (request, reply) => {
      const { mailId } = request.params;
      const mail = UUID_PATTERN.test(mailId) ? await outbox.get(mailId) : undefined;
      if (!mail) throw notFound('not-found', 'Mail not found.');
      return reply.headers(SANDBOX_PAGE_HEADERS).send(outboxMailPage(mail));
    },
  );
}
