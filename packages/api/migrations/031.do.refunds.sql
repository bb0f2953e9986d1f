-- Session 18, refunds: what the shop paid back of an order (§ 357 (1), (3) BGB after a withdrawal, or a goodwill or
-- complaint refund), recorded by `lp-api orders refund` (fulfilment/refunds.ts) once the money was sent back at the
-- payment provider (the reference API moves no money). Each refund is its own correction document, a
-- Rechnungskorrektur (§ 17 UStG: the supplier's tax is corrected by the refunded amount's VAT at the rate of the
-- invoice), with a number of its own series per company, RK-<year>-<counter>: `companies.last_credit_note_number`
-- is counted up in the refund's transaction like `last_invoice_number` (migration 025), so numbers are unique and
-- without gaps (a rolled-back refund takes its number back). A separate series, not the invoices': the invoice
-- series stays the list of sales, the RK series the list of corrections (§ 14 (4) no. 4 UStG allows several
-- series; "Gutschrift" is avoided, since § 14 (2) UStG reserves it for self-billing by the buyer).
--   amount_cents: the refunded gross (> 0); the refunds of an order never exceed its gross (checked in the
--     transaction, the order row locked); vat_cents: the VAT share of it at the order's `vat_rate`, so that the
--     refunds of an order in full carry exactly the invoice's VAT (refunds.ts).
--   reason: 'withdrawal' (then `withdrawal_id`, the declaration it answers, when one is matched to the order),
--     'complaint', 'goodwill' or 'other'.
--   mail_*: the Erstattungsbestätigung with the Rechnungskorrektur, owed like the Versandbestätigung (migration
--     029): the command claims the first hand-over in its insert; the API's sweep (mail/owedMails.ts) retries.
-- A refund goes with its order (kept, exported and deleted with it, § 147 AO like the invoice).
ALTER TABLE companies
  ADD COLUMN last_credit_note_number integer NOT NULL DEFAULT 0 CHECK (last_credit_note_number >= 0);
CREATE TABLE refunds (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  company_id integer NOT NULL,
  credit_note_number text NOT NULL CHECK (credit_note_number ~ '^RK-[0-9]{4}-[0-9]{6,}$'),
  refunded_at timestamptz NOT NULL DEFAULT now(),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  vat_rate integer NOT NULL CHECK (vat_rate BETWEEN 0 AND 99),
  vat_cents integer NOT NULL CHECK (vat_cents >= 0 AND vat_cents <= amount_cents),
  reason text NOT NULL CHECK (reason IN ('withdrawal', 'complaint', 'goodwill', 'other')),
  withdrawal_id bigint REFERENCES withdrawals (id) ON DELETE SET NULL,
  mail_attempts integer NOT NULL DEFAULT 0,
  mail_next_attempt_at timestamptz NOT NULL DEFAULT now(),
  mail_sent_at timestamptz
);
CREATE UNIQUE INDEX refunds_credit_note_number ON refunds (company_id, credit_note_number);
-- The order answers, the export and the order's deletion read an order's refunds.
CREATE INDEX refunds_order ON refunds (order_id);
-- The dealer statement reads a month's refunds.
CREATE INDEX refunds_refunded_at ON refunds (refunded_at);
-- The sweep's question, "which Erstattungsbestätigungen are due?", reads only the few still owed.
CREATE INDEX refunds_mail_due ON refunds (mail_next_attempt_at) WHERE mail_sent_at IS NULL;
