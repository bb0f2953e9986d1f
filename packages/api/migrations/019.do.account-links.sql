-- Orders and carts name their account (`orders.customer_id`, `carts.user_id`) without a foreign key since 002. On
-- PostgreSQL `lp-api customer delete` runs beside the serving API: an order saved or a cart attached through the
-- account's session in the milliseconds of the erasure kept the deleted account's id (and, for the order, the
-- billing e-mail the erasure removes from the others). With the keys, the database closes that gap: the save's
-- key check waits for the erasure's lock on the account row and then fails (the account is gone), or the erasure
-- waits for the save and then finds its order. NO ACTION, not SET NULL: the erasure unlinks everything it found
-- itself, so a delete that would leave a linked row fails whole instead of leaving a row half erased.
--
-- Links to accounts that no longer exist (left by that gap) are removed first, as the erasure would have done.
-- No index: the key is checked on a customer's delete (an erasure, a few times a year), by a scan.
UPDATE orders o SET customer_id = NULL, customer_company_id = NULL, customer_company_group_role_id = NULL
 WHERE o.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = o.customer_id);
UPDATE carts k SET user_id = NULL
 WHERE k.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = k.user_id);

ALTER TABLE orders ADD CONSTRAINT orders_customer_fkey FOREIGN KEY (customer_id) REFERENCES customers (id);
ALTER TABLE carts ADD CONSTRAINT carts_user_fkey FOREIGN KEY (user_id) REFERENCES customers (id);
