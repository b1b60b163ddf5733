// A member's messages: written by the server when something happens to them (welcome, orders, coupons,
// support answers, notices), read, marked read and deleted by the member. Every query names the member:
// another member's message id finds nothing.
import type { Message, MessageKind, MessagePage } from '../../domain/account.ts';
import type { Queryable } from '../db/index.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** The message id of a path parameter: a positive int4, else null (answered like an unknown id). */
export const parseId = (raw: string): number | null =>
  /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;

interface MessageRow {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  created_at: Date;
  read_at: Date | null;
  /** The message's order, or the member's order named "Order #N" in an order message's title. */
  link_order_id: number | null;
}

/**
 * Order messages written without order_id (server/commerce names the order in the title, "Order #12 is
 * paid") are matched by that number, among the member's own orders only.
 */
const SELECT_MESSAGES = `
  SELECT m.id, m.kind, m.title, m.body, m.created_at, m.read_at, coalesce(m.order_id, o.id) AS link_order_id
  FROM messages m
  LEFT JOIN orders o
    ON m.order_id IS NULL AND m.kind = 'order' AND o.user_id = m.user_id
   AND o.id = substring(m.title FROM 'Order #([0-9]{1,9})')::integer`;

export function linkOf(kind: MessageKind, orderId: number | null): Message['link'] {
  switch (kind) {
    case 'order':
      return orderId === null
        ? { label: 'View your orders', href: '/orders' }
        : { label: 'View order', href: `/order-detail/${orderId}` };
    case 'coupon':
      return { label: 'View your coupons', href: '/coupons' };
    case 'support':
      return { label: 'View your requests', href: '/support' };
    default:
      return null;
  }
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  createdAt: new Date(row.created_at).toISOString(),
  readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  link: linkOf(row.kind, row.link_order_id),
});

export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const row = await q.one<{ n: number }>(
    'SELECT count(*)::integer AS n FROM messages WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return row.n;
}

export async function listMessages(
  q: Queryable,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<MessagePage> {
  const rows = await q.query<MessageRow>(
    `${SELECT_MESSAGES}
     WHERE m.user_id = $1
     ORDER BY m.created_at DESC, m.id DESC
     LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const counts = await q.one<{ total: number; unread: number }>(
    `SELECT count(*)::integer AS total, (count(*) FILTER (WHERE read_at IS NULL))::integer AS unread
     FROM messages WHERE user_id = $1`,
    [userId],
  );
  return { data: rows.map(toMessage), total: counts.total, page, pageSize, unread: counts.unread };
}

/** Marks the member's message read (again: no change); null when the member has no such message. */
export async function markRead(q: Queryable, userId: string, id: number): Promise<Message | null> {
  const updated = await q.maybeOne<{ id: number }>(
    `UPDATE messages SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
    [id, userId],
  );
  if (updated === null) return null;
  const row = await q.one<MessageRow>(`${SELECT_MESSAGES} WHERE m.id = $1 AND m.user_id = $2`, [id, userId]);
  return toMessage(row);
}

export async function markAllRead(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE messages SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
}

/** Deletes the member's message; false when the member has no such message. */
export async function deleteMessage(q: Queryable, userId: string, id: number): Promise<boolean> {
  const rows = await q.query('DELETE FROM messages WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}
