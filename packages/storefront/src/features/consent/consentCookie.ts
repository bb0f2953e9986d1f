// The shopper's consent choice as a first-party cookie: the source of truth the server reads to decide whether the
// banner belongs in the page's HTML (a first-time visitor sees it before any script runs, a returning one never
// sees it flash). Strictly necessary: it stores the decision about the other categories, nothing else.

import { readCookie } from '../../app/readCookie';

/** Cookie name. */
export const CONSENT_COOKIE = 'lp_consent';
/** About 12 months: the decision is asked again a year after it was made (not extended by visits). */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Bump when the categories change: an older stored choice is asked again. */
export const CONSENT_VERSION = 1;
/** The storefront endpoint the banner's buttons post to when no script runs (server/consentRoute.ts). */
export const CONSENT_ENDPOINT = '/consent';

/** The shopper's choice; 'necessary' is always on (it is not a choice). */
export interface ConsentChoice {
  statistics: boolean;
  marketing: boolean;
}

/** A decision with its version and time, as the cookie and localStorage keep it. */
export interface StoredConsent extends ConsentChoice {
  version: number;
  necessary: true;
  /** ISO time of the decision. */
  decidedAt: string;
}

// `v1.s0.m1.t1763719200`: version, statistics, marketing, decision time in seconds. Only cookie-octets (RFC 6265),
// so no quoting or encoding, and short enough to ride on every request.
const VALUE = /^v(\d{1,6})\.s([01])\.m([01])\.t(\d{1,12})$/;

/** The cookie value of a decision. */
export function formatConsentValue(stored: StoredConsent): string {
  const seconds = Math.max(0, Math.floor(Date.parse(stored.decidedAt) / 1000) || 0);
  return `v${stored.version}.s${stored.statistics ? 1 : 0}.m${stored.marketing ? 1 : 0}.t${seconds}`;
}

/** Parses a cookie value; anything malformed or of another version counts as no decision (null). */
export function parseConsentValue(value: unknown): StoredConsent | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const match = VALUE.exec(value);
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return {
    version: CONSENT_VERSION,
    necessary: true,
    statistics: match[2] === '1',
    marketing: match[3] === '1',
    decidedAt: new Date(Number(match[4]) * 1000).toISOString(),
  };
}

/**
 * The decision in a `Cookie` header (or `document.cookie`), or null. The first valid `lp_consent` wins.
 *
 * @example
 * readConsentCookie('a=1; lp_consent=v1.s0.m1.t1763719200'); // { statistics: false, marketing: true, ... }
 */
export function readConsentCookie(header: unknown): StoredConsent | null {
  return readCookie(header, CONSENT_COOKIE, parseConsentValue);
}

/** Only the consent cookie of a `Cookie` header (the render gets nothing else of the shopper's cookies). */
export function consentCookiePair(header: unknown): string {
  const stored = readConsentCookie(header);
  return stored ? `${CONSENT_COOKIE}=${formatConsentValue(stored)}` : '';
}

/**
 * The `Set-Cookie` / `document.cookie` string for a decision: path /, about 12 months, SameSite=Lax (sent on
 * top-level navigations from other sites, so a shopper arriving by a link gets no banner again), Secure on https.
 * Not HttpOnly: the page's script reads and writes it too.
 */
export function consentSetCookie(stored: StoredConsent, options: { secure?: boolean } = {}): string {
  return `${CONSENT_COOKIE}=${formatConsentValue(stored)}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax${
    options.secure ? '; Secure' : ''
  }`;
}
