-- Session 21, mailcase: e-mail addresses are kept and compared in one form, JavaScript's trimmed lower-case
-- (src/validation/comparableEmail.ts), the form accounts already had. The database's lower() was the rule for orders,
-- withdrawals and sandbox mails, and under the C locale it leaves "Ü" as it is: an order placed as "MAX@MÜLLER.DE"
-- escaped the export and the erasure of max@müller.de. The lookups now compare `= $1`, so the indexes follow.
-- The rows already stored are rewritten into that form by the migration runner's JavaScript right after this file
-- (src/db/dataMigrations.ts): no SQL function lower-cases as JavaScript does on every server.
DROP INDEX IF EXISTS orders_guest_email;
CREATE INDEX orders_billing_email ON orders ((billing_person->>'email'));
DROP INDEX IF EXISTS withdrawals_email;
CREATE INDEX withdrawals_email ON withdrawals (email, received_at);
CREATE INDEX outbox_mails_recipient ON outbox_mails (recipient);
