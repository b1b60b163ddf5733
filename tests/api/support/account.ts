// Helpers of the account area's API tests (tests/api/account-*.test.ts): one server per test file, the demo
// members, new members (with a password), sign-in, messages written straight into the database and the
// inbox calls.
//
// `server`, `demo` and `alice` are set by `openAccount` (a test file's beforeAll) and read as live
// bindings: each test file opens its own database and server.
import type { MessagePage } from '../../../domain/account.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { createTestServer, type TestServer } from '../../support/server.ts';
import { bearer, enc, get, post, type SignIn } from './auth.ts';
import { newUser } from './catalog.ts';

export let server: TestServer;
export let demo: { id: string; token: string };
export let alice: { id: string; token: string };

export type Member = { id: string; token: string };
export const auth = (user: { token: string }) => bearer(user.token);

let userCount = 0;
export const member = (): Promise<Member> => newUser(server, `account-${++userCount}@example.com`);

/** A member who signs in with a password (verified address). */
export async function memberWithPassword(password: string): Promise<Member & { email: string }> {
  const email = `password-${++userCount}@example.com`;
  const user = await newUser(server, email);
  await server.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
    user.id,
    await hashPassword(password),
  ]);
  return { ...user, email };
}

export const login = (email: string, password: string) =>
  post<SignIn>(server, '/api/social/login', {
    email,
    password: enc(password, server.config.passwordKey),
    encrypted: true,
  });

/** A message of the member's, unread unless told otherwise. */
export async function giveMessage(
  userId: string,
  fields: { kind?: string; title?: string; read?: boolean; createdAt?: string; orderId?: number } = {},
): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `INSERT INTO messages (user_id, kind, title, body, read_at, created_at, order_id)
     VALUES ($1, $2, $3, 'A message of the account tests.', CASE WHEN $4 THEN now() END,
             coalesce($5::timestamptz, clock_timestamp()), $6)
     RETURNING id`,
    [
      userId,
      fields.kind ?? 'notice',
      fields.title ?? 'Test message',
      fields.read ?? false,
      fields.createdAt ?? null,
      fields.orderId ?? null,
    ],
  );
  return row.id;
}

export const messagesOf = (user: { token: string }, query = '') =>
  get<MessagePage>(server, `/api/my/messages${query}`, auth(user));
export const unreadOf = async (user: { token: string }) =>
  (await get<{ data: number }>(server, '/api/my/messages/unread-count', auth(user))).body.extend.data;
export const count = async (sql: string, params: unknown[]) =>
  (await server.db.one<{ n: number }>(`SELECT count(*)::integer AS n FROM (${sql}) x`, params)).n;
export const messageRows = (userId: string) =>
  server.db.query('SELECT id, read_at, title FROM messages WHERE user_id = $1 ORDER BY id', [userId]);

export const DEMO_EMAIL = 'demo@example.com';
export const ALICE_EMAIL = 'alice@example.com';

/** A test file's beforeAll: its server, and the demo members' ids and tokens. */
export async function openAccount(): Promise<void> {
  server = await createTestServer();
  const idOf = async (email: string) =>
    (await server.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).id;
  demo = { id: await idOf(DEMO_EMAIL), token: await server.tokenFor(DEMO_EMAIL) };
  alice = { id: await idOf(ALICE_EMAIL), token: await server.tokenFor(ALICE_EMAIL) };
}

/** A test file's afterAll. */
export async function closeAccount(): Promise<void> {
  await server.close();
}
