// Who is calling: a valid bearer token of an existing user gives `request.user`; anything else (no token, a
// malformed, expired, revoked or foreign token) gives null. Public routes treat null as anonymous; routes of
// the signed-in user (/api/my/...) add `preHandler: app.requireUser` and answer 401 without a user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { fail } from '../http/envelope.ts';
import { useDatabaseKeys } from './signing-keys.ts';
import { bearerToken, verifyToken, type TokenClaims } from './tokens.ts';

export interface AuthUser {
  id: string;
  email: string | null;
  name: string;
  avatarUrl: string | null;
  fruitCnt: number;
  provider: 'email' | 'google' | 'guest';
  emailVerified: boolean;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from a valid bearer token; null for anonymous callers. */
    user: AuthUser | null;
    /** The claims of the caller's token (jti and exp for logout). */
    tokenClaims: TokenClaims | null;
  }
  interface FastifyInstance {
    /** preHandler of routes that need a signed-in user: 401 envelope otherwise. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

/** The users columns the token check reads (server/auth/accounts.ts's AccountRow adds the sign-in ones). */
export interface UserRow {
  id: string;
  email: string | null;
  name: string;
  avatar_url: string | null;
  fruit_cnt: number;
  provider: AuthUser['provider'];
  email_verified_at: Date | null;
  token_version: number;
}

export async function loadTokenUser(db: Db, claims: TokenClaims): Promise<AuthUser | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)) return null;
  const row = await db.maybeOne<UserRow>(
    `SELECT id, email, name, avatar_url, fruit_cnt, provider, email_verified_at, token_version
     FROM users u
     WHERE u.id = $1 AND u.token_version = $2
       AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3)`,
    [claims.sub, claims.ver, claims.jti],
  );
  if (row === null) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatarUrl: row.avatar_url,
    fruitCnt: row.fruit_cnt,
    provider: row.provider,
    emailVerified: row.email_verified_at !== null,
    tokenVersion: row.token_version,
  };
}

/**
 * jwtSecret: JWT_SECRET, or null for the keys kept in the database (server/auth/signing-keys.ts), bound
 * as this process's keys while the app is open and read (the first one created) when it gets ready: an
 * app on another database than the process's other apps refuses to start then.
 */
export function registerAuth(
  app: FastifyInstance,
  { db, jwtSecret }: { db: Db; jwtSecret: string | null },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenClaims', null);
  const secret = jwtSecret ?? useDatabaseKeys(db);
  if (typeof secret !== 'string') {
    app.addHook('onReady', secret.ready);
    app.addHook('onClose', async () => secret.release());
  }
  const verifyWith = typeof secret === 'string' ? secret : secret.keys;

  app.addHook('onRequest', async (request) => {
    // Only the API needs to know the caller; static files and the SPA shell do not.
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request.headers.authorization);
    if (token === null) return;
    const claims = await verifyToken(token, verifyWith);
    if (claims === null) return;
    const user = await loadTokenUser(db, claims);
    if (user === null) return;
    request.user = user;
    request.tokenClaims = claims;
  });

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user === null) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(fail(request.headers.authorization ? 'Invalid or expired token' : 'Please log in first'));
    }
    return undefined;
  });
}
