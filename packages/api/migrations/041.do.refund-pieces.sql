-- Session 24, withdrawfixapi: a refund of withdrawn lines keeps the pieces its Rechnungskorrektur names, as the
-- refund command computed them when it recorded the refund, so its Erstattungsbestätigung, the order card and its
-- XRechnung credit note never change afterwards (a correcting document must not change once issued, GoBD), not even
-- when an order line is corrected by hand.
--   pieces  {"pieces": [{"line", "quantity", "article", "item_id", "cents"}, …], "couponCents", "shippingCents"}
--           (fulfilment/refundPieces.ts RefundPieces): each order line's withdrawn pieces with their price after
--           tiers, the coupon's share taken off, the delivery cost paid back. NULL: a refund of a typed amount, and
--           every refund recorded before this migration (session 23's `--lines` refunds included): its documents
--           keep the one line they were issued with.
ALTER TABLE refunds ADD COLUMN pieces jsonb CHECK (pieces IS NULL OR jsonb_typeof(pieces) = 'object');
