-- The development Stripe stand-in's Checkout Sessions (issue 38; server/commerce/stripe-stand-in/): what
-- Stripe would keep on its side, kept here only so the stand-in survives a restart. Empty in production.
CREATE TABLE stripe_stand_in_sessions (
  id text PRIMARY KEY,
  -- the Idempotency-Key it was created with and a hash of that request's parameters
  idempotency_key text UNIQUE,
  request_hash text NOT NULL,
  session jsonb NOT NULL,
  line_items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
