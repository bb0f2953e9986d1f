import type { FastifyInstance } from 'fastify';
import { ApiError } from './ApiError';

/**
 * JSON bodies: an empty body counts as no body (spec 7: startCheckout and friends are posted without one, and
 * some clients still send `Content-Type: application/json`); anything else must parse.
 */
export function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const source = typeof body === 'string' ? body : body.toString('utf8');
    if (source.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(source));
    } catch {
      done(new ApiError(400, 'invalid-json', 'The body is not valid JSON.'), undefined);
    }
  });
  // Plain HTML forms (the sandbox payment page) post urlencoded fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );
}
