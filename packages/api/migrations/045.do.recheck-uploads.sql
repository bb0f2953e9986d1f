-- Session 26, hostile26: the metadata stripper (src/uploads/stripImageMetadata.ts) now drops every ancillary PNG
-- chunk that does not describe the pixels (it kept ImageMagick's pre-standard 'exIf' EXIF chunk, 'zxIf' and C2PA's
-- 'caBX') and JPEG APP0 segments other than JFIF (a JFXX thumbnail shows the photo before it was cropped). Uploads
-- checked by the earlier stripper are checked once more: the API's background cleaning (migration 044) takes them
-- after the start, a few per transaction, and /uploads/ strips each as it serves it until then. No row is read here.
UPDATE stored_files SET metadata_checked = false WHERE metadata_checked AND key LIKE 'uploads/%';
