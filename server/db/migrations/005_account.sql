-- The account area (docs/decisions/005-account.md): support answers, avatars, notification preferences,
-- what a message points to, and orders that outlive a deleted account.

-- Support requests ---------------------------------------------------------------------------------------

-- The staff's answer (it also arrives as a message, and by mail when the member wants that).
ALTER TABLE support_requests ADD COLUMN reply text CHECK (reply IS NULL OR length(reply) BETWEEN 1 AND 5000);
ALTER TABLE support_requests ADD COLUMN replied_at timestamptz;
ALTER TABLE support_requests ADD CONSTRAINT support_requests_reply_time_check
  CHECK ((reply IS NULL) = (replied_at IS NULL));
ALTER TABLE support_requests ADD CONSTRAINT support_requests_answered_check
  CHECK (status <> 'answered' OR reply IS NOT NULL);
CREATE INDEX support_requests_user_idx ON support_requests (user_id, created_at DESC, id DESC)
  WHERE user_id IS NOT NULL;

-- Avatars ------------------------------------------------------------------------------------------------

-- A member's avatar as the server encoded it: always a 256x256 WebP (an upload re-encoded, or initials on a
-- colour). Served at /api/avatars/{user_id}.webp; users.avatar_url points there with ?v=<updated_at ms>.
CREATE TABLE user_avatars (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  webp bytea NOT NULL CHECK (octet_length(webp) BETWEEN 12 AND 1048576),
  source text NOT NULL CHECK (source IN ('upload', 'generated')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Notification preferences ---------------------------------------------------------------------------------

ALTER TABLE users ADD COLUMN notify_order_updates boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_support_replies boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_promotions boolean NOT NULL DEFAULT false;

-- Messages -----------------------------------------------------------------------------------------------

-- What a message is about, for its link (Message.link): an order (/order-detail/{id}) or a support request
-- (/support). Coupon messages link to /coupons without a reference. Order messages written without
-- order_id are matched by the "Order #N" of their title, among the member's own orders.
ALTER TABLE messages ADD COLUMN order_id integer REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE messages ADD COLUMN support_request_id integer REFERENCES support_requests (id) ON DELETE SET NULL;
CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL;

-- Orders -------------------------------------------------------------------------------------------------

-- Deleting an account keeps its orders for the books, with no link to the person: user_id becomes null.
-- (Items, payment sessions, coupons' and ledger's references are unchanged; the account's pending orders are
-- cancelled by the deletion itself, server/account/.)
ALTER TABLE orders ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE orders DROP CONSTRAINT orders_user_id_fkey;
ALTER TABLE orders ADD CONSTRAINT orders_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
