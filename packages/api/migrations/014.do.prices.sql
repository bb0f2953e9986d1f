-- Issue 13 "Prices that add up".
-- The coupon belongs to the cart (POST /api/Cart/applyCoupon), so it survives a new browser session with the same
-- cart guid and every total the shopper sees includes it. Only the code is kept: the coupon's terms are read from
-- `coupons` whenever the cart is priced, so an expired coupon stops counting on its own.
ALTER TABLE carts ADD COLUMN coupon_code text CHECK (coupon_code ~ '^[A-Z0-9_-]{1,40}$');

-- An order line keeps the quantity discount it was sold with: `price_cents` stays the catalogue's unit price,
-- `unit_discount_cents` is taken off each piece (contract/quantityDiscount.ts). `orders.cart_cents` is the goods
-- total after these discounts (the coupon then comes off it, as before).
ALTER TABLE order_items ADD COLUMN discount_percent numeric(5, 2) NOT NULL DEFAULT 0
  CHECK (discount_percent >= 0 AND discount_percent <= 100);
ALTER TABLE order_items ADD COLUMN unit_discount_cents integer NOT NULL DEFAULT 0
  CHECK (unit_discount_cents >= 0 AND unit_discount_cents <= price_cents);
