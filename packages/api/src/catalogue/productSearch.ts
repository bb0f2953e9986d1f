import type { Product } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { FEW_HITS, WORD_BREAK, suggestQuery, synonymsOf } from './searchWords';
import { HIDDEN_IDS, SHOWN_PRODUCT } from './shownProduct';

/**
 * Session 18: the shop's product search. A query and the products' texts are compared in one folded spelling, so a
 * German shopper finds what they mean however they type it:
 * - letter case does not count, umlauts and accents fold to their base letter and `ß` to `ss`, and the spellings
 *   `ae`, `oe`, `ue` fold like `ä`, `ö`, `ü` (so "fussball", "Fußball" and "FUSSBALL" are one word, as are "Grüße",
 *   "gruesse" and "grusse");
 * - everything but letters and digits is left out (spaces, hyphens, `×`): "kfz kennzeichen", "kfz-kennzeichen" and
 *   "kfzkennzeichen" all find "Kfz-Kennzeichen", "520x110" finds "520 × 110 mm";
 * - a query of several words finds the products that hold every word (AND), each anywhere in the name, title,
 *   category names or description (without its markup).
 * The query's words are compared as plain text (`strpos`), never as a LIKE or regular-expression pattern: `%`, `_`
 * and `\` match nothing but themselves, and fold away like every other sign.
 */

/** Single letters that fold to another (both cases: PostgreSQL's `lower` lowers only ASCII under the C locale). */
const LETTER_FOLDS: Record<string, string> = {
  ä: 'a',
  ö: 'o',
  ü: 'u',
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  å: 'a',
  ç: 'c',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ñ: 'n',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ø: 'o',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ý: 'y',
  ÿ: 'y',
  '×': 'x',
};
const FROM = Object.keys(LETTER_FOLDS).join('');
const TO = Object.values(LETTER_FOLDS).join('');
const FROM_BOTH = FROM + FROM.toUpperCase().replace('×', '');
const TO_BOTH = TO + TO.replace('x', '');
/** Folds of several letters, in this order, after the single letters. */
const SEQUENCE_FOLDS: [string, string][] = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['ae', 'a'],
  ['oe', 'o'],
  ['ue', 'u'],
];

/** The longest query in characters (the contract's `q`). */
export const SEARCH_QUERY_MAX = 100;
/** The fewest letters and digits a query must hold: one letter would list almost the whole shop. */
export const SEARCH_QUERY_MIN_FOLDED = 2;
/** More words than this add nothing a shopper means (100 characters). */
const MAX_TERMS = 12;

/** One text in the search's folded spelling (the same as {@link foldSql} computes in the database). */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFC').toLowerCase()) {
    const index = FROM_BOTH.indexOf(char);
    folded += index >= 0 ? TO_BOTH[index] : char;
  }
  for (const [from, to] of SEQUENCE_FOLDS) folded = folded.replaceAll(from, to);
  return folded.replace(/[^a-z0-9]+/g, '');
}

/**
 * The query's words, folded, without repeats: what a product must all hold. Words are split at everything that is
 * not a letter or digit (spaces, hyphens, slashes, quotes, `%`); a query of signs only has none. A letter typed as
 * base letter and combining mark ("o" + U+0308) stays one letter of its word ({@link WORD_BREAK}), and full-width
 * letters and digits (an East Asian keyboard's "ＫＥＮＮＺＥＩＣＨＥＮ") are the plain ones (NFKC).
 *
 * @example
 * searchTerms('Kfz-Kennzeichen  FUSSBALL'); // ['kfz', 'kennzeichen', 'fusball']
 */
