// Access tokens (CONTRACT.md §2): JWT, HS256, signed with config.jwtSecret. Claims: sub (user id), exp and
// iat (seconds), preferred_username, jti (a single token, revocable on logout through revoked_tokens) and
// ver (the user's token_version: bumping it revokes every token of the user).
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'fruitprompt';
/** A session token lives a week; "remember me" may ask for longer. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenSubject {
  id: string;
  name: string;
  tokenVersion: number;
}

export interface TokenClaims {
  sub: string;
  exp: number;
  iat: number;
  jti: string;
  ver: number;
  preferred_username?: string;
}

const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (key === undefined) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
};

export async function signToken(
  user: TokenSubject,
  secret: string,
  options: { ttlSeconds?: number; now?: number } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  return new SignJWT({ preferred_username: user.name, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.ttlSeconds ?? TOKEN_TTL_SECONDS))
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

/** The claims of a valid token, or null for anything else (malformed, bad signature, expired). */
export async function verifyToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
    });
    const { sub, exp, iat, jti, ver, preferred_username } = payload;
    if (typeof sub !== 'string' || typeof exp !== 'number' || typeof jti !== 'string') return null;
    // token_version is a PostgreSQL integer: anything else is no token of ours
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0 || ver > 2_147_483_647) return null;
    return {
      sub,
      exp,
      iat: typeof iat === 'number' ? iat : 0,
      jti,
      ver,
      ...(typeof preferred_username === 'string' ? { preferred_username } : {}),
    };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
};
