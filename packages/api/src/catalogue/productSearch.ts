import type { Product } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
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
 * not a letter or digit (spaces, hyphens, slashes, quotes, `%`); a query of signs only has none.
 *
 * @example
 * searchTerms('Kfz-Kennzeichen  FUSSBALL'); // ['kfz', 'kennzeichen', 'fusball']
 */
export function searchTerms(query: string): string[] {
  const terms = query
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldText)
    .filter(Boolean);
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
 * A word's spellings for the second try: the word itself, then each split into two parts of at least 4 letters
 * ('parkschild' → 'parkschild;park,schild;parks,child;parksc,hild'), `;` between alternatives and `,` between a
 * split's parts (folded words hold neither).
 */
export function splitAlternatives(term: string): string {
  const splits: string[] = [term];
  for (let at = SPLIT_PART_MIN; term.length >= SPLIT_FROM && at <= term.length - SPLIT_PART_MIN; at++)
    splits.push(`${term.slice(0, at)},${term.slice(at)}`);
  return splits.join(';');
}

/** A product filed under one of the term's categories (`t.categories`, ',1,2,'); none when the term names none. */
const IN_TERM_CATEGORIES = `t.categories <> ',,' AND EXISTS (
  SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref
   WHERE strpos(t.categories, ',' || (ref->>'UniqueId') || ',') > 0)`;

/** Every term (`$2`) is in the product's search text or names one of its categories (`$3`). */
const HOLDS_ALL = `NOT EXISTS (
  SELECT 1 FROM unnest($2::text[], $3::text[]) AS t(term, categories)
   WHERE strpos(p.search_text, t.term) = 0 AND NOT (${IN_TERM_CATEGORIES}))`;

/** The second try: every term holds one of its alternatives ({@link splitAlternatives}) with all its parts. */
const HOLDS_ALL_SPLIT = `NOT EXISTS (
  SELECT 1 FROM unnest($2::text[], $3::text[]) AS t(term, categories)
   WHERE NOT EXISTS (
       SELECT 1 FROM unnest(string_to_array(t.term, ';')) AS alternative(parts)
        WHERE NOT EXISTS (SELECT 1 FROM unnest(string_to_array(alternative.parts, ',')) AS part(text)
                           WHERE strpos(p.search_text, part.text) = 0))
     AND NOT (${IN_TERM_CATEGORIES}))`;

/**
 * One page of the shown products (the same rule as `getproducts`: nothing only in the hidden category) that hold
 * every term, each in their folded name, title or description (`products.search_text`, migration 030) or in the
 * name of a category they are filed under (not the hidden one): first those whose name holds them all, then the
 * others, each in catalogue order (position, then product code, so pages never overlap), and how many there are.
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
  // holds it (',1,2,'), so a product filed under "Zubehör" is found by "zubehor" without a join per product.
  const categories = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM categories WHERE company_id = $1 AND id NOT IN ${HIDDEN_IDS}`,
    [companyId],
  );
  const folded = categories.map((c) => ({ id: c.id, name: foldText(c.name) }));
  const inCategories = terms.map(
    (term) =>
      `,${folded
        .filter((c) => c.name.includes(term))
        .map((c) => c.id)
        .join(',')},`,
  );
  const found = await pageOf(db, HOLDS_ALL, [companyId, terms, inCategories], offset, limit);
  if (found.total > 0 || !terms.some((term) => term.length >= SPLIT_FROM)) return found;
  return pageOf(db, HOLDS_ALL_SPLIT, [companyId, terms.map(splitAlternatives), inCategories], offset, limit);
}

/** The page and total of the shown products matching `holds` (terms `$2`, categories `$3`). */
async function pageOf(
  db: Queryable,
  holds: string,
  params: [number, string[], string[]],
  offset: number,
  limit: number,
): Promise<{ items: Product[]; total: number }> {
  const where = `p.company_id = $1 AND ${SHOWN_PRODUCT} AND ${holds}`;
  // The name ranks by the whole word (an alternatives list starts with it).
  const rows = await db.query<{ data: Product; total: number }>(
    `SELECT p.data, count(*) OVER ()::int AS total FROM products p WHERE ${where}
      ORDER BY (SELECT bool_and(strpos(split_part(p.search_text, '|', 1), split_part(term, ';', 1)) > 0)
                  FROM unnest($2::text[]) AS term) DESC, p.position, p.unique_id
      LIMIT $4 OFFSET $5`,
    [...params, limit, offset],
  );
  if (rows.length > 0 || offset === 0) return { items: rows.map((r) => r.data), total: rows[0]?.total ?? 0 };
  // A page past the last: the window count has no row to ride on.
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM products p WHERE ${where}`,
    params,
  );
  return { items: [], total: count?.n ?? 0 };
}
