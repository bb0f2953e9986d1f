-- Session 20, company buyers (decisions.md "Company buyers: Leitweg-ID, own order number and USt-IdNr."): a company
-- order may carry the buyer's reference for the invoice (a public buyer's Leitweg-ID, which XRechnung BT-10 must
-- hold for the invoice to reach them, or the company's own order number) and the buyer's USt-IdNr. (BT-48, printed
-- on the invoice as "USt-IdNr. des Leistungsempfängers"). Both are checked by the save (`@lp/sdk/validation`
-- isValidBuyerReference, isValidVatId) and stored as they passed: the reference trimmed and composed (NFC), the
-- USt-IdNr. without spaces. NULL: none given (every order before this migration). They belong to the order's
-- invoice data, so they are kept, exported and deleted with the order like its billing address.
ALTER TABLE orders
  ADD COLUMN buyer_reference text CHECK (buyer_reference IS NULL OR char_length(buyer_reference) BETWEEN 1 AND 50),
  ADD COLUMN buyer_vat_id text CHECK (buyer_vat_id IS NULL OR buyer_vat_id ~ '^DE[1-9][0-9]{8}$');
