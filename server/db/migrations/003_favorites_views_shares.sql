-- Saved prompts, viewed prompts (recommendations) and one share link per user and prompt.

-- A user's saved prompts ("favourites"): GET/POST /api/my/favorites, `saved` on cards and details.
CREATE TABLE favorites (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prompt_id integer NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, prompt_id)
);
CREATE INDEX favorites_user_created_idx ON favorites (user_id, created_at DESC, prompt_id DESC);
CREATE INDEX favorites_prompt_idx ON favorites (prompt_id);

-- The prompts a signed-in user opened: one row per user and prompt, viewed_at the latest view (the detail
-- call upserts it). Recommendations read the most recent ones.
CREATE TABLE prompt_views (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prompt_id integer NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, prompt_id)
);
CREATE INDEX prompt_views_user_idx ON prompt_views (user_id, viewed_at DESC);

-- A signed-in user has one stable share link per prompt (POST /api/share reuses it).
CREATE UNIQUE INDEX short_links_user_prompt_key ON short_links (owner_id, prompt_id)
  WHERE owner_id IS NOT NULL AND NOT partner;
