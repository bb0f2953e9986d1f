-- Session 16, § 356a BGB: declarations of withdrawal made with the shop's electronic withdrawal function ("Vertrag
-- widerrufen"). Every well-formed declaration is stored as the consumer typed it, with the server's time of receipt
-- (`received_at`, the moment the law counts), also when the order number is unknown or belongs to another address:
-- the function must not refuse, and the answer must not tell whether an order exists. `order_id` is the placed
-- order whose number and billing e-mail both match (the operator's hint, never shown to the consumer); a matched
-- declaration goes with its order (kept as long as the sales record), an unmatched one is deleted 3 years after
-- the end of the year of its receipt (limits/retention.ts). `confirmation_sent_at`: the receipt mail was handed to
-- the transport (NULL: not, the operator sees it in `lp-api withdrawals`).
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  order_number text NOT NULL CHECK (char_length(order_number) BETWEEN 1 AND 40),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  items text CHECK (items IS NULL OR char_length(items) BETWEEN 1 AND 500),
  order_id integer REFERENCES orders (id) ON DELETE CASCADE,
  confirmation_sent_at timestamptz
);
CREATE INDEX withdrawals_received ON withdrawals (received_at);
-- An order's deletion (the orders' retention sweep, 1,000 at a time) looks its declarations up by order.
CREATE INDEX withdrawals_order ON withdrawals (order_id) WHERE order_id IS NOT NULL;
-- The receipt mails per address and day are capped (withdrawalRoutes.ts): counted by address and time.
CREATE INDEX withdrawals_email ON withdrawals (lower(email), received_at);
