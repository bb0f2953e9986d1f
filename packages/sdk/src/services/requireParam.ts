import { LpError, nullParameterError } from '../errors';

/**
 * spec 5: service-layer checks. Missing values (null, undefined, blank text, NaN) raise 'The parameter X cannot
 * be null.'; values of another type than text or number raise 'The parameter X is invalid.'
 */
export function requireText(name: string, value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? `${value}`.trim() : (value ?? '');
  if (typeof text !== 'string') throw invalidParameter(name);
  if (!text || text === 'NaN') throw nullParameterError(name);
  return text;
}

/** Like {@link requireText} for numbers: a finite number or a text holding one. */
export function requireNumber(name: string, value: unknown): number {
  const number = +requireText(name, value);
  if (!Number.isFinite(number)) throw invalidParameter(name);
  return number;
}

/**
 * Like {@link requireText} for text written into the URL's path: a lone surrogate (half of an emoji, cut text) is
 * invalid too, as encodeURIComponent would throw a URIError on it. Also for the optional query text of
 * `orders.designs` (session 23): URLSearchParams would send the half as U+FFFD, another text than the caller's. Elsewhere the API answers one (a body's field is
 * named in its validation error, which `sdk.checkout.placeOrder` hands on as the `invalid` outcome).
 */
export function requirePathText(name: string, value: unknown): string {
  const text = requireText(name, value);
  if (/\p{Cs}/u.test(text)) throw invalidParameter(name);
  return text;
}

/** A JSON body must be a plain object. */
export function requireObject<T>(name: string, value: T): T {
  if (value == null) throw nullParameterError(name);
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter(name);
  return value;
}

/** 'The parameter X is invalid.' for values of the wrong type or beyond a limit. */
export const invalidParameter = (name: string): LpError =>
  new LpError('invalidParameter', `The parameter ${name} is invalid.`);
