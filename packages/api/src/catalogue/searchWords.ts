import type { Queryable } from '../db/Db';
import { HIDDEN_IDS, SHOWN_PRODUCT } from './shownProduct';

/**
 * Session 19: the words a German shopper uses that the shop's texts do not hold, and "Meinten Sie …?" for typos.
 *
 * Synonyms: each entry turns a folded word (productSearch.ts `foldText`) into the word the shop's texts use, also
 * inside a compound ("nummernschildhalter" → "kennzeichenhalter"). A product is found by the word as typed or by
 * any rewrite. Only words a shopper of a licence-plate shop really types for what it sells; reviewed by hand, keep it
 * short (a wrong synonym shows products the shopper did not ask for).
 */
export const SYNONYMS: readonly (readonly [from: string, to: string])[] = [
  // "Nummernschild", "Autoschild", "Kfz-Schild": what many call a Kennzeichen.
  ['nummernschild', 'kennzeichen'],
  ['autoschild', 'kennzeichen'],
  ['kfzschild', 'kennzeichen'],
  // "Kennzeichenrahmen", "Kennzeichenträger": what many call a Kennzeichenhalter.
  ['kennzeichenrahmen', 'kennzeichenhalter'],
  ['kennzeichentrager', 'kennzeichenhalter'],
  // "Kennzeichenhalterung" (the texts say "Kennzeichenhalter").
  ['halterung', 'halter'],
  // "Parkschild" (the texts say "Parkplatzschild").
  ['parkschild', 'parkplatzschild'],
];

/** The most spellings one word is searched in (the word and its rewrites). */
const MAX_ALTERNATIVES = 6;

/**
 * A folded word and the words it is also searched as: the word first, then each synonym's rewrite, applied in the
 * list's order to every spelling found so far ("nummernschildrahmen" → "kennzeichenrahmen" → "kennzeichenhalter").
 *
 * @example
 * synonymsOf('nummernschildhalterung'); // ['nummernschildhalterung', 'kennzeichenhalterung', 'nummernschildhalter', 'kennzeichenhalter']
 */
export function synonymsOf(term: string): string[] {
  const spellings = [term];
  for (const [from, to] of SYNONYMS)
    for (const spelling of [...spellings])
      if (spelling.includes(from) && spellings.length < MAX_ALTERNATIVES) {
        const rewritten = spelling.replaceAll(from, to);
        if (!spellings.includes(rewritten)) spellings.push(rewritten);
      }
  return spellings;
}

/**
 * Between two words of a query (productSearch.ts `searchTerms`, {@link suggestQuery}, both after NFKC): everything
 * but letters, their combining marks and digits. Session 20: a mark was a break, so "Zubehör" typed as "o" + U+0308
 * (macOS file names, pasted text) was the words "zubeho" and "r".
 */
export const WORD_BREAK = /[^\p{L}\p{M}\p{N}]+/u;

/** A search that finds this many products or fewer may be a typo: the answer then carries a suggestion. */
export const FEW_HITS = 3;
/** Words shorter than this are not corrected (one edit turns "rot" into "rost", "blau" into "bau"). */
const CORRECT_FROM = 5;
/** From this length a word may hold two typos, below it one. */
const TWO_EDITS_FROM = 9;
/** The most distinct words kept from the catalogue for suggestions (bounded memory for any catalogue). */
const MAX_WORDS = 50_000;

/** A word of the catalogue: how a shopper sees it (lower case), how often the names and titles hold it. */
interface Word {
  shown: string;
  occurrences: number;
}

/**
 * The optimal-string-alignment distance of `a` and `b` (insert, delete, replace, swap two neighbours: one edit each),
 * or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the table: two rows back (for a swap), the previous one and the current one.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? i) + 1, (current[j - 1] ?? i) + 1, (previous[j - 1] ?? i) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? i) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1);
}

/**
 * Per database (an API has one; tests run several in one process), each company's words and the catalogue version
 * they were read at; a few companies per database, so memory stays bounded.
 */
const keptByDb = new WeakMap<Queryable, Map<number, { version: string; words: Map<string, Word> }>>();
const KEPT_COMPANIES = 8;

/**
 * The catalogue's words: the words of the shown products' names and titles and of the shown categories' names
 * (split in SQL at spaces, hyphens and slashes: a few hundred distinct words come back, not every product), folded,
 * each with its lower-case spelling and how often it occurs; and the synonyms' words. Reading them costs ~40 ms at
 * 5,000 products, so they are kept per company, and each use first asks the database for the catalogue's version
 * (~2 ms): how many products and categories it has and the sum of their row versions (`xmin`, the writing
 * transaction's id; a sum, not the newest, so a transaction that commits after a later-numbered one counts too). Any
 * insert, update or delete (an import, an edit in the database, another API process) changes it, so every API
 * process answers the same for the same catalogue; a vacuum that freezes rows only causes one more read.
 */
