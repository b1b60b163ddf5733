// The buying side's cart calls under /api/my/ (docs/decisions/004-commerce.md): the member's cart: read
// (pruned of what they own), add, remove. Each acts only on the token's user; another member's id answers
// 404.
import { ok } from '../http/envelope.ts';
import { readCart } from './repository.ts';
import { CartQuery, CartResponse, PromptIdBody } from './schemas.ts';
import { addToCart, pruneCart, removeFromCart } from './cart-lines.ts';
import type { CommerceContext } from './route-context.ts';

const userOf = (request: { user: { id: string } | null }): string => request.user!.id;

export async function cartRoutes(context: CommerceContext): Promise<void> {
  const { app, db, signedIn } = context;

  app.get(
    '/api/my/cart',
    {
      ...signedIn,
      schema: {
        summary: 'The cart priced now; with couponId, the coupon applied to the money part (or couponError)',
        querystring: CartQuery,
        response: { 200: CartResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      await pruneCart(db, userId);
      return ok({ data: await readCart(db, userId, request.query.couponId) });
    },
  );

  app.post(
    '/api/my/cart/add',
    {
      ...signedIn,
      schema: {
        summary: 'Add a prompt to the cart (again: no change); 409 already owned, 400 free, 404 unknown',
        body: PromptIdBody,
        response: { 200: CartResponse },
      },
    },
    async (request) =>
      ok({ data: await addToCart(db, userOf(request), request.body.promptId) }, 'Added to cart'),
  );

  app.post(
    '/api/my/cart/remove',
    {
      ...signedIn,
      schema: {
        summary: 'Remove a prompt from the cart (removing what is not there is not an error)',
        body: PromptIdBody,
        response: { 200: CartResponse },
      },
    },
    async (request) =>
      ok({ data: await removeFromCart(db, userOf(request), request.body.promptId) }, 'Removed from cart'),
  );
}
