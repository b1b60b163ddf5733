-- Full-text search of the catalog (GET /api/prompts?q=), typo tolerance and search suggestions.
-- Works the same on PGlite (server/db/pglite.ts loads the pg_trgm contrib module) and on PostgreSQL 13+
-- (pg_trgm is a trusted extension there: the database owner may create it).
--
-- What is searchable: title, tags and the generator's name, description. Never the template: a search
-- for words of a paid template would reveal them (requirements §C2).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Three documents per prompt, kept by a trigger (a generated column cannot use array_to_string, which is
-- not immutable), each with a GIN index:
--   title_doc   the title                                          (weight A)
--   label_doc   the title, the tags and the generator's name       (A, B)
--   search_doc  all of it and the description                      (A, B, C)
-- A search matches search_doc; relevance puts prompts whose title alone matches first, then those whose
-- title and tags match, then the rest, each group by popularity. Asking the small documents which group a
-- prompt is in is cheap, and lets the database walk the popularity index instead of ranking every match.
ALTER TABLE prompts
  ADD COLUMN title_doc tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN label_doc tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN search_doc tsvector NOT NULL DEFAULT ''::tsvector;
-- Kept in the row (MAIN): a row over 2 kB otherwise moves its largest value, search_doc, to the TOAST
-- table, and every match test would fetch it from there. Template and description move out first.
ALTER TABLE prompts
  ALTER COLUMN title_doc SET STORAGE MAIN,
  ALTER COLUMN label_doc SET STORAGE MAIN,
  ALTER COLUMN search_doc SET STORAGE MAIN;

CREATE FUNCTION prompts_label_text(tags text[], generator_type smallint) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT array_to_string(tags, ' ') || ' ' ||
         CASE generator_type WHEN 1 THEN 'midjourney' WHEN 2 THEN 'dalle dall-e' WHEN 3 THEN 'chatgpt gpt'
                             ELSE 'kling video' END
$$;

CREATE FUNCTION prompts_search_docs_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_doc := setweight(to_tsvector('english'::regconfig, NEW.title), 'A');
  NEW.label_doc := NEW.title_doc
    || setweight(to_tsvector('english'::regconfig, prompts_label_text(NEW.tags, NEW.generator_type)), 'B');
  NEW.search_doc := NEW.label_doc || setweight(to_tsvector('english'::regconfig, NEW.description), 'C');
  RETURN NEW;
END
$$;

CREATE TRIGGER prompts_search_docs_insert BEFORE INSERT ON prompts
  FOR EACH ROW EXECUTE FUNCTION prompts_search_docs_trigger();
-- Only when a searchable column changes: counting a view (UPDATE ... SET views) does not recompute them.
CREATE TRIGGER prompts_search_docs_update BEFORE UPDATE OF title, tags, generator_type, description ON prompts
  FOR EACH ROW EXECUTE FUNCTION prompts_search_docs_trigger();

-- Prompts written before this migration (the update trigger computes their documents).
UPDATE prompts SET title = title;

CREATE INDEX prompts_title_doc_idx ON prompts USING gin (title_doc);
CREATE INDEX prompts_label_doc_idx ON prompts USING gin (label_doc);
CREATE INDEX prompts_search_doc_idx ON prompts USING gin (search_doc);
-- Trending order (views + 25 * sales, then id): lists, home shelves, and each relevance group of a search.
CREATE INDEX prompts_trending_idx ON prompts ((views + sales * 25) DESC, id ASC);
-- Price orders: grade, then the price in that grade's currency.
CREATE INDEX prompts_price_idx ON prompts (grade, (COALESCE(price_fruit, price_cents, 0)), id);

