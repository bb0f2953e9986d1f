-- Legacy id '009_cart_lines_indexed' (schema_migrations of data folders made before postgrator).
-- `lp_add_cart_lines` (migration 008) again, with the same arguments, writes and answer, but with index lookups
-- and fewer statements (DESIGN 7). Measured in PGlite with 600 carts: 008 found the batch's carts with `guid IN
-- (SELECT ... FROM jsonb_array_elements(...))`, which the planner (guessing 100 rows for the function) ran as a hash
-- semi join over an index scan of EVERY cart (several ms per batch, growing with the number of carts), and it ran
-- six statements per batch where each costs PGlite ~100 µs or more. Now:
--
-- - the asked guids go through an array, so `guid = ANY (array)` uses the carts' unique guid index,
-- - the locking statement also answers whether an order of these carts waits for its payment and whether any add
--   names no known cart; only then does the cart-creating statement run,
-- - the known carts' lines are read once by `cart_items_cart` (cart_id) INSIDE the writing statement (all its
--   parts see the snapshot from before it, so that is still the state before the batch); the merge (by primary
--   key) and the "is it new" test use that set; new carts have no lines, so nothing else can match.
--
-- Everything else is as documented in migration 008: one transaction, locks in id order, 'lp:payment-pending'
-- and 'lp:max-quantity' roll the whole batch back, new lines get their ids in order of their first add, an add
-- without a known cart creates its own cart.
CREATE OR REPLACE FUNCTION lp_add_cart_lines(p_lines jsonb, p_max integer) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  v_ids integer[];
  v_guids uuid[];
  v_carts json;
  v_pending boolean;
  v_missing boolean;
  v_new_ords integer[] := '{}';
  v_new_ids integer[] := '{}';
  v_created json;
  v_lines json;
  v_inserted json;
  v_top integer;
BEGIN
  -- Lock (in id order, so two batches on a server never wait on each other in a circle) and stamp the known carts;
  -- the guids go through an array so that the carts' guid index finds them.
  WITH locked AS (
    SELECT c.id FROM carts c
     WHERE c.guid = ANY (ARRAY(SELECT (e->>'guid')::uuid FROM jsonb_array_elements(p_lines) e
                                WHERE e->>'guid' IS NOT NULL))
     ORDER BY c.id FOR UPDATE
  ), stamped AS (
    UPDATE carts c SET updated_at = now() FROM locked WHERE c.id = locked.id
    RETURNING c.id, c.guid, c.company_id, c.user_id
  )
  SELECT coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.guid), '{}'),
         json_agg(json_build_array(s.id, s.guid, s.company_id, s.user_id)),
         EXISTS (SELECT 1 FROM orders o WHERE o.cart_id IN (SELECT id FROM stamped) AND o.status = 'paymentPending'),
         EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) e
                  WHERE e->>'guid' IS NULL OR (e->>'guid')::uuid NOT IN (SELECT guid FROM stamped))
    INTO v_ids, v_guids, v_carts, v_pending, v_missing FROM stamped s;
  IF v_pending THEN
    RAISE EXCEPTION 'lp:payment-pending';
  END IF;
  -- Only a batch with an add for no known cart creates carts (the usual batch names known carts only).
  IF v_missing THEN
    WITH x AS (
      SELECT l.ord, l."companyId" AS company_id, gen_random_uuid() AS guid
        FROM jsonb_to_recordset(p_lines) AS l(guid uuid, "companyId" integer, ord integer)
       WHERE l.guid IS NULL OR NOT (l.guid = ANY (v_guids))
    ), ins AS (
      INSERT INTO carts (guid, company_id) SELECT x.guid, x.company_id FROM x ORDER BY x.ord
      RETURNING id, guid, company_id, user_id
    )
    SELECT coalesce(array_agg(x.ord), '{}'), coalesce(array_agg(ins.id), '{}'),
           json_agg(json_build_array(x.ord, ins.id, ins.guid, ins.company_id, ins.user_id))
      INTO v_new_ords, v_new_ids, v_created FROM ins JOIN x ON x.guid = ins.guid;
  END IF;
  -- One statement reads the known carts' lines as they were before it (all its parts see the same snapshot),
  -- merges into them by primary key and inserts the new lines.
  WITH x AS (
    SELECT l.*, coalesce(v_ids[array_position(v_guids, l.guid)], v_new_ids[array_position(v_new_ords, l.ord)])
             AS cart_id
      FROM jsonb_to_recordset(p_lines) AS l(guid uuid, "productUniqueId" text, "priceCents" integer, title text,
             quantity integer, alias text, attributes jsonb, "attributesKey" text, ord integer)
  ), g AS (
    SELECT x.cart_id, x."productUniqueId" AS product, x."attributesKey" AS key, sum(x.quantity)::integer AS qty,
           (array_agg(x."priceCents" ORDER BY x.ord DESC))[1] AS price, min(x.ord) AS first
      FROM x GROUP BY 1, 2, 3
  ), ex AS (
    SELECT * FROM cart_items ci WHERE ci.cart_id = ANY (v_ids)
  ), hit AS (
    SELECT ex.id, g.qty, g.price FROM g JOIN ex
      ON ex.cart_id = g.cart_id AND ex.product_unique_id = g.product AND ex.attributes_key = g.key
  ), upd AS (
    UPDATE cart_items ci SET quantity = ci.quantity + hit.qty, price_cents = hit.price FROM hit
     WHERE ci.id = hit.id
    RETURNING ci.quantity
  ), ins AS (
    INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias, title,
      attributes, attributes_key)
    SELECT g.cart_id, gen_random_uuid(), g.product, g.price, x.title, g.qty, x.alias, x.title, x.attributes, g.key
      FROM g JOIN x ON x.ord = g.first
     WHERE NOT EXISTS (SELECT 1 FROM ex
                        WHERE ex.cart_id = g.cart_id AND ex.product_unique_id = g.product AND ex.attributes_key = g.key)
     ORDER BY g.first
    RETURNING cart_id, product_unique_id, attributes_key, id, internal_id, quantity, attributes
  )
  SELECT (SELECT json_agg(json_build_array(i.cart_id, i.id, i.internal_id, i.product_unique_id, i.price_cents,
            i.description, i.quantity, i.alias, i.title, i.attributes, i.attributes_key) ORDER BY i.cart_id, i.id)
            FROM ex i),
         (SELECT max(q) FROM (SELECT quantity AS q FROM upd UNION ALL SELECT quantity FROM ins) s),
         (SELECT json_agg(json_build_array(ins.cart_id, ins.product_unique_id, ins.attributes_key, ins.id,
                   ins.internal_id, ins.attributes)) FROM ins)
    INTO v_lines, v_top, v_inserted;
  IF v_top > p_max THEN
    RAISE EXCEPTION 'lp:max-quantity';
  END IF;
  RETURN json_build_object('carts', coalesce(v_carts, '[]'), 'lines', coalesce(v_lines, '[]'),
    'created', coalesce(v_created, '[]'), 'inserted', coalesce(v_inserted, '[]'))::text;
END
$fn$;
