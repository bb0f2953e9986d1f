-- Session 25, upgrade: which stored files were checked for camera metadata (src/uploads/stripStoredUploads.ts).
-- Migration 043's data step cleaned every stored upload inside the start's one migration transaction: on a shop with
-- a year of uploads (1 GB) the API did not listen until all were rewritten, and a failure at the last file redid
-- them all. The API now cleans them after it started, a few per transaction, resuming where it stopped; until a
-- file is cleaned, /uploads/ strips it as it serves it. Every row written before this migration, or later by a
-- process of the previous version, is unchecked (the default); the cleaner marks each row it has checked. Adding a
-- column with a constant default rewrites no row.
ALTER TABLE stored_files ADD COLUMN metadata_checked boolean NOT NULL DEFAULT false;
CREATE INDEX stored_files_unchecked ON stored_files (key) WHERE NOT metadata_checked;