-- The catalog's vocabulary: every word of a title, tag or description, and every whole tag. Search looks
-- up its terms here (known word, prefix of a word, or a typo of a word by trigram distance) and the
-- suggestions of a search without results come from here. Rows are added as prompts are written and never
-- removed, so `docs` (how many prompts used the term) is approximate after edits.
CREATE TABLE search_terms (
  term text PRIMARY KEY CHECK (length(term) BETWEEN 2 AND 60),
  -- the term's English stem as it appears in search_doc
  lexeme text NOT NULL,
  docs integer NOT NULL DEFAULT 0 CHECK (docs >= 0),
  -- a whole tag, or a word of a title or tag (preferred as suggestions over description words)
  is_tag boolean NOT NULL DEFAULT false,
  in_title boolean NOT NULL DEFAULT false
);
-- nearest terms (typos, suggestions: ORDER BY term <-> word) and prefixes (term LIKE 'portr%')
CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops);
CREATE INDEX search_terms_lexeme_idx ON search_terms (lexeme);
CREATE INDEX search_terms_tags_idx ON search_terms (docs DESC) WHERE is_tag;

-- The distinct terms of one prompt: lower-case words of 2 to 60 characters, and whole tags.
CREATE FUNCTION prompt_terms(title text, tags text[], description text)
RETURNS TABLE (term text, is_tag boolean, in_title boolean) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.term, bool_or(w.is_tag), bool_or(w.in_title)
  FROM (
    SELECT lower(t) AS term, true AS is_tag, true AS in_title FROM unnest(tags) AS t
    UNION ALL
    SELECT regexp_split_to_table(lower(title || ' ' || array_to_string(tags, ' ')), '[^[:alnum:]]+'), false, true
    UNION ALL
    SELECT regexp_split_to_table(lower(description), '[^[:alnum:]]+'), false, false
  ) AS w
  WHERE length(w.term) BETWEEN 2 AND 60
  GROUP BY w.term
$$;

-- Adds the terms of a set of prompts (given as JSON rows with title, tags, description) to the vocabulary.
CREATE FUNCTION search_terms_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS s (term, lexeme, docs, is_tag, in_title)
  SELECT x.term, x.lexeme, x.docs, x.is_tag, x.in_title
  FROM (
    SELECT t.term, count(*)::integer AS docs, bool_or(t.is_tag) AS is_tag, bool_or(t.in_title) AS in_title,
           (SELECT min(v.lexeme) FROM unnest(to_tsvector('english'::regconfig, t.term)) AS v) AS lexeme
    FROM jsonb_to_recordset(rows) AS p(title text, tags text[], description text),
         LATERAL prompt_terms(p.title, p.tags, p.description) AS t
    GROUP BY t.term
  ) AS x
  -- stop words have no lexeme: they are never searched for
  WHERE x.lexeme IS NOT NULL
  ON CONFLICT (term) DO UPDATE
    SET docs = s.docs + EXCLUDED.docs,
        is_tag = s.is_tag OR EXCLUDED.is_tag,
        in_title = s.in_title OR EXCLUDED.in_title
$$;

CREATE FUNCTION prompts_terms_insert_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add((SELECT coalesce(jsonb_agg(jsonb_build_object(
    'title', n.title, 'tags', n.tags, 'description', n.description)), '[]'::jsonb) FROM new_prompts AS n));
  RETURN NULL;
END
$$;

CREATE FUNCTION prompts_terms_update_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(jsonb_build_array(jsonb_build_object(
    'title', NEW.title, 'tags', NEW.tags, 'description', NEW.description)));
  RETURN NULL;
END
$$;

-- A bulk insert (the seed) adds its vocabulary once per statement; an edit adds the edited row's terms.
CREATE TRIGGER prompts_terms_insert AFTER INSERT ON prompts
  REFERENCING NEW TABLE AS new_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION prompts_terms_insert_trigger();
CREATE TRIGGER prompts_terms_update AFTER UPDATE OF title, tags, description ON prompts
  FOR EACH ROW EXECUTE FUNCTION prompts_terms_update_trigger();

-- The vocabulary of prompts written before this migration.
SELECT search_terms_add(coalesce(
  (SELECT jsonb_agg(jsonb_build_object('title', title, 'tags', tags, 'description', description)) FROM prompts),
  '[]'::jsonb));
