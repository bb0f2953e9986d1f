-- Session 25, withdrawleft: a declaration whose order proof or lines the API cannot match (an old link, a line the
-- order does not have) is no longer refused but stored as text (§ 356a BGB: a declaration is never lost), the named
-- lines written out before the consumer's own words ("Pos. 2: 1 × Kennzeichenhalter Classic; …"). Up to 100 lines
-- with their words do not fit the 500 characters the free text field allows, so `items` may now hold what the
-- request's 8 KiB body can carry; the form's own field stays at 500 (the contract).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_items_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_items_check
  CHECK (items IS NULL OR char_length(items) BETWEEN 1 AND 8192);
