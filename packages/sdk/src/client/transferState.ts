/**
 * Server-rendered GET answers (spec 7, DESIGN 5): a plain object, as parsed from the JSON the server embeds in
 * the page, keyed by {@link transferStateKey}.
 */
export type TransferState = Record<string, unknown>;

/**
 * The key of a transferred answer: the method (upper case, as the client sends it), one space, the full request URL including the base URL
 * and query, e.g. `GET http://127.0.0.1:4000/api/v1/business/get?alias=lp-de`.
 *
 * @example
 * transferState[transferStateKey('GET', url)] = body;
 */
export const transferStateKey = (method: string, url: string): string => `${method} ${url}`;
