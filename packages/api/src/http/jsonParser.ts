import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './ApiError';

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * JSON bodies: an empty body counts as no body (spec 7: startCheckout and friends are posted without one, and
 * some clients still send `Content-Type: application/json`); anything else must parse.
 *
 * JSON is UTF-8 (RFC 8259). A body in another encoding (a Latin-1 `Müller`) decoded as UTF-8 turns every umlaut
 * into U+FFFD and, once stored, prints `M�ller` on a name sign: so another declared charset is refused (415) and
 * bytes that are not UTF-8 are refused (400) instead of being silently replaced.
 */
export function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(
        new ApiError(415, 'unsupported-media-type', 'JSON bodies must be UTF-8; send charset=utf-8 or none.'),
        undefined,
      );
    }
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (!isUtf8(bytes)) {
      return done(new ApiError(400, 'invalid-json', 'The body is not valid UTF-8.'), undefined);
    }
    const source = bytes.toString('utf8');
    if (source.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(source));
    } catch {
      done(new ApiError(400, 'invalid-json', 'The body is not valid JSON.'), undefined);
    }
  });
  // Plain text and form bodies are what `fetch` sends for a string body and what a page on another site can post
  // without a CORS preflight: JSON routes answer them 415 "send application/json" (not "body must be object"). Empty
  // ones count as no body, as for JSON. Only the sandbox payment page takes forms (installFormParser in its scope).
  for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    // The JSON limit, so a body JSON would take is told its type, not its size.
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
      if (body.length === 0) return done(null, undefined);
      done(
        new ApiError(415, 'unsupported-media-type', 'Unsupported content type; send application/json.'),
        undefined,
      );
    });
  }
}

/** Plain HTML forms (the sandbox payment page) post urlencoded fields: parsed in the scope of those routes only. */
export function installFormParser(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/x-www-form-urlencoded');
  scope.addContentTypeParser(
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
