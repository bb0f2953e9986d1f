-- Legacy id '005_account_sessions' (schema_migrations of data folders made before postgrator).
--  Issue 6: login sessions; only a SHA-256 of the random token is stored, the cookie holds the token.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_customer ON sessions (customer_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
