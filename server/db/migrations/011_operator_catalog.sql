-- The operator's catalog (issue 21): prompts can be hidden (out of every public list, search, shelf,
-- related and recommended list, sitemap and detail, kept for their owners' orders), and imported prompts
-- show images uploaded by the operator instead of drawn ones. The image files live in the database, so
-- every process serving it (and every engine) sees the same files.
ALTER TABLE prompts ADD COLUMN hidden boolean NOT NULL DEFAULT false;

-- One uploaded image, re-encoded: keyed by the sha256 of the bytes uploaded; full_sha256 is the sha256 of
-- the full-size WebP (what an export writes), so importing an exported file finds the same image.
CREATE TABLE prompt_image_files (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  full_sha256 text NOT NULL UNIQUE CHECK (full_sha256 ~ '^[0-9a-f]{64}$'),
  -- WebP, 960x720 and 480x360 (server/images IMAGE_SIZES)
  full_webp bytea NOT NULL,
  card_webp bytea NOT NULL,
  source_bytes integer NOT NULL CHECK (source_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A prompt's stored images, in order (n = 0 is the card image). A prompt without rows shows drawn images.
CREATE TABLE prompt_images (
  prompt_id integer NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  n smallint NOT NULL CHECK (n BETWEEN 0 AND 7),
  sha256 text NOT NULL REFERENCES prompt_image_files (sha256),
  PRIMARY KEY (prompt_id, n)
);
CREATE INDEX prompt_images_file_idx ON prompt_images (sha256);
