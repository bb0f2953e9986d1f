-- The delivery time a shipping method promises within Germany ('1–3 Werktage'), as the shop owner words it: German
-- law asks a shop to state it before the order (Art. 246a § 1 (1) no. 7 EGBGB, § 312j (2) BGB) and in the order
-- confirmation (decisions.md, "Delivery time", session 15). Free text, shown as written; NULL states none (the
-- storefront and the mail then leave the line out). Existing shops keep NULL: only their owner can say what they
-- promise (UPDATE shipping_methods SET delivery_time = '…' WHERE id = …).
ALTER TABLE shipping_methods ADD COLUMN delivery_time text
  CHECK (delivery_time IS NULL OR char_length(delivery_time) BETWEEN 1 AND 100);
