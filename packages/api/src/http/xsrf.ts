import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, headers } from '@lp/sdk/contract';
import { ApiError } from './ApiError';

declare module 'fastify' {
  interface FastifyRequest {
    /** The anti-forgery token of this browser: from its cookie, or freshly issued with this response. */
    xsrfToken: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Hidden field name the sandbox payment forms use (plain HTML forms cannot set headers). */
export const XSRF_FORM_FIELD = '_xsrf';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function presented(request: FastifyRequest): string | undefined {
  const header = request.headers[headers.xsrf.toLowerCase()];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | undefined;
  const field = body && typeof body === 'object' ? body[XSRF_FORM_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/**
 * DESIGN 2 anti-forgery (double-submit cookie): every response carries a readable `XSRF-TOKEN` cookie; a
 * mutation that carries any cookie must echo it in `X-XSRF-TOKEN`, else 403. Callers without cookies (Node SDK,
 * dealer sites on other origins, which send no credentials) are not ambient-authenticated and pass: they name
 * their cart by its guid.
 */
export function installXsrf(app: FastifyInstance, publicUrl: string | undefined): void {
  const httpsOnly = publicUrl?.startsWith('https:') ?? false;
  app.decorateRequest('xsrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (cookie && /^[A-Za-z0-9_-]{16,128}$/.test(cookie)) {
      request.xsrfToken = cookie;
      return;
    }
    request.xsrfToken = randomBytes(24).toString('base64url');
    void reply.setCookie(XSRF_COOKIE, request.xsrfToken, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: httpsOnly || request.protocol === 'https',
    });
  });
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const token = presented(request);
    if (!cookie || !token || !same(cookie, token)) {
      throw new ApiError(
        403,
        'Missing or invalid anti-forgery token: send header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.',
      );
    }
  });
}
