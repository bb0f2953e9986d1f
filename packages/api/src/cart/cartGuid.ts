import { headers } from '@lp/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/ApiError';
import { UUID_PATTERN } from '../http/schemas';

/** The CartGuid header (DESIGN 2): undefined when absent or empty, 400 when it is not a guid. */
export function cartGuidOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[headers.cartGuid.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value || value === 'null' || value === 'undefined') return undefined;
  if (!UUID_PATTERN.test(value)) {
    throw badRequest('cart-guid-invalid', 'The CartGuid header is not a valid cart id.', [
      { field: 'CartGuid', message: 'must be a guid' },
    ]);
  }
  return value.toLowerCase();
}
