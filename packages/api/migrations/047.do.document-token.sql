-- Session 26 (src/einvoice/documentAccess.ts): an order's e-invoices (XRechnung, credit notes) name its whole buyer,
-- so the mails link them with a proof of their own, `?token=`, which never appears in the shop's pages or addresses
-- (the order's guid does: /thank-you/<guid> stays in the browser's history). A new order's token is written by the
-- order's INSERT (orders/orderService.ts), not by a column default: orders that exist now, and orders a process of
-- the previous version saves during a rolling upgrade (its INSERT names no token, and its mail links
-- `?headerGuid=`), keep NULL and count their guid as token (every read is COALESCE(document_token, header_guid)), so
-- their mails' links keep opening their documents (upgrade26). No existing row is rewritten (review26b: an UPDATE of
-- every row locked 300,000 orders for 1.5 s and doubled the table until vacuum).
ALTER TABLE orders ADD COLUMN document_token uuid;
