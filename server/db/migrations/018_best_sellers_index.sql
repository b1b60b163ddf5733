-- Recommendations for a visitor (issue 19's catalog at scale): each generator's best sellers in turn. The
-- page numbered and sorted every visible prompt to take 24 of them: 330 ms for 100,000 prompts on
-- PGlite, for the first visitor after each catalog change and for every member without a history (whose
-- answers are not shared). This index gives each generator's best sellers in order, so a page reads only
-- the prompts up to its own end (server/catalog/recommended.ts, bestSellers).
CREATE INDEX prompts_generator_sales_idx ON prompts (generator_type, sales DESC, id) WHERE NOT hidden;
