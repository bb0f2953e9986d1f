-- Reads and deletes that grew with the shop's history (decisions.md, "A shop three years in", session 15).
-- Built inside the migration's transaction (postgrator runs all pending migrations in one, so not CONCURRENTLY):
-- each holds a SHARE lock on its table while it builds, reads go on, writes wait. Measured at 200,000 orders,
-- 140,000 payments and 100,000 accounts: about 0.4 s for all four. An operator of a much larger database can build
-- them beforehand with CREATE INDEX CONCURRENTLY under these names; IF NOT EXISTS then skips them.
--
-- payments.order_id: the key check of every deleted order. The order retention sweep (limits/retention.ts)
-- deletes up to 1,000 orders in one statement; without an index each of them scanned all of payments. Measured
-- with 200,000 orders and 140,000 payments: 15.3 s for one sweep (holding its orders' row locks, in the order
-- save that triggered it), 126 ms with the index. It also serves PLACED_ORDER's EXISTS and the payment's
-- "supersede the pending one" UPDATE.
CREATE INDEX IF NOT EXISTS payments_order ON payments (order_id);

-- A customer's order history (POST /api/Order/getOrders, GET /api/Order/getCustomerCompanyOrders): both filter on
-- the customer company (each account has its own) and a created_at range. Without an index every page was two
-- scans of all orders (count and page): 151 ms + 92 ms at 200,000 orders, growing with every order the shop
-- takes. Guest orders have no company and stay out of the index.
CREATE INDEX IF NOT EXISTS orders_customer_company ON orders (customer_company_id, created_at)
  WHERE customer_company_id IS NOT NULL;

-- An order by its number, in any letter case (orders/orderAccess.ts: the designs of an order in the account's
-- history, the print file): `upper(order_number)` could not use the unique index on order_number, so every such
-- request, and every probe with an unknown number, read all orders: 65 ms at 200,000 orders. The number never
-- changes, so the index costs one entry per order.
CREATE INDEX IF NOT EXISTS orders_number_upper ON orders (upper(order_number));

-- An address in any letter case (account/registration.ts: "is it taken?" at registration, the resend of a
-- confirmation link; the operator's export and erasure): `lower(email)` could not use the unique index on email,
-- so each read all customers: 24-70 ms at 100,000 accounts, on public requests.
CREATE INDEX IF NOT EXISTS customers_email_lower ON customers (lower(email));
