import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { dealerPaths } from '@lp/sdk/contract';
import {
  DealerOrderListSchema,
  DealerOrdersQuerySchema,
  DealerStatementQuerySchema,
  DealerStatementSchema,
  EmbedOriginSchema,
} from '@lp/sdk/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError } from '../http/ApiError';
import { responses } from '../http/schemas';
import { dealerByKey, dealerOrders } from './dealerRepo';
import { dealerStatement, statementAnswer } from './dealerStatement';

/** Longest Origin echoed back by the origin check (no real origin comes near it). */
const MAX_ECHO = 300;
/** Wrong dealer keys allowed per client address and window before 429 (a key is 32 random bytes: guessing is
 *  hopeless anyway; this keeps a flood from costing a lookup each). */
const KEY_FAILURES = { max: 20, windowMs: 15 * 60_000 };

const noKey = () =>
  new ApiError(401, 'unauthorized', 'Send the dealer key as "Authorization: Bearer <key>".');
const wrongKey = () => new ApiError(401, 'unauthorized', 'The dealer key is not valid.');

/** The key of `Authorization: Bearer <key>`; undefined when the header is missing or has another scheme. */
function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1];
}

/**
 * Issue 12: the origin check a page asks after a failed request (CORS failures look like network failures), a
 * dealer's list of its attributed orders and its commission statement for a month.
 */
export async function dealerRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = ctx;

  app.get(
    dealerPaths.embedOrigin,
    {
      schema: { response: responses({ 200: EmbedOriginSchema }) },
      // Answered to every origin, without credentials: the one thing a refused page may read here.
      config: { cors: { origin: '*', credentials: false } },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      // The answer depends on the Origin header, so no cache may hand it to another origin.
      void reply.header('Vary', 'Origin').header('Cache-Control', 'no-store');
      if (typeof origin !== 'string') return { allowed: true, origin: null };
      return { allowed: await ctx.originAllowed(origin), origin: origin.slice(0, MAX_ECHO) };
    },
  );

  /** The dealer whose key the request sends (`Authorization: Bearer <key>`); 401 without a valid one. */
  async function keyHolder(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    void reply.header('Cache-Control', 'no-store');
    const key = bearer(request);
    if (!key) throw challenge(reply, noKey());
    const address = `dealer-key:${ctx.clientAddress(request)}`;
    // Counted before the lookup, taken back on success (as the login does): parallel guesses all count.
    const { count, ttlMs } = await ctx.hits.hit(address, KEY_FAILURES.windowMs);
    if (count > KEY_FAILURES.max) {
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
      throw new ApiError(429, 'rate-limited', 'Too many wrong dealer keys; try again later.');
    }
    const dealerId = await dealerByKey(db, key);
    if (!dealerId) throw challenge(reply, wrongKey());
    await ctx.hits.unhit(address);
    return dealerId;
  }

  app.get(
    dealerPaths.orders,
    { schema: { querystring: DealerOrdersQuerySchema, response: responses({ 200: DealerOrderListSchema }) } },
    async (request, reply) => dealerOrders(db, await keyHolder(request, reply), request.query),
  );

  app.get(
    dealerPaths.statement,
    {
      schema: {
        querystring: DealerStatementQuerySchema,
        response: responses({ 200: DealerStatementSchema }),
      },
    },
    async (request, reply) => {
      const dealerId = await keyHolder(request, reply);
      return statementAnswer(await dealerStatement(db, dealerId, request.query.month), new Date());
    },
  );
}

/** A 401 names the scheme it expects (RFC 9110). */
function challenge(reply: FastifyReply, error: ApiError): ApiError {
  void reply.header('WWW-Authenticate', 'Bearer realm="dealer"');
  return error;
}
