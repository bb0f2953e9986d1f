import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/ApiError';
import { Document, Params, UUID_PATTERN, responses } from '../http/schemas';
import { outboxListPage, outboxMailPage } from './outboxPage';
import type { sandboxOutbox } from './sandboxOutbox';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  // The confirmation link carries a token: no Referer leaks it to the page it opens.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

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
    async (_request, reply) => reply.headers(PAGE_HEADERS).send(outboxListPage(await outbox.list())),
  );
  app.get(
    '/sandbox/outbox/:mailId',
    { schema: { params: Params({ mailId: Type.String() }), response: responses({ 200: Document }) } },
    async (request, reply) => {
      const { mailId } = request.params;
      const mail = UUID_PATTERN.test(mailId) ? await outbox.get(mailId) : undefined;
      if (!mail) throw notFound('not-found', 'Mail not found.');
      return reply.headers(PAGE_HEADERS).send(outboxMailPage(mail));
    },
  );
}
