import type { SearchData } from './searchLoader';

/**
 * The results heading and the page title's start (seo/routeHeads.ts): the query, as text, in German quotation marks.
 *
 * @example
 * searchHeading({ query: 'fussball' }); // 'Suchergebnisse für „fussball“'
 */
export const searchHeading = ({ query, problem }: Pick<SearchData, 'query' | 'problem'>) =>
  problem === 'empty' ? 'Suche' : `Suchergebnisse für „${query}“`;
