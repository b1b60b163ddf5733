-- Typo lookups (issue 19): the nearest catalog words to a misspelt one come from the trigram index on
-- search_terms (ORDER BY term <-> word LIMIT n). Its GiST signatures were the default 12 bytes, so for
-- short words nearly every signature matched and the nearest-word search visited most of the vocabulary:
-- about 3 ms a lookup (p90 10 ms) over the 5,000 words of a 100,000-prompt catalog. 256-byte signatures
-- hold a word's trigrams almost exactly: 1.3 ms (p90 1.9 ms). The nearest words found are the same; only
-- the order among words at one equal distance may differ.
DROP INDEX search_terms_trgm_idx;
CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops (siglen = 256));
