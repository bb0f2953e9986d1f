import { appendFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Opt-in audit (LP_CHECK_SERIALISER=<log file>): compares every JSON answer the response schemas wrote with what
 * the handler returned, and logs each answer that lost or changed a field. Run the whole suite with it after
 * changing a response schema: the serialiser drops fields a schema does not name, silently.
 */
export function checkSerialiser(api: FastifyInstance, logFile: string): void {
  const returned = new WeakMap<FastifyRequest, unknown>();
  api.addHook('preSerialization', async (request, _reply, payload) => {
    returned.set(request, JSON.parse(JSON.stringify(payload)));
    return payload;
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (!returned.has(request) || typeof payload !== 'string') return payload;
    const expected = returned.get(request);
    const actual = payload === '' ? undefined : JSON.parse(payload);
    if (!isDeepStrictEqual(actual, expected)) {
      appendFileSync(
        logFile,
        `${JSON.stringify({ route: `${request.method} ${request.routeOptions.url}`, status: reply.statusCode, expected, actual })}\n`,
      );
    }
    return payload;
  });
}
