-- Session 17, § 356a BGB: the receipt of a declaration of withdrawal is owed until it was handed to the mail
-- transport, like the order confirmation (migration 020; decisions.md "The order confirmation survives a crash and a
-- mail server that is down"). The declaring request claims the first attempt in its insert; a receipt the transport
-- refused (the mail server was down) or a process that died before the hand-over is sent by the API's sweep
-- (mail/owedMails.ts) once `receipt_next_attempt_at` has passed, with growing pauses, at most 14 attempts. NULL:
-- not owed by the sweep: a receipt held by the daily cap per address, and every declaration stored before this
-- migration (the earlier build told the operator to send a missing receipt by hand; the upgrade mails nobody).
-- Adding the columns with a constant default rewrites no row.
ALTER TABLE withdrawals
  ADD COLUMN receipt_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN receipt_next_attempt_at timestamptz;
-- The sweep's question, "which receipts are due?", reads only the few still owed.
CREATE INDEX withdrawals_receipt_due ON withdrawals (receipt_next_attempt_at)
  WHERE confirmation_sent_at IS NULL AND receipt_next_attempt_at IS NOT NULL;