export function searchTerms(query: string): string[] {
  const terms = query.normalize('NFKC').split(WORD_BREAK).map(foldText).filter(Boolean);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/** The SQL of {@link foldText} over the text expression `expr`. */
export function foldSql(expr: string): string {
  let sql = `translate(lower(${expr}), '${FROM_BOTH}', '${TO_BOTH}')`;
  for (const [from, to] of SEQUENCE_FOLDS) sql = `replace(${sql}, '${from}', '${to}')`;
  return `regexp_replace(${sql}, '[^a-z0-9]+', '', 'g')`;
}

/** A word at least this long that finds nothing is also tried as two parts (German compounds, see below). */
const SPLIT_FROM = 8;
/** The shortest part of such a split: shorter parts ("sc", "hil") are in almost every text. */
const SPLIT_PART_MIN = 4;
/**
 * Longer words are not split: a shortened compound ("parkschild") is short, and every split costs a scan of every
 * shown product's text. A query of one 100-letter word had 93 splits: 0.4 s per search on PostgreSQL and 2 s on
 * PGlite at 5,000 products, which held every other request of the embedded database behind it (session 19).
 */
const SPLIT_UP_TO = 20;
/** The most splits one query tries in all (twelve 20-letter words would be 156). */
const MAX_SPLITS = 24;

/** Whether a word that finds nothing is tried again as two parts. */
const splittable = (term: string) => term.length >= SPLIT_FROM && term.length <= SPLIT_UP_TO;

/**
 * A word's spellings for the second try: the word itself, then each split into two parts of at least 4 letters
 * ('parkschild' → 'parkschild;park,schild;parks,child;parksc,hild'), `;` between alternatives and `,` between a
 * split's parts (folded words hold neither). A word shorter than 8 or longer than 20 letters is not split.
 */
export function splitAlternatives(term: string): string {
  const splits: string[] = [term];
  for (let at = SPLIT_PART_MIN; splittable(term) && at <= term.length - SPLIT_PART_MIN; at++)
    splits.push(`${term.slice(0, at)},${term.slice(at)}`);
  return splits.join(';');
}

/** A product filed under one of the term's categories (`t.categories`, ',1,2,'); none when the term names none. */
const IN_TERM_CATEGORIES = `t.categories <> ',,' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref
   WHERE strpos(t.categories, ',' || (ref->>'UniqueId') || ',') > 0)`;

/**
 * The second try: every term (`$2`: its spellings, `;` between them) holds one of its spellings with all its parts
 * (`,` between them): the word or a synonym's rewrite ({@link synonymsOf}), or a split ({@link splitAlternatives}).
 */
const HOLDS_ALL_SPLIT = `NOT EXISTS (
  SELECT 1 FROM unnest($2::text[], $3::text[]) AS t(term, categories)
   WHERE NOT EXISTS (
       SELECT 1 FROM unnest(string_to_array(t.term, ';')) AS alternative(parts)
        WHERE NOT EXISTS (SELECT 1 FROM unnest(string_to_array(alternative.parts, ',')) AS part(text)
                           WHERE strpos(p.search_text, part.text) = 0))
     AND NOT (${IN_TERM_CATEGORIES}))`;
/** The second try's ranking: the name holds a whole spelling (no split) of every term. */
const NAME_HOLDS_SPLIT = `(SELECT bool_and(EXISTS (
    SELECT 1 FROM unnest(string_to_array(term, ';')) AS spelling
     WHERE strpos(spelling, ',') = 0 AND strpos(split_part(p.search_text, '|', 1), spelling) > 0))
    FROM unnest($2::text[]) AS term)`;

/**
 * The first try, as SQL made of the terms' count only (never of their text, which is in parameters): every term
 * `i` is in the product's search text in one of its spellings (the word, or a synonym's rewrite: `$2` holds them all,
 * `spellings[i]` says which) or names one of its categories (`$3[i]`); and the same for the name (ranking).
 */
function exactConditions(spellings: string[][]): { holds: string; nameHolds: string } {
  let next = 1;
  const indexes = spellings.map((words) => words.map(() => next++));
  const holds = indexes.map(
    (own, i) => `(${own.map((k) => `strpos(p.search_text, ($2::text[])[${k}]) > 0`).join(' OR ')}
      OR (($3::text[])[${i + 1}] <> ',,' AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref
            WHERE strpos(($3::text[])[${i + 1}], ',' || (ref->>'UniqueId') || ',') > 0)))`,
  );
  const nameHolds = indexes.map(
    (own) =>
      `(${own.map((k) => `strpos(split_part(p.search_text, '|', 1), ($2::text[])[${k}]) > 0`).join(' OR ')})`,
  );
  return { holds: holds.join(' AND '), nameHolds: nameHolds.join(' AND ') };
}

/**
 * One page of the shown products (the same rule as `getproducts`: nothing only in the hidden category) that hold
 * every term, each in their folded name, title or description (`products.search_text`, migration 030) or in the
 * name of a category they are filed under (not the hidden one): first those whose name holds the query's words
 * joined ("e kennzeichen" → "E-Kennzeichen"), then those whose name holds them all, then the others, each in
 * catalogue order (position, then product code, so pages never overlap), and how many there are. A word is also
 * found by its synonyms ({@link synonymsOf}: "nummernschild" finds what "kennzeichen" finds).
 * When that finds nothing and a word is long, a second try lets such a word be found as two parts anywhere in the
 * texts: German shoppers shorten compounds ("parkschild" finds "Parkplatzschild", as "park" and "schild").
 */
export async function searchProducts(
  db: Queryable,
  companyId: number,
  terms: string[],
  offset: number,
  limit: number,
): Promise<{ items: Product[]; total: number }> {
  // A shop has tens of categories: their names are folded here, and each term carries the ids of those whose name
  // holds it or one of its synonyms (',1,2,'), so a product filed under "Zubehör" is found by "zubehor" without a
  // join per product.
  const categories = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM categories WHERE company_id = $1 AND id NOT IN ${HIDDEN_IDS}`,
    [companyId],
  );
  const folded = categories.map((c) => ({ id: c.id, name: foldText(c.name) }));
  const spellings = terms.map(synonymsOf);
  const inCategories = spellings.map(
    (words) =>
      `,${folded
        .filter((c) => words.some((word) => c.name.includes(word)))
        .map((c) => c.id)
        .join(',')},`,
  );
  const joined = terms.join('');
  const exact = exactConditions(spellings);
  const found = await pageOf(
    db,
    exact.holds,
    exact.nameHolds,
    [companyId, spellings.flat(), inCategories],
    joined,
    {
      offset,
      limit,
    },
  );
  if (found.total > 0 || !terms.some(splittable)) return found;
  let splitsLeft = MAX_SPLITS;
  const splits = spellings.map((words) => {
    const own = splitAlternatives(words[0] ?? '')
      .split(';')
      .slice(1, 1 + splitsLeft);
    splitsLeft -= own.length;
    return [...words, ...own];
  });
  return pageOf(
    db,
    HOLDS_ALL_SPLIT,
    NAME_HOLDS_SPLIT,
    [companyId, splits.map((words) => words.join(';')), inCategories],
    joined,
    { offset, limit },
  );
}

/**
 * Session 19, "Meinten Sie …?": for a search that finds {@link FEW_HITS} products or fewer, the query with its typos
 * corrected to the catalogue's words (searchWords.ts `suggestQuery`), when that finds more products; else nothing.
 * The results stay those of the query as typed: a shopper's words are never replaced behind their back.
 */
export async function suggestionFor(
  db: Queryable,
  companyId: number,
  query: string,
  total: number,
): Promise<string | undefined> {
  if (total > FEW_HITS) return undefined;
  const suggestion = await suggestQuery(db, companyId, query, foldText);
  if (!suggestion) return undefined;
  const better = await searchProducts(db, companyId, searchTerms(suggestion), 0, 0);
  return better.total > total ? suggestion : undefined;
}

/**
 * The page and total of the shown products matching `holds` (terms `$2`, categories `$3`), those whose name holds
 * the joined words (`$6`) first, then those matching `nameHolds`.
 */
async function pageOf(
  db: Queryable,
  holds: string,
  nameHolds: string,
  params: [number, string[], string[]],
  joined: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: Product[]; total: number }> {
  const where = `p.company_id = $1 AND ${SHOWN_PRODUCT} AND ${holds}`;
  if (limit === 0) return { items: [], total: await countOf(db, where, params) };
  const rows = await db.query<{ data: Product; total: number }>(
    `SELECT p.data, count(*) OVER ()::int AS total FROM products p WHERE ${where}
      ORDER BY strpos(split_part(p.search_text, '|', 1), $6) > 0 DESC, ${nameHolds} DESC, p.position, p.unique_id
      LIMIT $4 OFFSET $5`,
    [...params, limit, offset, joined],
  );
  if (rows.length > 0 || offset === 0) return { items: rows.map((r) => r.data), total: rows[0]?.total ?? 0 };
  // A page past the last: the window count has no row to ride on.
  return { items: [], total: await countOf(db, where, params) };
}

/** How many products match `where` (no ranking, no page). */
async function countOf(db: Queryable, where: string, params: [number, string[], string[]]): Promise<number> {
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    params,
  );
  return count?.n ?? 0;
}
