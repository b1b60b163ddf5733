// The fuzz tests' hints: real rows of the test database (prompts, orders, messages, coupons, payment
// sessions, share links, live states of the development identity provider), so that valid requests get past
// "not found", and valid passwords, callbacks and texts for the fields that name them. Used by
// tests/api/fuzz.test.ts.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { encryptPassword } from '../../../server/auth/password-crypto.ts';
import type { TestServer } from '../../support/server.ts';
import type { FuzzRoute } from './fuzz-routes.ts';
import type { Hints } from './fuzz-schema.ts';

/** The hints of each route: the common ones, and the `id` parameter's real values where the route has one. */
export async function fuzzHints(
  server: TestServer,
  demoEmail: string,
  demo: { id: string },
  alice: { id: string },
): Promise<(route: FuzzRoute) => Hints> {
  const { db, config } = server;
  const ids = async (sql: string, params: unknown[] = []): Promise<(string | number)[]> => {
    const rows = await db.query<{ id: string | number }>(sql, params);
    return rows.length > 0 ? rows.map((r) => r.id) : [1];
  };
  const maxPrompt = (await db.one<{ n: number }>('SELECT max(id)::integer AS n FROM prompts')).n;
  const slugIds = await ids("SELECT slug || '-' || sort_id AS id FROM prompts ORDER BY id LIMIT 5");
  const orderIds = await ids('SELECT id FROM orders WHERE user_id = $1 ORDER BY id', [demo.id]);
  const messageIds = await ids('SELECT id FROM messages WHERE user_id = $1 ORDER BY id LIMIT 20', [demo.id]);
  const supportIds = await ids('SELECT id FROM support_requests ORDER BY id LIMIT 10');
  const couponIds = await ids('SELECT id FROM coupons WHERE user_id = $1 ORDER BY id', [demo.id]);
  const offerIds = await ids('SELECT id FROM exchange_offers ORDER BY id');
  const sessionIds = await ids(
    'SELECT s.id FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE o.user_id = $1',
    [demo.id],
  );
  const shortIds = await ids('SELECT id FROM short_links ORDER BY created_at LIMIT 10');
  /** Prompts the demo member can buy (priced, not owned yet). */
  const buyable = await ids(
    `SELECT id FROM prompts p WHERE grade > 0
       AND NOT EXISTS (SELECT 1 FROM user_prompt_access a WHERE a.user_id = $1 AND a.prompt_id = p.id)
     ORDER BY id LIMIT 40`,
    [demo.id],
  );
  /** Live OAuth states of the development identity provider (each is used up by its first sign-in). */
  const devIdp = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const res = await server.app.inject(
        '/api/social/authorize?provider=google&callback=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback',
      );
      return new URL(res.json<{ extend: { authUrl: string } }>().extend.authUrl, config.publicOrigin)
        .searchParams;
    }),
  );
  const categoryKeys = [
    'all',
    'free_prompts',
    'fruit_prompts',
    'pay_prompts',
    'free-prompts',
    'premium-prompts',
    '0',
    '2',
  ];
  const demoPassword = encryptPassword('Demo@12345', config.passwordKey);
  const newPassword = encryptPassword('Fuzz@Pass12345', config.passwordKey);

  const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
  const COMMON_HINTS: Hints = {
    promptId: fc.integer({ min: 1, max: maxPrompt + 3 }),
    promptIds: fc.oneof(
      fc.uniqueArray(pick(buyable), { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 1, max: maxPrompt }), { minLength: 1, maxLength: 4 }),
    ),
    couponId: pick(couponIds),
    offerId: pick(offerIds),
    orderId: pick(orderIds.map(String)),
    sessionId: pick(sessionIds),
    shortUrlId: pick(shortIds),
    referral: pick(shortIds),
    slugId: pick(slugIds),
    file: pick([`${demo.id}.webp`, `${alice.id}.webp`, `${randomUUID()}.webp`, `${demo.id}.png`]),
    email: pick([demoEmail, 'alice@example.com', 'Fuzz.New@Example.com', 'visitor@example.com']),
    password: pick([demoPassword, newPassword]),
    confirmPassword: pick([demoPassword, newPassword]),
    // A valid password change may happen (demo's password then differs); nothing here signs in with it.
    currentPassword: pick([demoPassword]),
    newPassword: pick([newPassword, demoPassword]),
    recaptchaToken: fc.constant('recaptcha-dummy-token'),
    encrypted: fc.constant(true),
    confirm: fc.constant('DELETE'),
    provider: fc.constant('google'),
    callback: pick([
      'http://localhost:3000/auth/callback',
      'http://localhost:3000/social-callback',
      'http://evil.example/auth/callback',
    ]),
    name: pick(['Demo Member', '  Fuzz  ', 'ש\u202Eמ']),
    pageType: pick(['HOME', 'CATEGORY', 'DETAIL', 'SEARCH']),
    subject: pick(['Where is my order?', '  Refund please  ', 'שלום \u{1F600}', 'ab']),
    message: pick([
      'I bought a prompt yesterday and cannot see its template yet. Could you help?',
      '\u{1F600}'.repeat(30),
      `${'Long message. '.repeat(140)}`,
      'Too short',
    ]),
    body: pick(['Thanks, it is fixed now.', ' ', '\u202Eanswer']),
    client_id: pick([...new Set(devIdp.map((p) => p.get('client_id') ?? ''))]),
    redirect_uri: pick([...new Set(devIdp.map((p) => p.get('redirect_uri') ?? ''))]),
    state: pick(devIdp.map((p) => p.get('state') ?? '')),
    response_type: fc.constant('code'),
    action: pick(['cancel', 'signin', 'sign-in', '']),
    referenceId: pick(['', 'recommended', 'free_prompts', '1', ...slugIds.map(String)]),
  };

  const hintsFor = (route: FuzzRoute): Hints => {
    const id: Record<string, fc.Arbitrary<unknown>> = {
      '/api/my/messages': pick(messageIds.map(String)),
      '/api/dev/support': pick(supportIds.map(String)),
      '/api/categories': pick(categoryKeys),
      '/category': pick(categoryKeys),
      '/api/prompts': pick([...slugIds, '1', String(maxPrompt), String(maxPrompt + 1)]),
      '/api/images': fc.integer({ min: 1, max: maxPrompt }),
      '/detail_': fc.integer({ min: 1, max: maxPrompt + 1 }),
    };
    const prefix = Object.keys(id).find((p) => route.url.startsWith(p));
    return prefix === undefined ? COMMON_HINTS : { ...COMMON_HINTS, id: id[prefix]! };
  };
  return hintsFor;
}
