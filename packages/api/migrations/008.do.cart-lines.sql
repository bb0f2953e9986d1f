-- Legacy id '008_cart_lines' (schema_migrations of data folders made before postgrator).
-- Group commit, set-based (DESIGN 7). Migration 004 ran `lp_add_cart_item` once per add, and each run answered
-- every line of its cart as rows: most of a batch's time went into per-add statements and into decoding those
-- rows. This function writes a whole batch with a handful of statements and answers one JSON text (arrays, not
-- objects, to keep it small):
--
-- - `carts`: the known carts the batch touched, `[id, guid, company_id, user_id]`,
-- - `lines`: their lines as they were BEFORE the batch, `[cart_id, id, internal_id, product_unique_id,
--   price_cents, description, quantity, alias, title, attributes, attributes_key]`, in cart and id order,
-- - `created`: the carts it created, `[ord, id, guid, company_id, user_id]`,
-- - `inserted`: the lines it inserted, `[cart_id, product_unique_id, attributes_key, id, internal_id,
--   attributes]` (attributes as stored, i.e. in jsonb's key order).
--
-- The caller replays the batch on that state in request order (replayBatch.ts), which gives every request the
-- cart right after its own add, exactly as if the adds had run one by one.
--
-- `p_lines` is an array of adds, each with `ord` (its place in the batch). The writes match running the adds in
-- `ord` order: adds to the same cart, product and attribute key merge into one line (the existing one, or a new
-- line carrying the first add's texts and attributes), the line's price is the last add's, new lines get their
-- ids in order of their first add, and an add without a known cart creates its own cart. Cart guids and line ids
-- come from `gen_random_uuid()`. Quantities are positive, so a line ends above `p_max` exactly when some add in
-- the batch took it there: then 'lp:max-quantity' rolls the whole batch back, as does 'lp:payment-pending'
-- (security review 5) for a cart whose order waits for its payment; the caller then runs each add alone to tell
-- which one failed.
CREATE FUNCTION lp_add_cart_lines(p_lines jsonb, p_max integer) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  v_ids integer[];
  v_guids uuid[];
  v_carts json;
  v_lines json;
  v_new_ords integer[];
  v_new_ids integer[];
  v_created json;
  v_inserted json;
  v_top integer;
BEGIN
  -- Lock (in id order, so two batches on a server never wait on each other in a circle) and stamp the known carts.
  WITH locked AS (
    SELECT c.id FROM carts c
     WHERE c.guid IN (SELECT (e->>'guid')::uuid FROM jsonb_array_elements(p_lines) e)
     ORDER BY c.id FOR UPDATE
  ), stamped AS (
    UPDATE carts c SET updated_at = now() FROM locked WHERE c.id = locked.id
    RETURNING c.id, c.guid, c.company_id, c.user_id
  )
  SELECT coalesce(array_agg(s.id), '{}'), coalesce(array_agg(s.guid), '{}'),
         json_agg(json_build_array(s.id, s.guid, s.company_id, s.user_id))
    INTO v_ids, v_guids, v_carts FROM stamped s;
  IF EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = ANY (v_ids) AND o.status = 'paymentPending') THEN
    RAISE EXCEPTION 'lp:payment-pending';
  END IF;
  SELECT json_agg(json_build_array(i.cart_id, i.id, i.internal_id, i.product_unique_id, i.price_cents,
           i.description, i.quantity, i.alias, i.title, i.attributes, i.attributes_key) ORDER BY i.cart_id, i.id)
    INTO v_lines FROM cart_items i WHERE i.cart_id = ANY (v_ids);
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
  WITH x AS (
    SELECT l.*, coalesce(v_ids[array_position(v_guids, l.guid)], v_new_ids[array_position(v_new_ords, l.ord)])
             AS cart_id
      FROM jsonb_to_recordset(p_lines) AS l(guid uuid, "productUniqueId" text, "priceCents" integer, title text,
             quantity integer, alias text, attributes jsonb, "attributesKey" text, ord integer)
  ), g AS (
    SELECT x.cart_id, x."productUniqueId" AS product, x."attributesKey" AS key, sum(x.quantity)::integer AS qty,
           (array_agg(x."priceCents" ORDER BY x.ord DESC))[1] AS price, min(x.ord) AS first
      FROM x GROUP BY 1, 2, 3
  ), upd AS (
    UPDATE cart_items ci SET quantity = ci.quantity + g.qty, price_cents = g.price FROM g
     WHERE ci.cart_id = g.cart_id AND ci.product_unique_id = g.product AND ci.attributes_key = g.key
    RETURNING ci.quantity
  ), ins AS (
    INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias, title,
      attributes, attributes_key)
    SELECT g.cart_id, gen_random_uuid(), g.product, g.price, x.title, g.qty, x.alias, x.title, x.attributes, g.key
      FROM g JOIN x ON x.ord = g.first
     WHERE NOT EXISTS (SELECT 1 FROM cart_items ci
                        WHERE ci.cart_id = g.cart_id AND ci.product_unique_id = g.product AND ci.attributes_key = g.key)
     ORDER BY g.first
    RETURNING cart_id, product_unique_id, attributes_key, id, internal_id, quantity, attributes
  )
  SELECT (SELECT max(q) FROM (SELECT quantity AS q FROM upd UNION ALL SELECT quantity FROM ins) s),
         (SELECT json_agg(json_build_array(ins.cart_id, ins.product_unique_id, ins.attributes_key, ins.id,
                   ins.internal_id, ins.attributes)) FROM ins)
    INTO v_top, v_inserted;
  IF v_top > p_max THEN
    RAISE EXCEPTION 'lp:max-quantity';
  END IF;
  RETURN json_build_object('carts', coalesce(v_carts, '[]'), 'lines', coalesce(v_lines, '[]'),
    'created', coalesce(v_created, '[]'), 'inserted', coalesce(v_inserted, '[]'))::text;
END
$fn$;
