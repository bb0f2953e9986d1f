-- Session 24, withdrawpick: a declaration of withdrawal may name the withdrawn goods as lines of the order, when the
-- consumer made it from a page that already proved the order theirs (the order page or the account, which carry the
-- order's headerGuid; withdrawals/declaredLines.ts). The operator is then offered these lines as the refund's
-- `--lines` (`lp-api withdrawals`), and the receipt mail lists them (§ 356a BGB: the content of the declaration).
--   lines   [{"line": n, "quantity": q, "article": "…", "madeToOrder": bool}, …]: n the order line as
--           `lp-api orders` counts it (1 = order_items.position 0), q the pieces declared, the article's words as
--           the receipt names them (fixed at receipt: the declaration's content), and whether the line was made to
--           the consumer's specification (§ 312g (2) no. 1 BGB; a hint, never a refusal). NULL: the goods as free
--           text (`items`) or the whole order, as every declaration before this migration.
ALTER TABLE withdrawals ADD COLUMN lines jsonb CHECK (lines IS NULL OR jsonb_typeof(lines) = 'array');
