import { HIDDEN_CATEGORY_ID } from '@lp/sdk/contract';

/**
 * Issue 13 / spec 4 and 9: a product filed only under the hidden category (or categories below it) is internal:
 * neither listed, nor found by alias, nor addable to a cart. A product in no category at all stays shown.
 * A SQL condition on the products row aliased `p`; the hidden id is a contract constant, not input.
 */
export const SHOWN_PRODUCT = `(
  jsonb_array_length(COALESCE(p.data->'Categories', '[]'::jsonb)) = 0
  OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(p.data->'Categories') AS ref(category)
     WHERE ref.category->>'UniqueId' NOT IN (
       WITH RECURSIVE hidden(id) AS (
         SELECT id FROM categories WHERE id = ${Number(HIDDEN_CATEGORY_ID)}
         UNION SELECT c.id FROM categories c JOIN hidden h ON c.parent_id = h.id
       ) SELECT id::text FROM hidden)
  ))`;
