// The seed's members and what is theirs (server/seed/index.ts): the accounts, their support requests,
// their messages (each linked to its order or request) and their share links.
import type { Queryable } from '../db/index.ts';
import type { SeedData } from './types.ts';
import { insertMany, time, type UserIdOf } from './write-common.ts';
import type { OrderPlan } from './write-orders.ts';

/** The demo members, with the password hashes made before the transaction. */
export async function writeUsers(q: Queryable, data: SeedData, hashes: string[]): Promise<void> {
  await insertMany(
    q,
    'users',
    {
      id: 'uuid',
      email: 'text',
      password_hash: 'text',
      name: 'text',
      provider: 'text',
      email_verified_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    data.users.map((u, i) => ({
      id: u.id,
      email: u.email,
      password_hash: hashes[i],
      name: u.name,
      provider: 'email',
      email_verified_at: u.createdAt,
      created_at: u.createdAt,
      updated_at: u.createdAt,
    })),
  );
}

/** The support requests; answers their ids by member and subject, for the messages that answer them. */
export async function writeSupport(
  q: Queryable,
  data: SeedData,
  userId: UserIdOf,
): Promise<Map<string, number>> {
  // Support requests, in the order given (ids 1..n on a fresh database), with the account's address.
  const requestIds = new Map<string, number>();
  for (const [i, r] of (data.supportRequests ?? []).entries()) {
    const owner = userId(r.userEmail, `Support request ${i + 1}`);
    const user = data.users.find((u) => u.id === owner) as SeedData['users'][number];
    const row = await q.one<{ id: number }>(
      `INSERT INTO support_requests (user_id, email, subject, body, status, reply, replied_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        owner,
        user.email,
        r.subject,
        r.message,
        r.reply === null ? 'open' : 'answered',
        r.reply?.body ?? null,
        r.reply?.repliedAt ?? null,
        r.createdAt,
      ],
    );
    requestIds.set(`${owner} ${r.subject}`, row.id);
  }
  return requestIds;
}

/** The members' messages, each linked to the order or support request it is about. */
export async function writeMessages(
  q: Queryable,
  data: SeedData,
  plans: OrderPlan[],
  orderIds: number[],
  requestIds: Map<string, number>,
  userId: UserIdOf,
): Promise<void> {
  // A message points to what it is about: an order message to the member's latest order placed before it,
  // a support message `Re: {subject}` to that request of the member's.
  const ordersByUser = plans
    .map((plan, i) => ({ userId: plan.userId, at: time(plan.order.createdAt), id: orderIds[i] as number }))
    .sort((a, b) => a.at - b.at || a.id - b.id);
  await insertMany(
    q,
    'messages',
    {
      user_id: 'uuid',
      kind: 'text',
      title: 'text',
      body: 'text',
      read_at: 'timestamptz',
      created_at: 'timestamptz',
      order_id: 'integer',
      support_request_id: 'integer',
    },
    data.messages.map((m, i) => {
      const owner = userId(m.userEmail, `Message ${i + 1}`);
      const at = time(m.createdAt);
      const order =
        m.kind === 'order' ? ordersByUser.filter((o) => o.userId === owner && o.at <= at).at(-1) : undefined;
      const request =
        m.kind === 'support' && m.title.startsWith('Re: ')
          ? requestIds.get(`${owner} ${m.title.slice(4)}`)
          : undefined;
      return {
        user_id: owner,
        kind: m.kind,
        title: m.title,
        body: m.body,
        read_at: m.read ? m.createdAt : null,
        created_at: m.createdAt,
        order_id: order?.id ?? null,
        support_request_id: request ?? null,
      };
    }),
  );
}

/** The share links. */
export async function writeShortLinks(q: Queryable, data: SeedData, userId: UserIdOf): Promise<void> {
  await insertMany(
    q,
    'short_links',
    { id: 'text', prompt_id: 'integer', owner_id: 'uuid', partner: 'boolean', partner_name: 'text' },
    data.shortLinks.map((s) => ({
      id: s.id,
      prompt_id: s.promptId,
      owner_id: s.ownerEmail === null ? null : userId(s.ownerEmail, `Short link ${s.id}`),
      partner: s.partner,
      partner_name: s.partnerName,
    })),
  );
}
