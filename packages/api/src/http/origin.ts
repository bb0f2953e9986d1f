import type { FastifyRequest } from 'fastify';

/** The API's own public origin: PUBLIC_URL when configured, else the origin the request came to. */
export function apiOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}
