// Access tokens (requirements §C2): JWT, HS256. Claims: sub (user id), exp and iat (seconds),
// preferred_username, jti (a single token, revocable on logout through revoked_tokens) and ver (the user's
// token_version: bumping it revokes every token of the user). The header's kid names the key: "env" for
// JWT_SECRET (config.jwtSecret a string), else the id of a key kept in the database (config.jwtSecret null,
// server/auth/signing-keys.ts), which is how every process on one database accepts the others' tokens.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { databaseKeys, LONGEST_TOKEN_TTL_SECONDS, type SigningKeys } from './signing-keys.ts';

export const TOKEN_ISSUER = 'fruitprompt';
/** How far ahead of this server's clock a token's iat may be (another process's clock may run ahead). */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;
/** A session token lives a week; "remember me" may ask for longer. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const REMEMBER_ME_TTL_SECONDS = LONGEST_TOKEN_TTL_SECONDS;
/** The kid of tokens signed with JWT_SECRET. */
export const ENV_KEY_ID = 'env';

/**
 * What signs and verifies: JWT_SECRET's text, the database's keys of this process (null, what
 * config.jwtSecret is without JWT_SECRET) or a given set of database keys.
 */
export type TokenSecret = string | null | SigningKeys;

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
  secret: TokenSecret,
  options: { ttlSeconds?: number; now?: number } = {},
): Promise<string> {
  const ttl = options.ttlSeconds ?? TOKEN_TTL_SECONDS;
  // old keys are pruned once the longest lifetime has passed: no token may outlive that
  if (ttl > LONGEST_TOKEN_TTL_SECONDS) {
    throw new RangeError(`A token lives at most ${LONGEST_TOKEN_TTL_SECONDS}s`);
  }
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const signer =
    typeof secret === 'string'
      ? { id: ENV_KEY_ID, key: keyOf(secret) }
      : await (secret ?? databaseKeys()).current();
  return new SignJWT({ preferred_username: user.name, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signer.id })
    .setSubject(user.id)
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .setJti(randomUUID())
    .sign(signer.key);
}

/** The database key a token's header names (jose asks before it checks the signature). */
const keyByKid =
  (keys: SigningKeys): JWTVerifyGetKey =>
  async ({ kid }) => {
    const key = kid === undefined ? null : await keys.byId(kid);
    if (key === null) throw new Error('unknown kid');
    return key.key;
  };

/**
 * The claims of a valid token, or null for anything else (malformed, bad signature, expired, a kid that
 * names no key, no iat, a lifetime longer than LONGEST_TOKEN_TTL_SECONDS, an iat in the future). With JWT_SECRET (a string) the kid is not looked at: tokens made before kids verify too.
 */
export async function verifyToken(token: string, secret: TokenSecret): Promise<TokenClaims | null> {
  try {
    const options = { algorithms: ['HS256'], issuer: TOKEN_ISSUER };
    const { payload } =
      typeof secret === 'string'
        ? await jwtVerify(token, keyOf(secret), options)
        : await jwtVerify(token, keyByKid(secret ?? databaseKeys()), options);
    const { sub, exp, iat, jti, ver, preferred_username } = payload;
    if (typeof sub !== 'string' || typeof exp !== 'number' || typeof jti !== 'string') return null;
    // a signed token lives no longer than the longest lifetime the server gives (signToken's limit), and
    // was not issued in the future: whoever held the key once cannot mint tokens that outlive it
    if (typeof iat !== 'number' || exp - iat > LONGEST_TOKEN_TTL_SECONDS) return null;
    if (iat > Date.now() / 1000 + TOKEN_CLOCK_SKEW_SECONDS) return null;
    // token_version is a PostgreSQL integer: anything else is no token of ours
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0 || ver > 2_147_483_647) return null;
    return {
      sub,
      exp,
      iat,
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
