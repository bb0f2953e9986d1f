-- Fixed-window hit counters shared by every API process (DESIGN 6: limits hold in a cluster): the mutation rate
-- limit ('mutation:<address>') and the login-failure limit ('login:<address>'). One row per key and window; a hit
-- is one atomic INSERT ... ON CONFLICT DO UPDATE, so two processes never both see the same count.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
-- Expired windows are swept by reset_at.
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
