import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { clientErrorPaths, reportUrl } from '@lp/sdk/contract';
import { ClientErrorBodySchema } from '@lp/sdk/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http/ApiError';
import { NoContent, responses } from '../http/schemas';
import { retentionSweep } from '../limits/retention';
import { stripControl } from './stripControl';

/** Stored reports are deleted after this many days (docs/learn/run-in-production.md, "Personal data"). */
export const CLIENT_ERROR_RETENTION_DAYS = 30;

function checkedUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const url = stripControl(raw);
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return reportUrl(parsed);
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('validation', 'Invalid body url: must be an http(s) URL.', [
    { field: 'url', message: 'must be an http(s) URL' },
  ]);
}

/**
 * spec 8 / issue 5: `POST /api/ClientErrors` stores one error report of a shop page (answers 204). The body's
 * schema lets control characters through (stack lines carry them); they are stripped before storing. The URL is
 * stored without what identifies a person (`reportUrl`), and reports older than {@link CLIENT_ERROR_RETENTION_DAYS}
 * days are deleted by the process that stores new ones.
 */
export async function clientErrorRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const sweep = retentionSweep(ctx.db, 'client_errors', CLIENT_ERROR_RETENTION_DAYS);
  app.post(
    clientErrorPaths.report,
    {
      schema: { body: ClientErrorBodySchema, response: responses({ 204: NoContent }) },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const body = request.body;
      // Kept although the schema requires an object: a report must never crash on an empty body.
      if (!body)
        throw badRequest('parameter-missing', 'The body is required.', [
          { field: 'body', message: 'is required' },
        ]);
      const component = stripControl(body.component).trim();
      if (!component) {
        throw badRequest('validation', 'Invalid body component: must contain visible characters.', [
          { field: 'component', message: 'must contain visible characters' },
        ]);
      }
      const url = checkedUrl(body.url);
      try {
        await sweep();
        await ctx.db.query(
          'INSERT INTO client_errors (severity, component, message, url) VALUES ($1, $2, $3, $4)',
          [body.severity, component, stripControl(body.message), url],
        );
      } catch (error) {
        // A reporting endpoint must not become an error source of its own: log and answer 503, never 500.
        request.log.error({ err: error }, 'could not store client error');
        throw new ApiError(503, 'unavailable', 'The error report could not be stored; retry later.');
      }
      return reply.status(204).send();
    },
  );
}
