-- Session 18, fulfilment: an order's shipment, its own dimension beside the payment status (which stays 'paid', so
-- the invoice, dealer credit, withdrawals, retention and PLACED_ORDER read it as before). `lp-api orders ship`
-- (fulfilment/fulfilmentCli.ts) records when the order was handed to the carrier, the carrier and the tracking number
-- (NULL: shipped without one), and makes the Versandbestätigung owed like the order confirmation (migration 020) and
-- the withdrawal receipt (028): the command claims the first hand-over in its insert; a mail the transport refused
-- (or a command that died before the hand-over) is sent by the API's sweep (mail/owedMails.ts) once
-- `mail_next_attempt_at` has passed, with growing pauses, at most 14 attempts. A row per shipped order: the
-- shipment goes with its order (kept, exported and deleted with it). Orders paid before this migration are simply
-- not shipped yet (the packers' list shows them; the upgrade mails nobody).
CREATE TABLE shipments (
  order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  shipped_at timestamptz NOT NULL DEFAULT now(),
  carrier text NOT NULL CHECK (char_length(carrier) BETWEEN 1 AND 20),
  tracking_number text CHECK (tracking_number IS NULL OR tracking_number ~ '^[A-Z0-9]{6,40}$'),
  mail_attempts integer NOT NULL DEFAULT 0,
  mail_next_attempt_at timestamptz NOT NULL DEFAULT now(),
  mail_sent_at timestamptz
);
-- The sweep's question, "which Versandbestätigungen are due?", reads only the few still owed.
CREATE INDEX shipments_mail_due ON shipments (mail_next_attempt_at) WHERE mail_sent_at IS NULL;
