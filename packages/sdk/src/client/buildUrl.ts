/** Query values; arrays repeat the key (spec 3: `Statuses` is repeatable); null and undefined are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

/**
 * Joins base URL, path and query. A path that is already absolute (`https://...`, `//host`) ignores the base URL.
 *
 * @example
 * buildUrl('http://127.0.0.1:4000/', '/api/Coupon/validate', { code: 'A B', companyId: 1001 });
 * // 'http://127.0.0.1:4000/api/Coupon/validate?code=A+B&companyId=1001'
 */
export function buildUrl(baseUrl: string, path: string, query?: Query | null): string {
  const params = new URLSearchParams();
  // Spread: a plain-JavaScript caller's `query: null` means no query, as undefined does.
  for (const [key, value] of Object.entries({ ...query })) {
    // An array's items each repeat the key; null and undefined (as []) add nothing.
    for (const item of [value ?? []].flat()) params.append(key, String(item));
  }
  const search = `${params}`;
  const url = (isRelativeUrl(path) ? baseUrl.replace(/\/+$/, '') : '') + path;
  return search ? url + (url.includes('?') ? '&' : '?') + search : url;
}

/** True when the URL has no scheme and no host, i.e. goes to the page's own origin. */
export const isRelativeUrl = (url: string): boolean => !/^([a-z]+:|\/\/)/i.test(url);
