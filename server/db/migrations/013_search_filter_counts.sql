-- Filtered searches plan from real shares (issue 19): a search with a grade or a generator filter estimated
-- its matches as the word's count times a fixed share of the catalog (1/3 per grade, 1/4 per generator),
-- off by up to 20 times for a word (words go with generators and prices), so it chose the wrong plan and
-- ran 4 to 5 statements. Each term now also counts its prompts per grade and generator: filter_docs[k],
-- k = grade * 4 + generator_type (1 to 12), prompts whose title, tags or description use it (like docs).
-- Approximate like docs: added to as prompts are written (a grade changed alone is not counted again).

ALTER TABLE search_terms ADD COLUMN filter_docs integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0,0,0,0,0}';

-- Element-wise sums of count arrays (a missing element counts 0), and their aggregate.
CREATE FUNCTION search_filter_docs_add(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(COALESCE(x, 0) + COALESCE(y, 0) ORDER BY i), '{}')
  FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
CREATE AGGREGATE search_filter_docs_sum(integer[]) (
  SFUNC = search_filter_docs_add, STYPE = integer[], INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0}'
);

-- As in migration 008, and the counts per grade and generator (rows also give grade and generator_type).
CREATE OR REPLACE FUNCTION search_terms_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS s (term, lexeme, docs, title_docs, label_docs, filter_docs, is_tag, in_title)
  SELECT x.term, x.lexeme, x.docs, x.title_docs, x.label_docs, x.filter_docs, x.is_tag, x.in_title
  FROM (
    SELECT t.term, count(*)::integer AS docs,
           (count(*) FILTER (WHERE t.title_only))::integer AS title_docs,
           (count(*) FILTER (WHERE t.in_title))::integer AS label_docs,
           ARRAY[count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 1),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 2),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 3),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 4),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 5),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 6),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 7),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 8),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 9),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 10),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 11),
                 count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 12)]::integer[] AS filter_docs,
           bool_or(t.is_tag) AS is_tag, bool_or(t.in_title) AS in_title,
           (SELECT min(v.lexeme) FROM unnest(to_tsvector('english'::regconfig, t.term)) AS v) AS lexeme
    FROM jsonb_to_recordset(rows) AS p(title text, tags text[], description text, grade integer,
                                       generator_type integer),
         LATERAL prompt_term_places(p.title, p.tags, p.description) AS t
    GROUP BY t.term
  ) AS x
  -- stop words have no lexeme: they are never searched for
  WHERE x.lexeme IS NOT NULL
  ON CONFLICT (term) DO UPDATE
    SET docs = s.docs + EXCLUDED.docs,
        title_docs = s.title_docs + EXCLUDED.title_docs,
        label_docs = s.label_docs + EXCLUDED.label_docs,
        filter_docs = search_filter_docs_add(s.filter_docs, EXCLUDED.filter_docs),
        is_tag = s.is_tag OR EXCLUDED.is_tag,
        in_title = s.in_title OR EXCLUDED.in_title
$$;

-- As in migration 002, with each row's grade and generator.
CREATE OR REPLACE FUNCTION prompts_terms_insert_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add((SELECT coalesce(jsonb_agg(jsonb_build_object(
    'title', n.title, 'tags', n.tags, 'description', n.description, 'grade', n.grade,
    'generator_type', n.generator_type)), '[]'::jsonb) FROM new_prompts AS n));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION prompts_terms_update_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(jsonb_build_array(jsonb_build_object(
    'title', NEW.title, 'tags', NEW.tags, 'description', NEW.description, 'grade', NEW.grade,
    'generator_type', NEW.generator_type)));
  RETURN NULL;
END
$$;

-- A prompt moved to another grade or generator (the operator's `catalog price`, an import) counts in its
-- new cell too: like an edited text, the counts stay upper bounds the plan starts from.
DROP TRIGGER prompts_terms_update ON prompts;
CREATE TRIGGER prompts_terms_update AFTER UPDATE OF title, tags, description, grade, generator_type ON prompts
  FOR EACH ROW EXECUTE FUNCTION prompts_terms_update_trigger();

-- The counts of the prompts written before this migration.
UPDATE search_terms AS s
SET filter_docs = x.filter_docs
FROM (
  SELECT t.term,
         ARRAY[
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 1),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 2),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 3),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 4),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 5),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 6),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 7),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 8),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 9),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 10),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 11),
               count(*) FILTER (WHERE p.grade * 4 + p.generator_type = 12)
         ]::integer[] AS filter_docs
  FROM prompts AS p, LATERAL prompt_term_places(p.title, p.tags, p.description) AS t
  GROUP BY t.term
) AS x
WHERE s.term = x.term;

