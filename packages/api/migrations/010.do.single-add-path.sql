-- One add path on every database (DESIGN 7): the embedded database no longer batches adds, so the batch
-- functions (004 `lp_add_cart_items`, 008/009 `lp_add_cart_lines`) go, and `lp_add_cart_item` is the only place
-- of the cart merge rule.
--
-- One call is one statement, so one transaction and one round trip:
-- - `SELECT ... FOR UPDATE` on the cart row serialises concurrent adds to one cart (nothing is lost),
-- - an unknown or missing guid creates a new cart under `p_new_guid`,
-- - while the cart's order waits for its payment the add raises 'lp:payment-pending' (security review 5),
-- - a line with the same product and attribute key takes the added quantity and the new price; above `p_max`
--   it raises 'lp:max-quantity',
-- - otherwise a new line is inserted, unless the cart already has `p_max_lines` lines: 'lp:line-limit'.
-- Every raise rolls the whole add back. Answers one row: the cart and its lines in id order as one JSON array.
--
-- The add must cost as little more as possible as the cart grows: the merge finds its line through
-- `cart_items_line` instead of filtering all lines of the cart, the line count is only taken for a new line (an
-- index-only count over at most `p_max_lines` entries), the lines are read in the order of `cart_items_cart`
-- without sorting, and they travel as one value instead of one row each (a row costs the client a parse per
-- column, and PGlite a protocol message).
DROP FUNCTION lp_add_cart_lines(jsonb, integer);
DROP FUNCTION lp_add_cart_items(jsonb, integer);
DROP FUNCTION lp_add_cart_item(uuid, uuid, integer, uuid, text, integer, text, integer, text, text, jsonb, text, integer);

CREATE INDEX cart_items_line ON cart_items (cart_id, product_unique_id, attributes_key);

CREATE FUNCTION lp_add_cart_item(
  p_guid uuid, p_new_guid uuid, p_company integer, p_internal uuid, p_product text, p_price integer,
  p_description text, p_quantity integer, p_alias text, p_title text, p_attributes jsonb, p_key text, p_max integer,
  p_max_lines integer
) RETURNS TABLE (
  o_cart_id integer, o_cart_guid text, o_company_id integer, o_user_id integer, o_items json
) LANGUAGE plpgsql AS $fn$
DECLARE
  c carts%ROWTYPE;
  merged integer;
BEGIN
  IF p_guid IS NOT NULL THEN
    SELECT * INTO c FROM carts WHERE carts.guid = p_guid FOR UPDATE;
  END IF;
  IF c.id IS NOT NULL AND EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id AND o.status = 'paymentPending') THEN
    RAISE EXCEPTION 'lp:payment-pending';
  END IF;
  IF c.id IS NULL THEN
    INSERT INTO carts (guid, company_id) VALUES (p_new_guid, p_company) RETURNING * INTO c;
  ELSE
    UPDATE carts SET updated_at = now() WHERE carts.id = c.id;
  END IF;
  UPDATE cart_items SET quantity = cart_items.quantity + p_quantity, price_cents = p_price
   WHERE cart_items.cart_id = c.id AND cart_items.product_unique_id = p_product AND cart_items.attributes_key = p_key
   RETURNING cart_items.quantity INTO merged;
  IF FOUND THEN
    IF merged > p_max THEN
      RAISE EXCEPTION 'lp:max-quantity';
    END IF;
  ELSE
    IF (SELECT count(*) FROM cart_items WHERE cart_items.cart_id = c.id) >= p_max_lines THEN
      RAISE EXCEPTION 'lp:line-limit';
    END IF;
    INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias, title,
      attributes, attributes_key)
    VALUES (c.id, p_internal, p_product, p_price, p_description, p_quantity, p_alias, p_title, p_attributes, p_key);
  END IF;
  RETURN QUERY
    SELECT c.id, c.guid::text, c.company_id, c.user_id,
           (SELECT coalesce(json_agg(i), '[]') FROM (
              SELECT internal_id, product_unique_id, price_cents, description, quantity, alias, title, attributes
                FROM cart_items WHERE cart_id = c.id ORDER BY id) i);
END
$fn$;
