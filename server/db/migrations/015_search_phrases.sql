-- Phrase estimates (issue 19): a quoted phrase ("sticker sheet") was estimated from its words' counts as
-- if they were independent, about 60 titles where 1,417 hold it: words that go together in titles and
-- tags are far more often next to each other than that. The plan then read every match to count them,
-- and read again. The vocabulary now also counts pairs of stems next to each other (as the phrase
-- operator <-> sees them): in how many titles (title_doc) and titles or tags (label_doc). Descriptions are
-- not counted (their pairs are many and seldom searched). Approximate like search_terms: added to as
-- prompts are written, never taken from.

CREATE TABLE search_phrases (
  -- two stems, as in the documents, separated by a space ('sticker sheet')
  phrase text PRIMARY KEY,
  title_docs integer NOT NULL DEFAULT 0 CHECK (title_docs >= 0),
  label_docs integer NOT NULL DEFAULT 0 CHECK (label_docs >= 0)
);

-- The distinct pairs of stems next to each other in a prompt's label document (it holds the title), and
-- whether the pair is in the title document.
CREATE FUNCTION prompt_phrases(title_doc tsvector, label_doc tsvector)
RETURNS TABLE (phrase text, in_title boolean) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH at AS (
    SELECT d.title, u.lexeme, p
    FROM (VALUES (true, title_doc), (false, label_doc)) AS d(title, doc),
         LATERAL unnest(d.doc) AS u,
         LATERAL unnest(u.positions) AS p
  )
  SELECT a.lexeme || ' ' || b.lexeme, bool_or(a.title)
  FROM at AS a JOIN at AS b ON b.title = a.title AND b.p = a.p + 1
  GROUP BY 1
$$;

CREATE FUNCTION prompts_phrases_insert_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_phrases AS s (phrase, title_docs, label_docs)
  SELECT x.phrase, (count(*) FILTER (WHERE x.in_title))::integer, count(*)::integer
  FROM new_prompts AS n, LATERAL prompt_phrases(n.title_doc, n.label_doc) AS x
  GROUP BY x.phrase
  ON CONFLICT (phrase) DO UPDATE
    SET title_docs = s.title_docs + EXCLUDED.title_docs,
        label_docs = s.label_docs + EXCLUDED.label_docs;
  RETURN NULL;
END
$$;

CREATE FUNCTION prompts_phrases_update_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_phrases AS s (phrase, title_docs, label_docs)
  SELECT x.phrase, CASE WHEN x.in_title THEN 1 ELSE 0 END, 1
  FROM prompt_phrases(NEW.title_doc, NEW.label_doc) AS x
  ON CONFLICT (phrase) DO UPDATE
    SET title_docs = s.title_docs + EXCLUDED.title_docs,
        label_docs = s.label_docs + EXCLUDED.label_docs;
  RETURN NULL;
END
$$;

-- A bulk insert adds its pairs once per statement; an edit of a title or tags adds the edited row's.
CREATE TRIGGER prompts_phrases_insert AFTER INSERT ON prompts
  REFERENCING NEW TABLE AS new_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION prompts_phrases_insert_trigger();
CREATE TRIGGER prompts_phrases_update AFTER UPDATE OF title, tags, generator_type ON prompts
  FOR EACH ROW WHEN (OLD.label_doc IS DISTINCT FROM NEW.label_doc)
  EXECUTE FUNCTION prompts_phrases_update_trigger();

-- The pairs of the prompts written before this migration.
INSERT INTO search_phrases (phrase, title_docs, label_docs)
SELECT x.phrase, (count(*) FILTER (WHERE x.in_title))::integer, count(*)::integer
FROM prompts AS p, LATERAL prompt_phrases(p.title_doc, p.label_doc) AS x
GROUP BY x.phrase;
