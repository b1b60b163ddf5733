-- Operator image uploads keyed by what is stored (issue 37): the same picture in other bytes (re-encoded,
-- or with EXIF) re-encodes to the same WebP, which prompt_image_files keeps once (full_sha256 is unique).
-- Each upload's own sha256 is remembered here as a name of the stored file, so an import that names a file
-- by the sha256 of its bytes finds the file its picture is stored in, whichever bytes were stored first.
CREATE TABLE prompt_image_uploads (
  upload_sha256 text PRIMARY KEY CHECK (upload_sha256 ~ '^[0-9a-f]{64}$'),
  sha256 text NOT NULL REFERENCES prompt_image_files (sha256) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prompt_image_uploads_file_idx ON prompt_image_uploads (sha256);

-- The uploads stored so far are their own names.
INSERT INTO prompt_image_uploads (upload_sha256, sha256) SELECT sha256, sha256 FROM prompt_image_files;
