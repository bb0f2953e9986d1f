-- Session 26 (src/orders/personalWindow.ts): when the order's buyer (billing person, addresses) was last written by
-- a save of the checkout. Read by the order's guid alone, the order names its buyer for 24 hours after its payment or,
-- unpaid, after this moment; a coupon, a confirmation or a payment attempt by whoever holds the link does not
-- move it, so they cannot open the window again. Rows saved before this migration stay NULL and count from their
-- creation (already outside the window); the default is set after the column was added, so no row is rewritten.
ALTER TABLE orders ADD COLUMN buyer_written_at timestamptz;
ALTER TABLE orders ALTER COLUMN buyer_written_at SET DEFAULT now();
