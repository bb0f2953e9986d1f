-- Legacy id '001_catalogue' (schema_migrations of data folders made before postgrator).
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
