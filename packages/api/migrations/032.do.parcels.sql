-- Session 19, shipping2: an order in several parcels. A plate shop ships the holders and stock items at once and the
-- plates made to order a day later, in two parcels with two tracking numbers: `shipments` becomes one row per parcel
-- (`lp-api orders ship <n> --lines …`, fulfilment/shipments.ts), each with its own Versandbestätigung (the owed-mail
-- columns of 029 stay per row, now keyed by the row's own `id`).
--   parcel  1, 2, … within the order (the order's parcels in the order they were recorded).
--   lines   what the parcel holds: [{"line": n, "quantity": q}, …], n the order line as the shopper and the packers
--           count it (1 = the line at order_items.position 0; the save writes positions 0, 1, …). NULL: every line in
--           full, as every row recorded before this migration (one shipment = the whole order) keeps meaning.
-- An order is shipped when a parcel holds it whole (lines NULL) or its parcels hold every line's quantity.
-- Existing rows become parcel 1 of their order, unchanged; no mail is owed by the upgrade.
ALTER TABLE shipments DROP CONSTRAINT shipments_pkey;
ALTER TABLE shipments ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
ALTER TABLE shipments ADD COLUMN parcel smallint NOT NULL DEFAULT 1 CHECK (parcel BETWEEN 1 AND 99);
ALTER TABLE shipments ADD COLUMN lines jsonb CHECK (lines IS NULL OR jsonb_typeof(lines) = 'array');
-- Two operators recording a parcel of one order at once both read "n parcels so far" and insert parcel n + 1: one of
-- them wins, the other reads again (fulfilment/shipments.ts). Also the index of "the parcels of this order".
ALTER TABLE shipments ADD CONSTRAINT shipments_order_parcel UNIQUE (order_id, parcel);
