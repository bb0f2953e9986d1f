-- Issue 13: registration, email confirmation and the sandbox outbox.
-- Registered customers get ids from a sequence above the seeded ones; each private customer is their own customer
-- company (the order history filters by company and customer), numbered from a sequence of its own.
CREATE SEQUENCE customers_id_seq START 1000 OWNED BY customers.id;
ALTER TABLE customers ALTER COLUMN id SET DEFAULT nextval('customers_id_seq');
CREATE SEQUENCE customer_companies_seq START 100000;
-- Seeded and earlier customers count as confirmed; registration inserts NULL until the link is opened.
ALTER TABLE customers ADD COLUMN email_confirmed_at timestamptz DEFAULT now();
ALTER TABLE customers ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
-- Only a SHA-256 of the link's token is stored, like sessions.
CREATE TABLE email_confirmations (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX email_confirmations_customer ON email_confirmations (customer_id);
-- Guest orders are found by the billing email when an address is confirmed.
CREATE INDEX orders_guest_email ON orders (lower(billing_person->>'email')) WHERE customer_id IS NULL;
-- The sandbox mail transport: mails are kept here and shown at /sandbox/outbox instead of being sent.
CREATE TABLE outbox_mails (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_mails_created ON outbox_mails (created_at DESC);
