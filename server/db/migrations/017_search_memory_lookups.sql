-- Word lookups in memory, and one index for a grade and a generator (issue 19).
--
-- A search's words are now looked up in the vocabulary held in memory (server/catalog/lexicon.ts): its
-- stems, prefixes and nearest words by pg_trgm's trigram distance, computed in JavaScript. The database
-- only stems the words. The lookup function (migrations 012 and 013) and the trigram index it searched are
-- no longer used; the index cost every write of a new catalog word. Processes of an older version call the
-- function: stop them before this migration runs (docs/deploy.md).
DROP FUNCTION search_lookup(text[], integer, integer, integer, text[]);
DROP INDEX search_terms_trgm_idx;

-- A search filtered by grade and generator ANDed the bitmaps of two indexes of a quarter of the catalog
-- each (25,000 entries apiece over 100,000 prompts, 2.2 ms a statement on PGlite); this index gives the
-- sixteenth of the catalog in one bitmap. The indexes of one column stay: for one filter alone, and on
-- PostgreSQL before 18 (no skip scan) for a generator without a grade.
CREATE INDEX prompts_grade_generator_idx ON prompts (grade, generator_type);
