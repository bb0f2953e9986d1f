import { ErrorResponses } from '@lp/sdk/contract/schemas';
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';

/**
 * Route-schema helpers of the API. The contract's schemas themselves live in `@lp/sdk/contract/schemas`, so the
 * API and its clients share one definition; here only what is about HTTP plumbing.
 */

/** A query schema: named properties; extra keys are ignored (caches and trackers append their own). */
export const Query = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: true });

/** Route path parameters arrive as text; routes check them themselves to answer 404 rather than 400. */
export const Params = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/**
 * The `response` map of a route: its success answer(s) plus the error body for every 4xx and 5xx. The serialiser
 * writes exactly what these schemas name, so a server-side field never leaks.
 */
export const responses = <T extends Record<number, TSchema>>(success: T) => ({
  ...success,
  ...ErrorResponses,
});

/** An answer without a body (204): handlers call `reply.send()`. */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'No body.' });

/**
 * A document that is not JSON (the sandbox's HTML page, a print file's SVG). Fastify writes a string with a
 * non-JSON content type as it is, so this schema only names the answer; it never serialises it.
 */
export const Document = Type.String({ description: 'A non-JSON document, sent as it is.' });

/** GET /health: liveness and the kind of database behind this process. */
export const HealthSchema = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
