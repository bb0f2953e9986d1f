/**
 * The schema as an ordered list of migrations (DESIGN 6: migrations are code). Never edit an applied entry;
 * append a new one. Money is stored as integer cents; the HTTP layer answers euros with two decimals.
 */
export interface Migration {
  id: string;
  sql: string;
}

const catalogue = `
CREATE TABLE companies (
  id integer PRIMARY KEY,
  alias text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE TABLE categories (
  id integer PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  parent_id integer,
  alias text NOT NULL,
  name text NOT NULL,
  position integer NOT NULL
);
CREATE TABLE products (
  unique_id text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  alias text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  min_quantity integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
  position integer NOT NULL,
  data jsonb NOT NULL
);
CREATE UNIQUE INDEX products_company_alias ON products (company_id, lower(alias));
CREATE TABLE product_variants (
  unique_id text PRIMARY KEY,
  product_unique_id text NOT NULL REFERENCES products(unique_id),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  data jsonb NOT NULL
);
CREATE TABLE discounts (
  company_id integer NOT NULL REFERENCES companies(id),
  product_key text NOT NULL,
  position integer NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, product_key, position)
);
CREATE TABLE articles (
  company_id integer NOT NULL REFERENCES companies(id),
  alias text NOT NULL,
  position integer NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, alias)
);
CREATE TABLE shipping_methods (
  id integer PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id),
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL
);
CREATE TABLE shipping_rates (
  method_id integer NOT NULL REFERENCES shipping_methods(id),
  position integer NOT NULL,
  rate_cents integer NOT NULL CHECK (rate_cents >= 0),
  min_order_cents integer NOT NULL CHECK (min_order_cents >= 0),
  PRIMARY KEY (method_id, position)
);
CREATE TABLE payment_types (
  company_id integer NOT NULL REFERENCES companies(id),
  id text NOT NULL,
  name text NOT NULL,
  brands jsonb NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (company_id, id)
);
CREATE TABLE coupons (
  company_id integer NOT NULL REFERENCES companies(id),
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  value_amount integer NOT NULL CHECK (value_amount >= 0),
  min_order_cents integer NOT NULL DEFAULT 0,
  valid_until timestamptz,
  PRIMARY KEY (company_id, code)
);
CREATE TABLE customers (
  id integer PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL,
  last_name text NOT NULL,
  customer_company_id integer NOT NULL,
  customer_company_group_role_id integer NOT NULL
);
CREATE TABLE upsell_order (
  company_id integer NOT NULL REFERENCES companies(id),
  product_key text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (company_id, product_key)
);
`;

const shop = `
CREATE TABLE carts (
  id serial PRIMARY KEY,
  guid uuid NOT NULL UNIQUE,
  company_id integer,
  user_id integer,
  in_checkout boolean NOT NULL DEFAULT false,
  shipping_address jsonb,
  billing_address jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  cart_id integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  internal_id uuid NOT NULL UNIQUE,
  product_unique_id text NOT NULL,
  price_cents integer NOT NULL,
  description text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 1),
  alias text NOT NULL,
  title text NOT NULL,
  attributes jsonb NOT NULL,
  attributes_key text NOT NULL
);
CREATE INDEX cart_items_cart ON cart_items (cart_id, id);
CREATE SEQUENCE order_number_seq START 1;
CREATE TABLE orders (
  id serial PRIMARY KEY,
  header_guid uuid NOT NULL UNIQUE,
  order_number text NOT NULL UNIQUE,
  cart_id integer NOT NULL REFERENCES carts(id),
  company_id integer NOT NULL,
  customer_id integer,
  customer_company_id integer,
  customer_company_group_role_id integer,
  status text NOT NULL,
  cart_cents integer NOT NULL,
  discount_cents integer NOT NULL DEFAULT 0,
  shipping_cents integer NOT NULL,
  shipping_method_id integer NOT NULL,
  shipping_method_name text NOT NULL,
  billing_person jsonb NOT NULL,
  shipping_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  payment_method text NOT NULL,
  coupon jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_cart ON orders (cart_id);
CREATE TABLE order_items (
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  position integer NOT NULL,
  item_id text NOT NULL,
  item_internal_id uuid NOT NULL,
  business_name text NOT NULL,
  price_cents integer NOT NULL,
  quantity integer NOT NULL,
  attributes jsonb NOT NULL,
  PRIMARY KEY (order_id, position)
);
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  method text NOT NULL,
  amount_cents integer NOT NULL,
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE uploads (
  sha256 text PRIMARY KEY,
  ext text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  company_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * Adding a cart line in one round trip (DESIGN 7: the add path is bound by database round trips, ~3.5x faster
 * than five). One statement is one transaction; `SELECT ... FOR UPDATE` on the cart row serialises concurrent
 * adds to the same cart, lines with the same product and attribute key merge, and a merge above `p_max` raises
 * 'lp:max-quantity' (rolled back). Answers the cart with all its lines.
 */
const cartFunctions = `
CREATE FUNCTION lp_add_cart_item(
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
`;

/**
 * Group commit for the embedded database (DESIGN 7): adds that arrive together run as one statement, so as one
 * transaction and one round trip. Each entry runs `lp_add_cart_item` in order, exactly as if sent alone (a later
 * add to the same cart sees the earlier one); rows are tagged with the entry's index. Any error rolls back the
 * whole batch, and the caller then runs each add alone, so every request still gets its own answer or error.
 */
const cartBatchFunction = `
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
`;

/** Issue 6: login sessions; only a SHA-256 of the random token is stored, the cookie holds the token. */
const accountSessions = `
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_customer ON sessions (customer_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
`;

/** Issue 5 (spec 8): error reports of the shop's pages, posted by the storefront's error reporter. */
const clientErrors = `
CREATE TABLE client_errors (
  id bigserial PRIMARY KEY,
  severity text NOT NULL CHECK (severity IN ('error', 'warning')),
  component text NOT NULL,
  message text NOT NULL,
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_errors_created ON client_errors (created_at);
`;

/**
 * Security review 5 inside the add itself: while the cart's order waits for its payment, an add to it fails with
 * 'lp:payment-pending' (the API answers 409). Checked under the cart row lock, so no separate round trip per add;
 * in a batch (migration 004) the error rolls the batch back and each add is retried alone, so only the adds to
 * that cart fail.
 */
const cartPaymentGuard = `
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
`;

export const migrations: readonly Migration[] = [
  { id: '001_catalogue', sql: catalogue },
  { id: '002_shop', sql: shop },
  { id: '003_cart_functions', sql: cartFunctions },
  { id: '004_cart_batch', sql: cartBatchFunction },
  { id: '005_account_sessions', sql: accountSessions },
  { id: '006_client_errors', sql: clientErrors },
  { id: '007_cart_payment_guard', sql: cartPaymentGuard },
];
