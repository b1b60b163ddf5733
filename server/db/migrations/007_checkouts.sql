-- Which orders one checkout made (docs/decisions/004-commerce.md): a "Place order" with FruitCoin and premium
-- prompts makes two orders, one per currency, and the receipt, the orders list and an order's page show them
-- together. A checkout is named by its first order: orders.checkout_id is that order's id (its own id for the
-- first, or only, order), so "Checkout #11" holds orders #11 and #12.
ALTER TABLE orders ADD COLUMN checkout_id integer;

-- Orders placed before: the orders of one checkout share the member's requestId (one per currency, see
-- orders_request_key); every other order (the demo seed's among them, and orders without a member since
-- their account was deleted) is a checkout of its own.
UPDATE orders o SET checkout_id = f.first_id
FROM (
  SELECT id,
         CASE WHEN user_id IS NOT NULL AND request_id IS NOT NULL
              THEN min(id) OVER (PARTITION BY user_id, request_id)
              ELSE id END AS first_id
  FROM orders
) f
WHERE f.id = o.id;

-- An order written without one (the checkout's first order, the seeder, any other writer) is the first of
-- its checkout; server/commerce gives the checkout's later orders the first one's id.
CREATE FUNCTION orders_checkout_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.checkout_id := COALESCE(NEW.checkout_id, NEW.id);
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_checkout_default BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_checkout_trigger();

ALTER TABLE orders ALTER COLUMN checkout_id SET NOT NULL;
CREATE INDEX orders_checkout_idx ON orders (checkout_id);
