-- Session 20, a customer changes the account's e-mail address (decisions.md "The customer's own account settings"):
-- the new address is confirmed by a link mailed to it, which is an address confirmation like registration's, so it
-- lives in the same table with the address it would set. NULL: a registration's confirmation of the current address.
-- The link is opened by the account's own session (registration.ts confirmEmail); the erasure takes it with the
-- account as before.
ALTER TABLE email_confirmations
  ADD COLUMN new_email text CHECK (new_email IS NULL OR (new_email = lower(new_email) AND char_length(new_email) <= 254));
