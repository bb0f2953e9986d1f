-- Issue 12: dealers who embed the widget on their own sites (DESIGN 6: registered dealers and their origins live in
-- the database, so every API process agrees on the CORS allow-list). The operator registers them with
-- `lp-api dealer add` (docs/reference/dealers.md).
--
-- A dealer key is shown once; only its SHA-256 is stored. The key is 32 random bytes, so a fast hash is enough (a
-- slow, salted one guards guessable passwords) and lets a request find its dealer by the hash through the index.
CREATE TABLE dealers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(id) <= 64),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  key_sha256 bytea NOT NULL UNIQUE CHECK (length(key_sha256) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Exact origins (`scheme://host[:port]`, as browsers send them in the Origin header).
CREATE TABLE dealer_origins (
  dealer_id text NOT NULL REFERENCES dealers (id) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin ~ '^https?://[^/?#@\s]+$' AND length(origin) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dealer_id, origin)
);

-- The dealer a cart came from: set by the first add that names one, never overwritten.
ALTER TABLE carts ADD COLUMN dealer_id text REFERENCES dealers (id);
ALTER TABLE orders ADD COLUMN dealer_id text REFERENCES dealers (id);
-- A dealer's order list, newest first (GET /api/dealer/orders).
CREATE INDEX orders_dealer ON orders (dealer_id, created_at DESC, id DESC) WHERE dealer_id IS NOT NULL;

-- An order takes its cart's dealer whenever it is saved (created, or saved again while unpaid: status 'saved'), on
-- every path that writes orders, so no order-writing code has to remember it. A paid order keeps what it had.
CREATE FUNCTION lp_order_dealer() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.dealer_id IS NULL AND (TG_OP = 'INSERT' OR NEW.status = 'saved') THEN
    SELECT c.dealer_id INTO NEW.dealer_id FROM carts c WHERE c.id = NEW.cart_id;
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER orders_dealer BEFORE INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION lp_order_dealer();
