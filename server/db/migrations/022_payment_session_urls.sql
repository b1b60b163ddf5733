-- A payment session made at Stripe (issue 38) keeps the hosted page Stripe answered (same-origin path for our
-- stand-in); null: the development payment page's own path, as before.
ALTER TABLE payment_sessions ADD COLUMN url text;
