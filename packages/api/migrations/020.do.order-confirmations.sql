-- The order confirmation mail is owed until it was handed to the transport (docs/reference/decisions.md, "The order
-- confirmation survives a crash and a mail server that is down"). The approval that moves an order to 'paid' writes
-- its row here in the same transaction, so a paid order never goes without one; the request sends the mail at once
-- after the commit and stamps `sent_at`. A row whose mail was not handed over (the process was killed, the mail
-- server was down) is sent by the API's sweep (mail/orderConfirmations.ts) once `next_attempt_at` has passed, with
-- growing pauses, `attempts` at most 14 times; then it is given up (logged).
--
-- Orders paid before this migration get no row: their mail was sent (or lost) by the earlier build, and the upgrade
-- must not mail every customer the shop ever had. `shop_origin` is the storefront the shopper paid from (the
-- payment's checked return URL), for the mail's links. The rows hold no personal data and go with their order.
CREATE TABLE order_confirmations (
  order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  shop_origin text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The sweep's question, "which mails are due?", reads only the few rows still owed.
CREATE INDEX order_confirmations_due ON order_confirmations (next_attempt_at) WHERE sent_at IS NULL;
