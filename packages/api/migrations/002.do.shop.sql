-- Legacy id '002_shop' (schema_migrations of data folders made before postgrator).
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
