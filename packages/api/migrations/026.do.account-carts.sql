-- The login brings the account's cart to every device (decisions.md "One cart on every device", session 16): it
-- reads the account's carts (`carts.user_id`) at every login and, as before, at erasure and export. Without an index
-- each of those scanned every cart the shop keeps (90 days of carts, most of them guests'). Only carts of an account
-- are in it (a guest's cart is never looked up by account), so adds to guest carts write nothing more.
CREATE INDEX IF NOT EXISTS carts_user ON carts (user_id) WHERE user_id IS NOT NULL;
