-- Legacy id '004_cart_batch' (schema_migrations of data folders made before postgrator).
-- Group commit for the embedded database (DESIGN 7): adds that arrive together run as one statement, so as one
-- transaction and one round trip. Each entry runs `lp_add_cart_item` in order, exactly as if sent alone (a later
-- add to the same cart sees the earlier one); rows are tagged with the entry's index. Any error rolls back the
-- whole batch, and the caller then runs each add alone, so every request still gets its own answer or error.
CREATE FUNCTION lp_add_cart_items(p_lines jsonb, p_max integer) RETURNS TABLE (
  o_req integer, o_cart_id integer, o_cart_guid text, o_company_id integer, o_user_id integer, o_id integer,
  o_internal_id text, o_product text, o_price integer, o_description text, o_quantity integer, o_alias text,
  o_title text, o_attributes jsonb, o_key text
) LANGUAGE plpgsql AS $fn$
DECLARE
  l jsonb;
  n integer := 0;
BEGIN
  FOR l IN SELECT e.value FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS e(value, i) ORDER BY e.i LOOP
    RETURN QUERY SELECT n, a.* FROM lp_add_cart_item(
      (l->>'guid')::uuid, (l->>'newGuid')::uuid, (l->>'companyId')::integer, (l->>'internalId')::uuid,
      l->>'productUniqueId', (l->>'priceCents')::integer, l->>'title', (l->>'quantity')::integer, l->>'alias',
      l->>'title', l->'attributes', l->>'attributesKey', p_max) a;
    n := n + 1;
  END LOOP;
END
$fn$;
