-- Legacy id '007_cart_payment_guard' (schema_migrations of data folders made before postgrator).
-- Security review 5 inside the add itself: while the cart's order waits for its payment, an add to it fails with
-- 'lp:payment-pending' (the API answers 409). Checked under the cart row lock, so no separate round trip per add;
-- in a batch (migration 004) the error rolls the batch back and each add is retried alone, so only the adds to
-- that cart fail.
CREATE OR REPLACE FUNCTION lp_add_cart_item(
  p_guid uuid, p_new_guid uuid, p_company integer, p_internal uuid, p_product text, p_price integer,
  p_description text, p_quantity integer, p_alias text, p_title text, p_attributes jsonb, p_key text, p_max integer
) RETURNS TABLE (
  o_cart_id integer, o_cart_guid text, o_company_id integer, o_user_id integer, o_id integer, o_internal_id text,
  o_product text, o_price integer, o_description text, o_quantity integer, o_alias text, o_title text,
  o_attributes jsonb, o_key text
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
    INSERT INTO cart_items (cart_id, internal_id, product_unique_id, price_cents, description, quantity, alias, title,
      attributes, attributes_key)
    VALUES (c.id, p_internal, p_product, p_price, p_description, p_quantity, p_alias, p_title, p_attributes, p_key);
  END IF;
  RETURN QUERY
    SELECT c.id, c.guid::text, c.company_id, c.user_id, i.id, i.internal_id::text, i.product_unique_id, i.price_cents,
           i.description, i.quantity, i.alias, i.title, i.attributes, i.attributes_key
      FROM cart_items i WHERE i.cart_id = c.id ORDER BY i.id;
END
$fn$;
