-- Session 19, e-invoices (decisions.md "XRechnung for company orders"): an XRechnung (CIUS of EN 16931) must name
-- the seller's contact point (BR-DE-2, -5, -6, -7: a person or department, a telephone number and an e-mail address)
-- and the seller's electronic address (BT-34, mandatory in XRechnung 3.0; here the same e-mail, scheme EM). The
-- company row holds the seller's name, address and USt-IdNr since migration 025; these three complete it. NULL
-- until the operator sets them (UPDATE companies SET contact_name = …, contact_phone = …, contact_email = …): a shop
-- without them answers its e-invoice endpoint with 503 `unavailable` and sends the plain-text invoice mail as before.
ALTER TABLE companies
  ADD COLUMN contact_name text CHECK (contact_name IS NULL OR char_length(contact_name) BETWEEN 1 AND 200),
  ADD COLUMN contact_phone text CHECK (contact_phone IS NULL OR char_length(contact_phone) BETWEEN 1 AND 40),
  ADD COLUMN contact_email text CHECK (contact_email IS NULL OR contact_email ~ '^[^@\s]+@[^@\s]+$');
