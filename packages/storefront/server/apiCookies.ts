import { SESSION_COOKIE, XSRF_COOKIE } from '@lp/sdk/contract';

const API_COOKIES = new Set<string>([SESSION_COOKIE, XSRF_COOKIE]);

/**
 * The API's own cookies (account session, anti-forgery token) of a `Cookie` header, or undefined when it has none.
 * The storefront's /api proxy forwards only these: the shop's other cookies (the consent choice, analytics) are
 * none of the API's business.
 *
 * @example
 * onlyApiCookies('lp_consent=v1.s1.m1.t1; XSRF-TOKEN=abc; _ga=GA1'); // 'XSRF-TOKEN=abc'
 */
export function onlyApiCookies(header: string | readonly string[] | undefined): string | undefined {
  if (!header) return undefined;
  const kept = (typeof header === 'string' ? header : header.join('; '))
    .split(';')
    .map((part) => part.trim())
    .filter((part) => API_COOKIES.has(part.slice(0, part.indexOf('=')).trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}
