import type { FastifyServerOptions } from 'fastify';
import { networkOf } from '../limits/clientAddress';
import { redactUrl } from './redactUrl';

/**
 * A request as its log lines show it (`incoming request` with LOG=1, and any error line naming the request):
 * method, URL with order guids cut (redactUrl.ts) and the client's network, not the client: an IPv4 address cut to
 * its /24, an IPv6 one to its /48, as German practice shortens addresses that are kept (enough to see that abuse
 * comes from one network; the full address is no one's business once the request is answered). The rate limits
 * count full addresses (limits/clientAddress.ts); they never read the log. No port, headers, cookies or body.
 */
export function serializeRequest(request: { method: string; url: string; ip?: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip === undefined ? undefined : networkOf(request.ip, 24, 48),
  };
}

/** The API's logger options: whatever the caller gave, with the request lines of {@link serializeRequest}. */
export function withRequestLog(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
