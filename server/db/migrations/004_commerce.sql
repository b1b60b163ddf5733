-- The buying side (docs/decisions/004-commerce.md): idempotent checkouts and exchanges, payment sessions of
-- the card part, the share link a purchase is credited to, one live order per coupon.

-- Orders ------------------------------------------------------------------------------------------------

-- How the order is paid, derived from its money part: 'card' (premium items, the payment page) or 'fruit'
-- (FruitCoin items only, paid from the balance when created). A checkout makes at most one of each.
ALTER TABLE orders ADD COLUMN payment_method text
  GENERATED ALWAYS AS (CASE WHEN subtotal_cents > 0 THEN 'card' ELSE 'fruit' END) STORED;

-- The client's requestId of the checkout that created the order: a retry with the same id answers the
-- orders it made the first time instead of buying again. One checkout makes one order per currency.
ALTER TABLE orders ADD COLUMN request_id text
  CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 128);
CREATE UNIQUE INDEX orders_request_key ON orders (user_id, request_id, payment_method)
  WHERE request_id IS NOT NULL;

-- The share link the buyer came through (requirements §C5); its owner is credited once the order is paid.
ALTER TABLE orders ADD COLUMN referral_link_id text REFERENCES short_links (id) ON DELETE SET NULL;

-- A coupon is reserved by at most one order that is not cancelled (cancelling releases it).
CREATE UNIQUE INDEX orders_coupon_live_key ON orders (coupon_id)
  WHERE coupon_id IS NOT NULL AND status <> 'cancelled';
CREATE INDEX orders_user_status_idx ON orders (user_id, status);

-- Payment sessions ----------------------------------------------------------------------------------------

-- One attempt to pay the money part of an order: the development payment page's session (requirements §C4),
-- standing in for a payment provider's checkout session. orders.payment_session_id names the latest one;
-- paying again after a cancelled session opens a new one. Only the server marks a session paid.
CREATE TABLE payment_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_]{8,100}$'),
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  cancelled_at timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX payment_sessions_order_idx ON payment_sessions (order_id, created_at DESC);

-- The sessions of orders written before this migration (the demo seed names them cs_demo_<order id>).
INSERT INTO payment_sessions (id, order_id, amount_cents, status, created_at, paid_at, cancelled_at)
SELECT o.payment_session_id, o.id, o.total_cents,
       CASE o.status WHEN 'pending' THEN 'open' ELSE o.status END,
       o.created_at, o.paid_at, o.cancelled_at
FROM orders o
WHERE o.payment_session_id IS NOT NULL AND o.total_cents > 0
  AND o.payment_session_id ~ '^[A-Za-z0-9_]{8,100}$'
  AND (o.status <> 'cancelled' OR o.cancelled_at IS NOT NULL)
ON CONFLICT (id) DO NOTHING;

-- Coupons -----------------------------------------------------------------------------------------------

-- The client's requestId of the exchange that bought the coupon with FruitCoins (a retry answers it).
ALTER TABLE coupons ADD COLUMN request_id text
  CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 128);
CREATE UNIQUE INDEX coupons_request_key ON coupons (user_id, request_id) WHERE request_id IS NOT NULL;
