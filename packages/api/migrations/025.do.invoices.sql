-- Session 16, the order confirmation becomes the invoice (§ 14 (4) UStG; decisions.md "The order confirmation is
-- the invoice"). The seller's invoice data is the shop company's, owned by the operator:
--   vat_rate: the shop's standard VAT rate in percent (19; 16 from July to December 2020), which every price, the
--     quantity discounts, coupons and shipping (a Nebenleistung, taxed like the goods) carry. Whole percent: every
--     German rate (19, 16, 7, 5) is one. Change it with UPDATE companies SET vat_rate = … (orders already paid keep
--     theirs).
--   legal_name, street, postcode, city, vat_id: the seller's full name, address and USt-IdNr (§ 14 (4) no. 1, 2).
--     NULL until set; the seed writes the sample identity (seed/data/contactDetails.ts) into a new shop only, and the
--     API warns at start while an upgraded shop has none.
--   last_invoice_number: the company's invoice counter, counted up in the transaction that marks an order paid, so
--     a rolled-back payment leaves no gap (a sequence would).
ALTER TABLE companies
  ADD COLUMN vat_rate integer NOT NULL DEFAULT 19 CHECK (vat_rate BETWEEN 0 AND 99),
  ADD COLUMN legal_name text CHECK (legal_name IS NULL OR char_length(legal_name) BETWEEN 1 AND 200),
  ADD COLUMN street text CHECK (street IS NULL OR char_length(street) BETWEEN 1 AND 200),
  ADD COLUMN postcode text CHECK (postcode IS NULL OR char_length(postcode) BETWEEN 1 AND 20),
  ADD COLUMN city text CHECK (city IS NULL OR char_length(city) BETWEEN 1 AND 100),
  ADD COLUMN vat_id text CHECK (vat_id IS NULL OR char_length(vat_id) BETWEEN 1 AND 40),
  ADD COLUMN last_invoice_number integer NOT NULL DEFAULT 0 CHECK (last_invoice_number >= 0);

-- Each paid order's invoice, fixed when it is paid: its number (RE-<year>-<counter>), its date, the rate it was paid
-- with and its VAT in cents (tax from the gross: round_half_up(gross * rate / (100 + rate)); net = gross - tax,
-- gross = cart_cents - discount_cents + shipping_cents). NULL while the order is not paid.
ALTER TABLE orders
  ADD COLUMN invoice_number text,
  ADD COLUMN invoiced_at timestamptz,
  ADD COLUMN vat_rate integer CHECK (vat_rate BETWEEN 0 AND 99),
  ADD COLUMN vat_cents integer CHECK (vat_cents >= 0),
  ADD CONSTRAINT orders_invoice_complete CHECK (
    (invoice_number IS NULL AND invoiced_at IS NULL AND vat_rate IS NULL AND vat_cents IS NULL)
    OR (invoice_number IS NOT NULL AND invoiced_at IS NOT NULL AND vat_rate IS NOT NULL AND vat_cents IS NOT NULL));
CREATE UNIQUE INDEX orders_invoice_number ON orders (company_id, invoice_number) WHERE invoice_number IS NOT NULL;

-- Orders paid before this upgrade: numbered and taxed now, in the order they were paid, with the standard rate of the
-- day they were paid. The payment's time: its confirmation mail's row (written in the payment's transaction, from
-- migration 020 on), else the start of its approved payment; `updated_at` only as the last resort, since a later
-- login that joins guest orders to an account moves it (16 % from 1 July to 31 December 2020, 19 % otherwise: the shop sells
-- goods at the standard rate only). Their mail already went out as an order confirmation; the invoice data lets the
-- operator send or print the invoice, and a confirmation still owed goes out as an invoice like any other.
WITH paid_at AS (
  SELECT o.id, o.company_id, o.cart_cents - o.discount_cents + o.shipping_cents AS gross,
         COALESCE((SELECT c.created_at FROM order_confirmations c WHERE c.order_id = o.id),
                  (SELECT max(p.created_at) FROM payments p WHERE p.order_id = o.id AND p.status = 'approved'),
                  o.updated_at) AS at
    FROM orders o WHERE o.status = 'paid'
), paid AS (
  SELECT id, company_id, at AS paid_at, gross,
         CASE WHEN (at AT TIME ZONE 'Europe/Berlin') >= '2020-07-01'
                AND (at AT TIME ZONE 'Europe/Berlin') < '2021-01-01' THEN 16 ELSE 19 END AS rate,
         row_number() OVER (PARTITION BY company_id ORDER BY at, id) AS n
    FROM paid_at
)
UPDATE orders o
   SET invoice_number = 'RE-' || to_char(paid.paid_at AT TIME ZONE 'Europe/Berlin', 'YYYY') || '-'
                        || lpad(paid.n::text, 6, '0'),
       invoiced_at = paid.paid_at,
       vat_rate = paid.rate,
       vat_cents = round(paid.gross::numeric * paid.rate / (100 + paid.rate))::integer
  FROM paid
 WHERE o.id = paid.id;
UPDATE companies c SET last_invoice_number = counted.n
  FROM (SELECT company_id, count(*)::integer AS n FROM orders WHERE invoice_number IS NOT NULL GROUP BY company_id)
       AS counted
 WHERE c.id = counted.company_id;
