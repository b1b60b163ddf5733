-- Which orders one checkout made (docs/decisions/004-commerce.md): a "Place order" with FruitCoin and premium
-- prompts makes two orders, one per currency, and the receipt, the orders list and an order's page show them
-- together. A checkout is a number shared by its orders, from its own sequence.

CREATE SEQUENCE checkout_id_seq AS integer;
ALTER TABLE orders ADD COLUMN checkout_id integer;

-- Orders placed before: the orders of one checkout share the member's requestId (one per currency, see
-- orders_request_key); every other order (the demo seed's among them, and orders without a member since
-- their account was deleted) is a checkout of its own. Checkouts are numbered 1..n in the order they were
-- placed (by their first order's id).
WITH firsts AS (
  SELECT id,
         CASE WHEN user_id IS NOT NULL AND request_id IS NOT NULL
              THEN min(id) OVER (PARTITION BY user_id, request_id)
              ELSE id END AS first_id
  FROM orders
), numbered AS (
  SELECT id, dense_rank() OVER (ORDER BY first_id)::integer AS n FROM firsts
)
UPDATE orders o SET checkout_id = numbered.n FROM numbered WHERE numbered.id = o.id;

SELECT setval('checkout_id_seq', COALESCE((SELECT max(checkout_id) FROM orders), 0) + 1, false);

-- An order written without one (the seeder, any other writer) is a checkout of its own; the checkout of
-- server/commerce takes one number and gives it to each order it makes.
ALTER TABLE orders ALTER COLUMN checkout_id SET DEFAULT nextval('checkout_id_seq');
ALTER TABLE orders ALTER COLUMN checkout_id SET NOT NULL;
ALTER SEQUENCE checkout_id_seq OWNED BY orders.checkout_id;
CREATE INDEX orders_checkout_idx ON orders (checkout_id);
