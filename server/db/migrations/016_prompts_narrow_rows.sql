-- Narrow catalog rows (issue 19). A search reads every match's row to test it, rank it and count it, and
-- a prompt's row held its template, description, example art and variables too: about 2.3 kB, three or
-- four prompts to a page, so a search of a thousand matches read nearly a thousand pages. What a search
-- reads stays in the row, uncompressed (the search documents and tags: PLAIN); what only a card or the
-- detail page shows moves to the TOAST table whenever a row is stored over its threshold (2 kB), down to
-- 256 bytes instead of 2 kB, so about twice as many prompts share a page.
ALTER TABLE prompts
  ALTER COLUMN title_doc SET STORAGE PLAIN,
  ALTER COLUMN label_doc SET STORAGE PLAIN,
  ALTER COLUMN search_doc SET STORAGE PLAIN,
  ALTER COLUMN tags SET STORAGE PLAIN,
  SET (toast_tuple_target = 256);

-- The rows stored before take the new layout: the table is written anew (in id order), which also leaves no
-- dead rows behind (the embedded database has no autovacuum).
CLUSTER prompts USING prompts_pkey;
