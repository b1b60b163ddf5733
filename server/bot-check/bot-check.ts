// The bot check (issue 37, requirements §C4 "Bot check"): a self-hosted proof of work (ALTCHA, altcha-lib)
// in front of the calls anyone may make without an account and that cost the shop something: registration
// (its `recaptchaToken`), guest sign-in and the signed-out support form. The browser fetches a challenge,
// spends about a second of one core finding the counter that derives the challenge's key prefix, and sends
// the base64 JSON payload with the call; the server checks it once.
//
// - The challenge is signed with a secret derived from the token signing secret (JWT_SECRET, or the
//   database key named in the challenge's `data.kid`), so every process on one database checks what any
//   process issued, and a rotated key keeps checking the challenges it signed until they expire.
// - Deterministic mode: the server knows the counter's key and signs it too (`keySignature`), so checking a
//   solution is two HMACs, not a key derivation: a flood of made-up payloads costs the server nothing.
// - One use: a solved challenge is recorded in the shared rate-limit table until it expires; a second use
//   is refused, from any process.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ApiError } from '../http/envelope.ts';
import type { RateStore } from '../http/rate-store.ts';
import type { SigningKeys } from '../auth/signing-keys.ts';

export const BOT_CHECK_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt (BOT_CHECK_COST); the counter range below sets how many attempts. */
export const DEFAULT_BOT_CHECK_COST = 1_000;
/** The secret counter is drawn from here: about 400 attempts of 1,000 iterations, well under a second. */
export const COUNTER_RANGE = [200, 600] as const;
/** How long a challenge may be solved and sent (the client fetches a new one before this). */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** The longest payload read (a real one is about 700 characters). */
export const MAX_PAYLOAD_LENGTH = 4096;

export const BOT_CHECK_MESSAGES = {
  missing: 'The security check did not run. Please reload the page and try again.',
  failed: 'The security check failed. Please reload the page and try again.',
  expired: 'The security check expired. Please try again.',
  used: 'This security check was already used. Please try again.',
} as const;

export type BotCheckVerdict = 'ok' | keyof typeof BOT_CHECK_MESSAGES;

export interface BotCheckOptions {
  /** JWT_SECRET, or null: the database's signing keys (`keys`). */
  jwtSecret: string | null;
  keys: () => SigningKeys;
  store: RateStore;
  cost?: number;
  now?: () => number;
}

interface Secrets {
  kid: string;
  signature: string;
  key: string;
}

const ENV_KID = 'env';

const derive = (base: Uint8Array | string, kid: string): Secrets => {
  const sub = (label: string) => createHmac('sha256', base).update(`bot-check:${label}`).digest('hex');
  return { kid, signature: sub('challenge'), key: sub('key') };
};

/** Reads the payload the browser sends: base64 of `{ challenge, solution }`, or null when it is not one. */
export function readPayload(token: unknown): Payload | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (typeof challenge?.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof challenge.signature !== 'string' || typeof solution?.counter !== 'number') return null;
    if (typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export class BotCheck {
  readonly #options: BotCheckOptions;

  constructor(options: BotCheckOptions) {
    this.#options = options;
  }

  async #current(): Promise<Secrets> {
    const { jwtSecret, keys } = this.#options;
    if (jwtSecret !== null) return derive(jwtSecret, ENV_KID);
    const key = await keys().current();
    return derive(key.key, key.id);
  }

  async #named(kid: unknown): Promise<Secrets | null> {
    const { jwtSecret, keys } = this.#options;
    if (jwtSecret !== null) return kid === ENV_KID ? derive(jwtSecret, ENV_KID) : null;
    if (typeof kid !== 'string') return null;
    const key = await keys().byId(kid);
    return key === null ? null : derive(key.key, key.id);
  }

  /** A new signed challenge for one browser to solve. */
  async challenge(): Promise<Challenge & { signature: string }> {
    const secrets = await this.#current();
    const now = this.#options.now?.() ?? Date.now();
    const challenge = await createChallenge({
      algorithm: BOT_CHECK_ALGORITHM,
      cost: this.#options.cost ?? DEFAULT_BOT_CHECK_COST,
      counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
      deriveKey,
      data: { kid: secrets.kid },
      expiresAt: Math.floor((now + CHALLENGE_LIFETIME_MS) / 1000),
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
    const { signature } = challenge;
    if (signature === undefined) throw new Error('altcha-lib returned an unsigned challenge');
    return { ...challenge, signature };
  }

  /** Checks a payload once: 'ok' the first time a valid, unexpired solution is sent, never again. */
  async verify(token: unknown): Promise<BotCheckVerdict> {
    if (token === undefined || token === null || token === '') return 'missing';
    const payload = readPayload(token);
    if (payload === null) return 'failed';
    const secrets = await this.#named(payload.challenge.parameters.data?.kid);
    if (secrets === null) return 'failed';
    const expiresAt = payload.challenge.parameters.expiresAt;
    const now = this.#options.now?.() ?? Date.now();
    if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now) return 'expired';
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
    if (result.expired) return 'expired';
    if (!result.verified) return 'failed';
    // one use: the first request to record this challenge's signature wins, in any process
    const { current } = await this.#options.store.increment(
      `bot-check:${payload.challenge.signature}`,
      Math.max(1000, expiresAt * 1000 - now),
    );
    return current === 1 ? 'ok' : 'used';
  }
}

/** Refuses the request with the envelope (400, the field named) unless `token` passes the check once. */
export async function requireBotCheck(botCheck: BotCheck, token: unknown, field: string): Promise<void> {
  const verdict = await botCheck.verify(token);
  if (verdict !== 'ok') throw new ApiError(400, BOT_CHECK_MESSAGES[verdict], { field });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot check of the signed-out calls (server/bot-check/bot-check.ts). */
    botCheck: BotCheck;
  }
}
