-- Session 26 (src/einvoice/documentAccess.ts): an order's e-invoices (XRechnung, credit notes) name its whole buyer,
-- so the mails link them with a proof of their own, `?token=`, which never appears in the shop's pages or addresses
-- (the order's guid does: /thank-you/<guid> stays in the browser's history). Orders that exist now keep NULL and
-- count their guid as token (every read is COALESCE(document_token, header_guid)), so the links in mails already
-- sent (`?headerGuid=<guid>`) keep opening their documents; the default is set after the column was added, so no
-- existing row is rewritten (review26b: an UPDATE of every row locked 300,000 orders for 1.5 s and doubled the
-- table until vacuum) and only new orders get a fresh random one.
ALTER TABLE orders ADD COLUMN document_token uuid;
ALTER TABLE orders ALTER COLUMN document_token SET DEFAULT gen_random_uuid();