-- As in migration 012, and each count with its counts per grade and generator (filter_docs).
CREATE OR REPLACE FUNCTION search_lookup(text[], integer, integer, integer, text[])
RETURNS TABLE (found_words jsonb, found_terms jsonb)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $fn$
BEGIN
  RETURN QUERY
  SELECT x.words, x.terms FROM (
    WITH looked_up AS (
      SELECT w.word, e.stop, e.terms, e.docs, e.title_docs, e.label_docs, e.filter_docs, f.n AS prefix_terms,
             CASE WHEN f.n > 0 THEN jsonb_build_object('docs', f.docs, 'title_docs', f.title_docs,
                                                       'label_docs', f.label_docs,
                                                       'filter_docs', f.filter_docs) END AS prefix,
             n.near
      FROM unnest($1::text[]) AS w(word)
      CROSS JOIN LATERAL (
        SELECT l.lexemes = '{}'::text[] AS stop,
               COALESCE(array_agg(s.term ORDER BY s.docs DESC) FILTER (WHERE s.term IS NOT NULL), '{}') AS terms,
               COALESCE(sum(s.docs), 0)::integer AS docs,
               COALESCE(sum(s.title_docs), 0)::integer AS title_docs,
               COALESCE(sum(s.label_docs), 0)::integer AS label_docs,
               search_filter_docs_sum(s.filter_docs) AS filter_docs
        FROM (SELECT tsvector_to_array(to_tsvector('english', w.word)) AS lexemes) AS l
        LEFT JOIN search_terms s ON s.lexeme = ANY (l.lexemes)
        GROUP BY l.lexemes
      ) AS e
      CROSS JOIN LATERAL (
        SELECT count(*)::integer AS n, COALESCE(sum(x.docs), 0)::integer AS docs,
               COALESCE(sum(x.title_docs), 0)::integer AS title_docs,
               COALESCE(sum(x.label_docs), 0)::integer AS label_docs,
               search_filter_docs_sum(x.filter_docs) AS filter_docs
        FROM (SELECT s.docs, s.title_docs, s.label_docs, s.filter_docs FROM search_terms s
              WHERE NOT e.stop AND cardinality(e.terms) = 0 AND length(w.word) >= 2
                AND s.term LIKE w.word || '%' AND s.term <> w.word
              LIMIT $3) AS x
      ) AS f
      LEFT JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object('term', c.term, 'lexeme', c.lexeme, 'distance', c.distance,
                         'terms', g.terms, 'docs', g.docs, 'title_docs', g.title_docs, 'label_docs', g.label_docs,
                         'filter_docs', g.filter_docs)
                         ORDER BY c.distance, c.docs DESC) AS near
        FROM (SELECT s.term, s.lexeme, s.docs, s.term <-> w.word AS distance FROM search_terms s
              WHERE NOT e.stop AND cardinality(e.terms) = 0 AND f.n = 0 AND length(w.word) >= $2
              ORDER BY s.term <-> w.word LIMIT $4) AS c
        CROSS JOIN LATERAL (
          SELECT array_agg(s.term) AS terms, sum(s.docs)::integer AS docs,
                 sum(s.title_docs)::integer AS title_docs, sum(s.label_docs)::integer AS label_docs,
                 search_filter_docs_sum(s.filter_docs) AS filter_docs
          FROM search_terms s WHERE s.lexeme = c.lexeme
        ) AS g
      ) AS n ON true
    )
    SELECT (SELECT COALESCE(jsonb_agg(to_jsonb(l)), '[]'::jsonb) FROM looked_up AS l) AS words,
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('term', s.term, 'docs', s.docs,
                     'title_docs', s.title_docs, 'label_docs', s.label_docs,
                     'filter_docs', s.filter_docs)), '[]'::jsonb)
            FROM search_terms s WHERE s.term = ANY ($5::text[])) AS terms
  ) AS x;
END
$fn$;
