import { IDEMPOTENCY_KEY_HEADER } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/ApiError';

/** Longest key accepted (a UUID is 36 characters; Stripe allows 255). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Visible ASCII only: no space, no control character, nothing a log line or a header could be split by. */
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

/**
 * The `Idempotency-Key` header of a cart add (migrations/018): undefined when absent (an add as before: old SDKs,
 * curl); 400 `validation` when it is sent but is no key (empty, longer than 255, spaces, control or non-ASCII
 * characters, sent twice, which Node joins with ", ").
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && KEY_PATTERN.test(value)) return value;
  throw badRequest('validation', 'The Idempotency-Key header is not a valid key.', [
    {
      field: IDEMPOTENCY_KEY_HEADER,
      message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`,
    },
  ]);
}
