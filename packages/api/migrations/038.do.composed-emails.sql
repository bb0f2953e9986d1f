-- Session 22, hostile: e-mail addresses are kept composed (NFC) as well as lower-cased (src/validation/comparableEmail.ts).
-- "müller" typed as "u" + U+0308 made an account beside the composed one, and missed its orders in the export and the
-- erasure. SQL has no NFC on every server (PGlite, older PostgreSQL), so the stored rows are rewritten by the
-- migration runner's JavaScript right after this file (src/db/dataMigrations.ts, step 38). No schema change.
SELECT 1;
