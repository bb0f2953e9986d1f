import { HIDDEN_CATEGORY_ID } from '@lp/sdk/contract';

/** The ids of the hidden category and every category below it, as a SQL subquery (uncorrelated: run once). */
export const HIDDEN_IDS = `(
  WITH RECURSIVE hidden(id) AS (
    SELECT id FROM categories WHERE id = ${Number(HIDDEN_CATEGORY_ID)}
    UNION SELECT c.id FROM categories c JOIN hidden h ON c.parent_id = h.id
  ) SELECT id FROM hidden)`;

/**
 * Issue 13 / spec 4 and 9: a product filed only under the hidden category (or categories below it) is internal:
 * neither listed, nor found by alias, nor addable to a cart. A product in no category at all stays shown.
 * A SQL condition on the products row aliased `p`; the hidden id is a contract constant, not input.
 */
export const SHOWN_PRODUCT = `(
  jsonb_array_length(COALESCE(p.data->'Categories', '[]'::jsonb)) = 0
  OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref(category)
     WHERE ref.category->>'UniqueId' NOT IN (SELECT id::text FROM ${HIDDEN_IDS} AS h)
  ))`;

/**
 * A SQL condition on the products row `p`: filed under the category whose id is the parameter `param` (e.g. `$4`) of
 * the company `companyParam`, or under one below it, as a category page lists them. The hidden category and what
 * is below it match nothing (spec 4). The category set is an uncorrelated subquery, so it is built once per
 * statement, not once per product.
 */
export const inCategory = (param: string, companyParam: string) => `EXISTS (
  SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref(category)
   WHERE ref.category->>'UniqueId' IN (
     WITH RECURSIVE sub(id) AS (
       SELECT id FROM categories WHERE id = ${param}::int AND company_id = ${companyParam}
         AND id NOT IN ${HIDDEN_IDS}
       UNION SELECT c.id FROM categories c JOIN sub s ON c.parent_id = s.id WHERE c.id NOT IN ${HIDDEN_IDS}
     ) SELECT id::text FROM sub))`;
