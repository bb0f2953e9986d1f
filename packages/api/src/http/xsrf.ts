import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE, headers } from '@lp/sdk/contract';
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

const TOKEN_BYTES = 24;
/** Random bytes for 256 tokens at a time (DESIGN 7: one CSPRNG call per 256 new visitors, not per response). */
let pool = Buffer.alloc(0);
let used = 0;

/** A fresh token; each comes from its own, never reused, bytes of the CSPRNG (as Node's randomUUID pools them). */
function newToken(): string {
  if (used + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

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
 * Whether a request carries this API's own cookies: the account session (ambient authority) or the anti-forgery
 * token of an earlier answer. Other cookies of the shop's origin (the consent choice, analytics) grant nothing and
 * must not lock a shopper out of a first add that comes before any answer set a token.
 */
function carriesApiCookies(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined || request.cookies[XSRF_COOKIE] !== undefined;
}

/**
 * DESIGN 2 anti-forgery (double-submit cookie): every response carries a readable `XSRF-TOKEN` cookie; a
 * mutation that carries the API's cookies (session or token) must echo the token in `X-XSRF-TOKEN`, else 403.
 * Callers without them (Node SDK, dealer sites on other origins, which send no credentials, a first visit) are not
 * ambient-authenticated and pass: they name their cart by its guid.
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
    request.xsrfToken = newToken();
    void reply.setCookie(XSRF_COOKIE, request.xsrfToken, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: httpsOnly || request.protocol === 'https',
    });
  });
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method) || !carriesApiCookies(request)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const token = presented(request);
    if (!cookie || !token || !same(cookie, token)) {
      throw new ApiError(
        403,
        'forbidden-xsrf',
        'Missing or invalid anti-forgery token: send header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.',
      );
    }
  });
}
