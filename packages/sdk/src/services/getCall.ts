import type { Query } from '../client/buildUrl';
import type { LpClient } from '../client/createClient';
import { requireNumber, requireText } from './requireParam';

/**
 * Builds a GET call whose arguments become checked query parameters, in order (spec 5 checks). A name ending in
 * `#` is a number, others are text (no names: no arguments); `fixed` adds constant parameters. Keeps the thin
 * services thin.
 *
 * @example
 * const page = getCall<[alias: string, companyId: number], Article>(client, contentPaths.page, ['alias', 'companyId#']);
 */
export const getCall =
  <A extends unknown[], R>(client: LpClient, path: string, names?: string[], fixed?: Query) =>
  async (...args: A): Promise<R> => {
    const query: Query = {};
    names?.forEach((name, index) => {
      const key = name.replace('#', '');
      query[key] = key === name ? requireText(key, args[index]) : requireNumber(key, args[index]);
    });
    return client.request<R>('GET', path, { query: { ...query, ...fixed } });
  };
