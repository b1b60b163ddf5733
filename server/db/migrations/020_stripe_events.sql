-- Stripe's webhook events (issue 38): each event id is recorded in the transaction that acts on it, so a
-- replayed or concurrent delivery of the same event changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  type text NOT NULL,
  session_id text,
  received_at timestamptz NOT NULL DEFAULT now()
);
