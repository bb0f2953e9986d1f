import type { LpClient } from '../client/createClient';
import type { Article, ArticleSummary } from '../contract/entities';
import { contentPaths as path } from '../contract/paths';
import { getCall } from './getCall';

export type ContentService = ReturnType<typeof createContentService>;

/**
 * Article calls of spec 7 (information pages and blog).
 *
 * @example
 * const content = createContentService(client);
 * const page = await content.page('impressum', 1001);
 */
export function createContentService(client: LpClient) {
  return {
    /** @example await sdk.content.articles(1001); */
    articles: getCall<[companyId: number], ArticleSummary[]>(client, path.articles, ['companyId#']),
    /** spec 7: alias then company id. @example await sdk.content.page('agb', 1001); */
    page: getCall<[alias: string, companyId: number], Article>(client, path.page, ['alias', 'companyId#']),
  };
}
