-- Search plans from the vocabulary (issue 19): besides `docs` (prompts whose title, tags or description use
-- a term), how many use it in the title, and in the title or tags. A search's relevance groups are "the
-- title matches", "the title or tags match", "anything matches" (migration 002); with these counts the
-- server estimates each group's size and chooses, before it asks, between reading a group's matches by its
-- index and walking the popularity index, without first reading up to a thousand matches to find out.
-- Approximate like `docs`: added to as prompts are written, never taken from.

ALTER TABLE search_terms
  ADD COLUMN title_docs integer NOT NULL DEFAULT 0 CHECK (title_docs >= 0),
  ADD COLUMN label_docs integer NOT NULL DEFAULT 0 CHECK (label_docs >= 0);

-- The distinct terms of one prompt (the same terms as prompt_terms), and where each occurs: in_title is
-- "a word of the title or of a tag" like search_terms.in_title, title_only "a word of the title".
CREATE FUNCTION prompt_term_places(title text, tags text[], description text)
RETURNS TABLE (term text, is_tag boolean, in_title boolean, title_only boolean)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.term, bool_or(w.is_tag), bool_or(w.in_title), bool_or(w.title_only)
  FROM (
    SELECT lower(t) AS term, true AS is_tag, true AS in_title, false AS title_only FROM unnest(tags) AS t
    UNION ALL
    SELECT regexp_split_to_table(lower(title), '[^[:alnum:]]+'), false, true, true
    UNION ALL
    SELECT regexp_split_to_table(lower(array_to_string(tags, ' ')), '[^[:alnum:]]+'), false, true, false
    UNION ALL
    SELECT regexp_split_to_table(lower(description), '[^[:alnum:]]+'), false, false, false
  ) AS w
  WHERE length(w.term) BETWEEN 2 AND 60
  GROUP BY w.term
$$;

-- As in migration 002, and the two new counts.
CREATE OR REPLACE FUNCTION search_terms_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS s (term, lexeme, docs, title_docs, label_docs, is_tag, in_title)
  SELECT x.term, x.lexeme, x.docs, x.title_docs, x.label_docs, x.is_tag, x.in_title
  FROM (
    SELECT t.term, count(*)::integer AS docs,
           (count(*) FILTER (WHERE t.title_only))::integer AS title_docs,
           (count(*) FILTER (WHERE t.in_title))::integer AS label_docs,
           bool_or(t.is_tag) AS is_tag, bool_or(t.in_title) AS in_title,
           (SELECT min(v.lexeme) FROM unnest(to_tsvector('english'::regconfig, t.term)) AS v) AS lexeme
    FROM jsonb_to_recordset(rows) AS p(title text, tags text[], description text),
         LATERAL prompt_term_places(p.title, p.tags, p.description) AS t
    GROUP BY t.term
  ) AS x
  -- stop words have no lexeme: they are never searched for
  WHERE x.lexeme IS NOT NULL
  ON CONFLICT (term) DO UPDATE
    SET docs = s.docs + EXCLUDED.docs,
        title_docs = s.title_docs + EXCLUDED.title_docs,
        label_docs = s.label_docs + EXCLUDED.label_docs,
        is_tag = s.is_tag OR EXCLUDED.is_tag,
        in_title = s.in_title OR EXCLUDED.in_title
$$;

-- The counts of the prompts written before this migration.
UPDATE search_terms AS s
SET title_docs = x.title_docs, label_docs = x.label_docs
FROM (
  SELECT t.term,
         (count(*) FILTER (WHERE t.title_only))::integer AS title_docs,
         (count(*) FILTER (WHERE t.in_title))::integer AS label_docs
  FROM prompts AS p, LATERAL prompt_term_places(p.title, p.tags, '') AS t
  GROUP BY t.term
) AS x
WHERE s.term = x.term;
