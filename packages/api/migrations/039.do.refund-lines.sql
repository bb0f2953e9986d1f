-- Session 23, refunds: a refund computed from the withdrawn lines (`lp-api orders refund <n> --lines …`,
-- fulfilment/withdrawnRefund.ts) keeps which pieces it paid back, so that the next partial refund knows what was
-- withdrawn before: the coupon's share is computed on everything withdrawn so far minus what earlier refunds took
-- (so the shares add up to the coupon to the cent), and the delivery cost goes with the refund that withdraws the
-- last piece (§ 357 (2) BGB).
--   lines   [{"line": n, "quantity": q}, …], n the order line as `lp-api orders` counts it (1 = order_items.position
--           0), q the pieces of it this refund paid back. NULL: a refund of a typed amount (or the default, all that
--           is left), as every refund recorded before this migration; it names no pieces.
ALTER TABLE refunds ADD COLUMN lines jsonb CHECK (lines IS NULL OR jsonb_typeof(lines) = 'array');
