-- Session 16: a forgotten password is reset through a mailed link. One live link per account (the key): a new
-- request replaces the earlier one, so only the newest mail's link works. Only a SHA-256 of the link's token is
-- stored, like sessions and confirmation links; `created_at` limits the mails to one per address a minute. An
-- account's erasure takes its link with it (ON DELETE CASCADE).
CREATE TABLE password_resets (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
