import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSENT_ENDPOINT,
  CONSENT_VERSION,
  type ConsentChoice,
  consentSetCookie,
} from '../src/features/consent/consentCookie';

/** Largest form body accepted (three fields and a return path). */
const MAX_BODY = 4096;
const MAX_RETURN = 2048;

export interface ConsentRouteOptions {
  /** Mark the cookie Secure (the shop is served over https). */
  secure: boolean;
  /** The shop's public origin (config.siteUrl), accepted besides the request's own host. */
  siteOrigin?: string;
  now?: () => Date;
}

/**
 * POST /consent: the consent banner's buttons without script. Sets the consent cookie from the form
 * (`choice` = necessary | selection | all, `statistics`/`marketing` for a selection) and sends the shopper back
 * to the page they were on (`return`, a path of this shop) with 303. Only forms of the shop itself are accepted
 * (Sec-Fetch-Site, else Origin, else Referer): another site must not be able to give consent in the shopper's
 * name. The form is parsed by @fastify/formbody with a body limit.
 */
export async function consentRoute(app: FastifyInstance, options: ConsentRouteOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  await app.register(formbody, { bodyLimit: MAX_BODY });
  app.route({
    method: 'POST',
    url: CONSENT_ENDPOINT,
    bodyLimit: MAX_BODY,
    // Before the body is read: a foreign form or a wrong type is refused without parsing anything.
    onRequest: async (request, reply) => {
      if (!sameOrigin(request, options.siteOrigin)) {
        return text(reply, 403, 'Anfrage von einer fremden Seite abgelehnt.');
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/x-www-form-urlencoded') {
        return text(reply, 415, 'Formular erwartet (application/x-www-form-urlencoded).');
      }
    },
    errorHandler: (error: { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) {
        return text(reply.header('connection', 'close'), 413, 'Anfrage zu groß.');
      }
      return text(reply, 400, 'Ungültige Auswahl.');
    },
    handler: async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const choice = choiceFrom(form);
      if (!choice) return text(reply, 400, 'Ungültige Auswahl.');
      const cookie = consentSetCookie(
        { version: CONSENT_VERSION, necessary: true, ...choice, decidedAt: now().toISOString() },
        { secure: options.secure },
      );
      return reply
        .code(303)
        .header('location', safeReturnPath(field(form, 'return')))
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .send();
    },
  });
  // Other methods on the form's address (a GET from a bookmark, a crawler).
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: CONSENT_ENDPOINT,
    exposeHeadRoute: false,
    handler: async (_request, reply) => text(reply.header('allow', 'POST'), 405, 'Methode nicht erlaubt'),
  });
}

/** One field of a parsed form: its first value when repeated, '' when missing or not text. */
function field(form: Record<string, unknown>, name: string): string {
  const value = Object.hasOwn(form, name) ? form[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The decision a parsed form states, or null when it states none. */
export function choiceFrom(form: unknown): ConsentChoice | null {
  if (typeof form !== 'object' || form === null) return null;
  const fields = form as Record<string, unknown>;
  const ticked = (name: string) => ['1', 'on', 'true'].includes(field(fields, name));
  switch (field(fields, 'choice')) {
    case 'all':
      return { statistics: true, marketing: true };
    case 'necessary':
      return { statistics: false, marketing: false };
    case 'selection':
      return { statistics: ticked('statistics'), marketing: ticked('marketing') };
    default:
      return null;
  }
}

/** Starts like another host: `//host` and `/\host` (browsers read the backslash as a slash). */
const looksLikeHost = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/**
 * A path of this shop to go back to. Only same-origin relative paths count, judged after normalisation: dot
 * segments can turn `/.//evil.example` or `/a/..//x` into `//evil.example`, which a browser follows to another
 * host, so the normalised path (and its percent-decoded form) must not start with `//` or `/\`. Anything else
 * (other hosts, control characters, backslashes, junk, huge values) goes to the home page.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN || !value.startsWith('/')) return '/';
  // Control characters (the URL parser drops tabs and newlines silently) and backslashes (read as slashes).
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return '/';
  }
  const base = 'http://shop.invalid';
  let url: URL;
  let decoded: string;
  try {
    url = new URL(value, base);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  if (url.origin !== base || looksLikeHost(url.pathname) || looksLikeHost(decoded)) return '/';
  return `${url.pathname}${url.search}`;
}

function sameOrigin(request: FastifyRequest, siteOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const source = request.headers.origin ?? request.headers.referer;
  if (typeof source !== 'string') return false;
  let from: URL;
  try {
    from = new URL(source);
  } catch {
    return false;
  }
  if (siteOrigin && from.origin === siteOrigin) return true;
  return typeof request.headers.host === 'string' && from.host === request.headers.host;
}

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}
