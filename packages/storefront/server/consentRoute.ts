import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONSENT_VERSION, type ConsentChoice, consentSetCookie } from '../src/features/consent/consentCookie';

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
 * name.
 */
export function createConsentRoute(options: ConsentRouteOptions) {
  const now = options.now ?? (() => new Date());
  return async function consentRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return reply(res, 405, 'Methode nicht erlaubt', { Allow: 'POST' });
    if (!sameOrigin(req, options.siteOrigin)) {
      req.resume();
      return reply(res, 403, 'Anfrage von einer fremden Seite abgelehnt.');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      req.resume();
      return reply(res, 415, 'Formular erwartet (application/x-www-form-urlencoded).');
    }
    const body = await readBody(req, MAX_BODY);
    if (body === null) return reply(res, 413, 'Anfrage zu groß.', { Connection: 'close' });
    const form = new URLSearchParams(body);
    const choice = choiceFrom(form);
    if (!choice) return reply(res, 400, 'Ungültige Auswahl.');
    const cookie = consentSetCookie(
      { version: CONSENT_VERSION, necessary: true, ...choice, decidedAt: now().toISOString() },
      { secure: options.secure },
    );
    res.writeHead(303, {
      Location: safeReturnPath(form.get('return')),
      'Set-Cookie': cookie,
      'Cache-Control': 'no-store',
      'Content-Length': 0,
    });
    res.end();
  };
}

/** The decision a form states, or null when it states none. */
export function choiceFrom(form: URLSearchParams): ConsentChoice | null {
  const ticked = (name: string) => ['1', 'on', 'true'].includes(form.get(name) ?? '');
  switch (form.get('choice')) {
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

/** A path of this shop to go back to; anything else (other hosts, `//x`, `/\x`, junk) goes to the home page. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN || !value.startsWith('/')) return '/';
  // Control characters and backslashes: browsers read `/\evil.example` as another host.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return '/';
  }
  const base = 'http://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}`;
}

function sameOrigin(req: IncomingMessage, siteOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const source = req.headers.origin ?? req.headers.referer;
  if (typeof source !== 'string') return false;
  let from: URL;
  try {
    from = new URL(source);
  } catch {
    return false;
  }
  if (siteOrigin && from.origin === siteOrigin) return true;
  return typeof req.headers.host === 'string' && from.host === req.headers.host;
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
