-- The vocabulary lookup of a search (server/catalog/search-words.ts lookUp), as a function whose plan is made
-- once per connection and kept (issue 19): sent as a statement of its own, this query of several lateral
-- joins took longer to plan (1.5 to 6 ms on PGlite) than to run (0.3 to 0.5 ms), on every search with a
-- word not yet remembered. PL/pgSQL keeps the plans of its queries; plan_cache_mode = force_generic_plan
-- makes it use one plan for every argument (the plan does not depend on them: the words are joined one
-- by one through the stem, trigram and term indexes).
--
-- Arguments: the words, the shortest word looked up for typos, the most prefix terms summed, the nearest
-- terms looked at for a typo, the exact terms (phrases as tags, tag filters). One row: words and terms,
-- as JSON arrays (see lookUp).
CREATE FUNCTION search_lookup(text[], integer, integer, integer, text[])
RETURNS TABLE (found_words jsonb, found_terms jsonb)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $fn$
BEGIN
  RETURN QUERY
  SELECT x.words, x.terms FROM (
    WITH looked_up AS (
      SELECT w.word, e.stop, e.terms, e.docs, e.title_docs, e.label_docs, f.n AS prefix_terms,
             CASE WHEN f.n > 0 THEN jsonb_build_object('docs', f.docs, 'title_docs', f.title_docs,
                                                       'label_docs', f.label_docs) END AS prefix,
             n.near
      FROM unnest($1::text[]) AS w(word)
      CROSS JOIN LATERAL (
        SELECT l.lexemes = '{}'::text[] AS stop,
               COALESCE(array_agg(s.term ORDER BY s.docs DESC) FILTER (WHERE s.term IS NOT NULL), '{}') AS terms,
               COALESCE(sum(s.docs), 0)::integer AS docs,
               COALESCE(sum(s.title_docs), 0)::integer AS title_docs,
               COALESCE(sum(s.label_docs), 0)::integer AS label_docs
        FROM (SELECT tsvector_to_array(to_tsvector('english', w.word)) AS lexemes) AS l
        LEFT JOIN search_terms s ON s.lexeme = ANY (l.lexemes)
        GROUP BY l.lexemes
      ) AS e
      CROSS JOIN LATERAL (
        SELECT count(*)::integer AS n, COALESCE(sum(x.docs), 0)::integer AS docs,
               COALESCE(sum(x.title_docs), 0)::integer AS title_docs,
               COALESCE(sum(x.label_docs), 0)::integer AS label_docs
        FROM (SELECT s.docs, s.title_docs, s.label_docs FROM search_terms s
              WHERE NOT e.stop AND cardinality(e.terms) = 0 AND length(w.word) >= 2
                AND s.term LIKE w.word || '%' AND s.term <> w.word
              LIMIT $3) AS x
      ) AS f
      LEFT JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object('term', c.term, 'lexeme', c.lexeme, 'distance', c.distance,
                         'terms', g.terms, 'docs', g.docs, 'title_docs', g.title_docs, 'label_docs', g.label_docs)
                         ORDER BY c.distance, c.docs DESC) AS near
        FROM (SELECT s.term, s.lexeme, s.docs, s.term <-> w.word AS distance FROM search_terms s
              WHERE NOT e.stop AND cardinality(e.terms) = 0 AND f.n = 0 AND length(w.word) >= $2
              ORDER BY s.term <-> w.word LIMIT $4) AS c
        CROSS JOIN LATERAL (
          SELECT array_agg(s.term) AS terms, sum(s.docs)::integer AS docs,
                 sum(s.title_docs)::integer AS title_docs, sum(s.label_docs)::integer AS label_docs
          FROM search_terms s WHERE s.lexeme = c.lexeme
        ) AS g
      ) AS n ON true
    )
    SELECT (SELECT COALESCE(jsonb_agg(to_jsonb(l)), '[]'::jsonb) FROM looked_up AS l) AS words,
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('term', s.term, 'docs', s.docs,
                     'title_docs', s.title_docs, 'label_docs', s.label_docs)), '[]'::jsonb)
            FROM search_terms s WHERE s.term = ANY ($5::text[])) AS terms
  ) AS x;
END
$fn$;
