-- An add whose answer was lost is not added twice (docs/reference/decisions.md, "The cart add answers a repeated
-- Idempotency-Key"). A phone on a bad connection sends the add, the server adds the line, the answer never arrives;
-- the SDK sends the same add again with the same `Idempotency-Key`. The cart remembers the keys of its adds for
-- 24 hours and answers a repeated one with the cart as it is, adding nothing.
--
-- Keys are per cart (the primary key starts with cart_id): a key says nothing about another cart, and one cart's
-- keys are found by the index the add already walks. They go with their cart (ON DELETE CASCADE); the API's
-- retention sweep deletes older ones (limits/retention.ts). No index on created_at: the sweep scans the table once an
-- hour (it holds about a day of keyed adds), which costs less than an index write on every add (as for carts).
CREATE TABLE cart_add_keys (
  cart_id integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, key)
);

-- `lp_add_cart_item` of migration 017 with one more parameter, `p_request_key` (NULL: an add without a key, as
-- before). Under the cart row lock the key is recorded; a key the cart saw less than 24 hours ago means the add was
-- done: nothing is written and the cart is answered as it is. Two requests with one key wait for each other on the
-- lock, so exactly one adds. The key is written in the add's statement, so it is kept only when the add is (an add
-- refused by the line limit, the quantity maximum or a running payment records nothing). A new signature needs
-- DROP + CREATE; the old one comes back below as a wrapper.
DROP FUNCTION lp_add_cart_item(uuid, uuid, integer, uuid, text, integer, text, integer, text, text, jsonb, text, integer,
  integer);

CREATE FUNCTION lp_add_cart_item(
  p_guid uuid, p_new_guid uuid, p_company integer, p_internal uuid, p_product text, p_price integer,
  p_description text, p_quantity integer, p_alias text, p_title text, p_attributes jsonb, p_key text, p_max integer,
  p_max_lines integer, p_request_key text
) RETURNS TABLE (
  o_cart_id integer, o_cart_guid text, o_company_id integer, o_user_id integer, o_coupon_code text, o_lines text,
  o_amounts text
) LANGUAGE plpgsql ROWS 1 AS $fn$
DECLARE
  c carts%ROWTYPE;
  merged integer;
  repeated boolean := false;
BEGIN
  IF p_guid IS NOT NULL THEN
    SELECT * INTO c FROM carts WHERE carts.guid = p_guid FOR UPDATE;
  END IF;
  IF c.id IS NOT NULL AND p_request_key IS NOT NULL THEN
    -- A key seen within 24 hours conflicts and is left alone (no row: a repeat); an older one counts as new.
    INSERT INTO cart_add_keys AS k (cart_id, key) VALUES (c.id, p_request_key)
      ON CONFLICT (cart_id, key) DO UPDATE SET created_at = now()
      WHERE k.created_at < now() - interval '24 hours';
    repeated := NOT FOUND;
  END IF;
  IF NOT repeated THEN
    IF c.id IS NOT NULL AND EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id AND o.status = 'paymentPending') THEN
      RAISE EXCEPTION 'lp:payment-pending';
    END IF;
    IF c.id IS NULL THEN
      INSERT INTO carts (guid, company_id) VALUES (p_new_guid, p_company) RETURNING * INTO c;
      IF p_request_key IS NOT NULL THEN
        INSERT INTO cart_add_keys (cart_id, key) VALUES (c.id, p_request_key);
      END IF;
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
  END IF;
  o_cart_id := c.id;
  o_cart_guid := c.guid::text;
  o_company_id := c.company_id;
  o_user_id := c.user_id;
  o_coupon_code := c.coupon_code;
  SELECT string_agg(l.line_json, ','), string_agg(l.price_cents || ',' || l.quantity, ',')
    INTO o_lines, o_amounts
    FROM (SELECT i.line_json, i.price_cents, i.quantity FROM cart_items i WHERE i.cart_id = c.id ORDER BY i.id) l;
  RETURN NEXT;
END
$fn$;

-- The signature of migration 017, kept as a wrapper (an add without a key): during a rolling deploy the API processes
-- of the previous release still call it with 14 arguments and would otherwise answer every add with 500 until they
-- are replaced (docs/learn/run-in-production.md, "Upgrade and roll back"). The merge rule stays in one function;
-- the next migration that changes the add drops this wrapper.
CREATE FUNCTION lp_add_cart_item(
  p_guid uuid, p_new_guid uuid, p_company integer, p_internal uuid, p_product text, p_price integer,
  p_description text, p_quantity integer, p_alias text, p_title text, p_attributes jsonb, p_key text, p_max integer,
  p_max_lines integer
) RETURNS TABLE (
  o_cart_id integer, o_cart_guid text, o_company_id integer, o_user_id integer, o_coupon_code text, o_lines text,
  o_amounts text
) LANGUAGE sql ROWS 1 AS $fn$
  SELECT * FROM lp_add_cart_item(p_guid, p_new_guid, p_company, p_internal, p_product, p_price, p_description,
    p_quantity, p_alias, p_title, p_attributes, p_key, p_max, p_max_lines, NULL::text)
$fn$;
