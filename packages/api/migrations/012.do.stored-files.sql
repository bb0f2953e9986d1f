-- Files every API process serves (DESIGN 6; docs/reference/decisions.md, "Uploaded files live in PostgreSQL"):
-- uploaded design images under content-addressed keys ('uploads/<sha256>.png'), so a key never changes its bytes.
CREATE TABLE stored_files (
  key text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- PNG and JPEG are compressed already: keep them out of line without trying to compress them again.
ALTER TABLE stored_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
