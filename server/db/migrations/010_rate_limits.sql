-- Rate-limit counters shared by every process on this database (issue 20): one row per limited key (a
-- route or named limit, its numbers, and the client address, account or email it counts), counting the
-- requests of the current window, which ends at expires_at. server/http/rate-store.ts counts a request
-- with one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so N processes allow exactly what one does;
-- a row whose window has ended starts again at 1, and a periodic sweep deletes the ended ones.
-- UNLOGGED: counters are not worth a write-ahead log; a crash of the database server empties the table,
-- which forgives a few minutes of counting, as a restart of an in-memory limiter did.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY CHECK (length(key) <= 512),
  hits integer NOT NULL CHECK (hits >= 1),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
