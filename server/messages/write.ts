// A member's messages as every feature writes them (welcome, orders, coupons, support answers,
// notices): one insert, below the features that write (auth, commerce, account) and the account area
// that reads them (server/account/messages.ts).
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import type { MessageKind } from '../../domain/account.ts';
import type { Queryable } from '../db/index.ts';

/** A new message of the member's. */
export async function addMessage(
  q: Queryable,
  userId: string,
  message: {
    kind: MessageKind;
    title: string;
    body: string;
    orderId?: number | null;
    supportRequestId?: number | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO messages (user_id, kind, title, body, order_id, support_request_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      userId,
      message.kind,
      message.title,
      message.body,
      message.orderId ?? null,
      message.supportRequestId ?? null,
    ],
  );
}

/** The first message of every new account (registration, Google sign-up, guest). */
export const addWelcomeMessage = (q: Queryable, userId: string): Promise<void> =>
  addMessage(q, userId, {
    kind: 'welcome',
    title: `Welcome to ${PRODUCT_NAME}!`,
    body:
      `Thanks for joining ${PRODUCT_NAME}. Browse the free prompts to get started, save the ones you like, and ` +
      'unlock FruitCoin and premium prompts whenever you are ready. Your messages about orders, coupons and ' +
      'support answers will arrive here.',
  });
