// The catalogue a shop owner's import makes (session 17, catalogue): clones of the seed's plain products of one
// category after the seed's own, so a category, a search or the sitemap has hundreds or thousands of entries.

/** The seed's category "Kennzeichenhalter". */
export const HOLDERS = 1737374402;
/** The seed's category of signs. */
export const SIGNS = 1737374403;

/**
 * SQL that adds the clones `from`..`to` of the seed's plain products (no variants) of `category`, named
 * "<name> Nr. <n>" with the alias "<alias>-v<n>", round-robin over the category's products. `priceCents` is an SQL
 * expression of `n` for a price of each clone's own; by default a clone costs what its original costs.
 *
 * @example
 * await db.query(cloneProductsSql({ from: 1, to: 400, category: HOLDERS }));
 */
export function cloneProductsSql({
  from,
  to,
  category,
  priceCents,
}: {
  from: number;
  to: number;
  category: number;
  priceCents?: string;
}): string {
  const price = priceCents ?? 's.price_cents';
  const dataPrice = priceCents === undefined ? '' : `,\n'Price', round((${priceCents}) / 100.0, 2)`;
  return `
  INSERT INTO products (unique_id, company_id, alias, price_cents, min_quantity, position, data)
  SELECT s.unique_id || '-X' || n, 1001, s.alias || '-v' || n, ${price}, s.min_quantity, 1000 + n,
         s.data || jsonb_build_object('UniqueId', s.unique_id || '-X' || n, 'Alias', s.alias || '-v' || n,
                                      'Name', (s.data->>'Name') || ' Nr. ' || n${dataPrice})
    FROM generate_series(${from}, ${to}) n
    JOIN (SELECT row_number() OVER (ORDER BY position) - 1 AS k, * FROM products
           WHERE data->'Categories' = '[{"UniqueId": ${category}}]'::jsonb
             AND jsonb_array_length(data->'Variants') = 0) s
      ON s.k = n % (SELECT count(*) FROM products
                     WHERE data->'Categories' = '[{"UniqueId": ${category}}]'::jsonb
                       AND jsonb_array_length(data->'Variants') = 0)`;
}
