-- The keys that sign access tokens when JWT_SECRET is unset (issue 20): kept in the database so that every
-- process on it signs and verifies with the same keys. A token's header names its key (`kid` = id). The
-- key of the highest generation is the current one (it signs new tokens); older keys only verify, until
-- the tokens they signed have expired and `npm run keys -- prune` (or the automatic clean-up) deletes
-- them. The first key is created by the first process that needs one (server/auth/signing-keys.ts):
-- generation is unique, so two processes starting together insert one key between them.
CREATE TABLE signing_keys (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  generation integer NOT NULL UNIQUE CHECK (generation > 0),
  -- 32 random bytes, base64url
  secret text NOT NULL CHECK (length(secret) >= 43),
  created_at timestamptz NOT NULL DEFAULT now()
);