async function catalogueWords(
  db: Queryable,
  companyId: number,
  fold: (text: string) => string,
): Promise<Map<string, Word>> {
  const [row] = await db.query<{ version: string }>(
    `SELECT (SELECT count(*) || '/' || COALESCE(sum(xmin::text::bigint), 0) FROM products WHERE company_id = $1)
            || '/' || (SELECT count(*) || '/' || COALESCE(sum(xmin::text::bigint), 0) FROM categories) AS version`,
    [companyId],
  );
  const version = row?.version ?? '';
  const kept = keptByDb.get(db) ?? new Map<number, { version: string; words: Map<string, Word> }>();
  keptByDb.set(db, kept);
  const known = kept.get(companyId);
  if (known?.version === version) return known.words;
  const words = await readCatalogueWords(db, companyId, fold);
  kept.delete(companyId);
  if (kept.size >= KEPT_COMPANIES) kept.delete(kept.keys().next().value ?? companyId);
  kept.set(companyId, { version, words });
  return words;
}

/** The catalogue's words, read now (see {@link catalogueWords}). */
async function readCatalogueWords(
  db: Queryable,
  companyId: number,
  fold: (text: string) => string,
): Promise<Map<string, Word>> {
  const rows = await db.query<{ spelling: string; occurrences: number }>(
    `SELECT spelling, count(*)::int AS occurrences FROM (
       SELECT regexp_split_to_table(COALESCE(p.data->>'Name', '') || ' ' || COALESCE(p.data->>'Title', ''),
                                    '[[:space:]/–—-]+') AS spelling
         FROM products p WHERE p.company_id = $1 AND ${SHOWN_PRODUCT}
       UNION ALL
       SELECT regexp_split_to_table(name, '[[:space:]/–—-]+') FROM categories
        WHERE company_id = $1 AND id NOT IN ${HIDDEN_IDS}
     ) AS words
     WHERE length(spelling) >= ${CORRECT_FROM - 1} AND spelling !~ '[0-9]'
     GROUP BY spelling ORDER BY count(*) DESC, spelling LIMIT ${MAX_WORDS}`,
    [companyId],
  );
  const words = new Map<string, Word>();
  for (const { spelling, occurrences } of rows) {
    const key = fold(spelling);
    if (key.length < CORRECT_FROM - 1) continue;
    const word = words.get(key);
    if (word) word.occurrences += occurrences;
    else
      words.set(key, { shown: spelling.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''), occurrences });
  }
  for (const [from] of SYNONYMS) if (!words.has(from)) words.set(from, { shown: from, occurrences: 0 });
  return words;
}

/** The catalogue word closest to `key` within its edit budget (fewest edits, then the most frequent, then A–Z). */
function closestWord(key: string, words: Map<string, Word>): Word | undefined {
  const max = key.length >= TWO_EDITS_FROM ? 2 : 1;
  let best: { word: Word; key: string; edits: number } | undefined;
  for (const [candidate, word] of words) {
    const edits = editDistance(key, candidate, max);
    if (edits > max) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (word.occurrences > best.word.occurrences ||
          (word.occurrences === best.word.occurrences && candidate < best.key)))
    )
      best = { word, key: candidate, edits };
  }
  return best?.word;
}

/**
 * "Meinten Sie …?": the query with each word of 5 or more letters that is not a catalogue word (nor a synonym)
 * replaced by the closest catalogue word (one typo, two from 9 letters), or nothing when no word changes. The
 * caller checks that the suggestion finds more.
 *
 * @example
 * await suggestQuery(db, 1001, 'Kennzeichn karbon', foldText); // 'kennzeichen carbon'
 */
export async function suggestQuery(
  db: Queryable,
  companyId: number,
  query: string,
  fold: (text: string) => string,
): Promise<string | undefined> {
  const spellings = query
    .normalize('NFKC')
    .split(WORD_BREAK)
    .filter((spelling) => fold(spelling));
  const candidates = spellings.filter(
    (spelling) => /^[a-z]+$/.test(fold(spelling)) && fold(spelling).length >= CORRECT_FROM,
  );
  if (candidates.length === 0) return undefined;
  const words = await catalogueWords(db, companyId, fold);
  let changed = false;
  const suggestion = spellings.map((spelling) => {
    const key = fold(spelling);
    if (!candidates.includes(spelling) || words.has(key)) return spelling;
    // The word as typed, else a synonym's rewrite ("kenzeichenhalterung" → "kenzeichenhalter" → "kennzeichenhalter").
    const word = synonymsOf(key)
      .map((rewritten) => closestWord(rewritten, words))
      .find(Boolean);
    if (!word) return spelling;
    changed = true;
    return word.shown;
  });
  return changed ? suggestion.join(' ') : undefined;
}
