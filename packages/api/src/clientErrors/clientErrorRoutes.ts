import { clientErrorPaths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http/ApiError';
import { objectSchema } from '../http/schemas';
import { stripControl } from './stripControl';

export interface ClientErrorBody {
  severity: 'error' | 'warning';
  component: string;
  message: string;
  url?: string;
}

/**
 * Error messages and stack lines carry newlines and the odd escape sequence, so control characters are not
 * refused here (unlike other routes) but stripped before storing (spec 8: the report must not be lost).
 */
const bodySchema = objectSchema(
  {
    severity: { type: 'string', enum: ['error', 'warning'] },
    component: { type: 'string', minLength: 1, maxLength: 200 },
    message: { type: 'string', minLength: 1, maxLength: 2000 },
    url: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
  },
  ['severity', 'component', 'message'],
);

function checkedUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const url = stripControl(raw);
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('Invalid body url: must be an http(s) URL.', [
    { field: 'url', message: 'must be an http(s) URL' },
  ]);
}

/** spec 8 / issue 5: `POST /api/ClientErrors` stores one error report of a shop page (answers 204). */
export async function clientErrorRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.post(
    clientErrorPaths.report,
    { schema: { body: bodySchema }, bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const body = request.body as ClientErrorBody | undefined;
      if (!body) throw badRequest('The body is required.', [{ field: 'body', message: 'is required' }]);
      const component = stripControl(body.component).trim();
      if (!component) {
        throw badRequest('Invalid body component: must contain visible characters.', [
          { field: 'component', message: 'must contain visible characters' },
        ]);
      }
      const url = checkedUrl(body.url);
      try {
        await ctx.db.query(
          'INSERT INTO client_errors (severity, component, message, url) VALUES ($1, $2, $3, $4)',
          [body.severity, component, stripControl(body.message), url],
        );
      } catch (error) {
        // A reporting endpoint must not become an error source of its own: log and answer 503, never 500.
        request.log.error({ err: error }, 'could not store client error');
        throw new ApiError(503, 'The error report could not be stored; retry later.');
      }
      return reply.status(204).send();
    },
  );
}
