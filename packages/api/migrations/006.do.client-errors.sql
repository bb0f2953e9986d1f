-- Legacy id '006_client_errors' (schema_migrations of data folders made before postgrator).
--  Issue 5 (spec 8): error reports of the shop's pages, posted by the storefront's error reporter.
CREATE TABLE client_errors (
  id bigserial PRIMARY KEY,
  severity text NOT NULL CHECK (severity IN ('error', 'warning')),
  component text NOT NULL,
  message text NOT NULL,
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_errors_created ON client_errors (created_at);
