-- Session 25, photo: uploaded pictures are kept without what a camera writes beside the pixels (EXIF GPS position,
-- owner's name, XMP, comments; src/uploads/stripImageMetadata.ts). Uploads stored before are cleaned by the
-- migration runner's JavaScript right after this file (src/db/dataMigrations.ts, step 43). No schema change.
SELECT 1;
