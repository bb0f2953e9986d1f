-- A handoff's copy (POST /api/Cart/copyCart, decisions.md "Cart handoff copies") remembers the cart it was copied
-- from, so that paying for the copy takes the paid plates out of the dealer page's cart too. Without it the
-- dealer's page kept showing what the shopper had already bought, and its next "Zum Warenkorb" copied those plates
-- into the shop's cart again (found in Chromium, session 14). SET NULL: a source cart swept or erased leaves its
-- copies alone. The index serves that key's check when a cart is deleted; it holds only copies.
ALTER TABLE carts ADD COLUMN copied_from integer REFERENCES carts (id) ON DELETE SET NULL;
CREATE INDEX carts_copied_from ON carts (copied_from) WHERE copied_from IS NOT NULL;
