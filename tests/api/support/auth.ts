// Helpers of the sign-in API tests: JSON calls through inject, encrypted passwords, the outbox.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import { hashSecret } from '../../../server/auth/one-time-tokens.ts';
import { encryptPassword } from '../../../server/auth/password-crypto.ts';
import type { TestServer } from '../../support/server.ts';

export interface Envelope<E = Record<string, unknown>> {
  success: boolean;
  msg: string;
  extend: E;
}

export interface Answer<E = Record<string, unknown>> {
  status: number;
  body: Envelope<E>;
  res: LightMyRequestResponse;
}

const answer = <E>(res: LightMyRequestResponse): Answer<E> => {
  const body = res.json<Envelope<E>>();
  expect(body).toMatchObject({
    success: expect.any(Boolean),
    msg: expect.any(String),
    extend: expect.anything(),
  });
  expect(res.body).not.toMatch(/\bat .+\.ts:\d+/); // never a stack trace
  return { status: res.statusCode, body, res };
};

export const call = async <E = Record<string, unknown>>(
  server: TestServer,
  options: InjectOptions,
): Promise<Answer<E>> => answer<E>(await server.app.inject(options));

export const post = <E = Record<string, unknown>>(
  server: TestServer,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => call<E>(server, { method: 'POST', url, payload: payload as InjectOptions['payload'], headers });

export const get = <E = Record<string, unknown>>(
  server: TestServer,
  url: string,
  headers: Record<string, string> = {},
) => call<E>(server, { method: 'GET', url, headers });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The client's encryption of a password (node:crypto; the crypto-js interop has its own test). */
export const enc = (password: string, key: string) => encryptPassword(password, key);

export interface UserData {
  userId: string;
  providerUsername: string;
  email: string | null;
  avatarUrl: string | null;
  fruitCnt: number;
}
export type SignIn = { token: string; data: UserData };

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export const outbox = async (server: TestServer, to: string): Promise<OutboxMail[]> => {
  const { status, body } = await get<{ data: OutboxMail[] }>(
    server,
    `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  );
  expect(status).toBe(200);
  return body.extend.data;
};

/** The token of the newest verification mail to this address. */
export const verifyTokenFromOutbox = async (server: TestServer, to: string): Promise<string> => {
  const [mail] = await outbox(server, to);
  const match = /\/verifyemail-([A-Za-z0-9_-]+)\.html/.exec(mail?.text ?? '');
  expect(match, `a verification link in the mail to ${to}`).not.toBeNull();
  return match![1]!;
};

/** A solved bot check of this app (server/bot-check/bot-check.ts): what a browser sends, once. */
export const botProof = async (app: FastifyInstance): Promise<string> =>
  solved(await app.botCheck.challenge());

/** The same from a server running elsewhere: its challenge fetched as a browser does, then solved. */
export async function botProofFrom(origin: string): Promise<string> {
  const answer = (await (await fetch(`${origin}/api/bot-check/challenge`)).json()) as {
    extend: { data: Challenge };
  };
  return solved(answer.extend.data);
}

async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the bot check was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The body with a fresh bot check as `botCheck` (guest sign-in, a signed-out support request). */
export const proven = async <T extends object>(
  app: FastifyInstance,
  body: T,
): Promise<T & { botCheck: string }> => ({
  ...body,
  botCheck: await botProof(app),
});

/** A JSON object body with a fresh bot check added; anything else (a malformed body) as it is. */
export const provenObject = async (app: FastifyInstance, body: unknown): Promise<InjectOptions['payload']> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? proven(app, body)
    : (body as InjectOptions['payload']);

/** The Set-Cookie headers of an answer. */
export const setCookies = (res: LightMyRequestResponse): string[] => {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};

/** What a browser sends back of the cookie an answer set: `name=value` (attributes dropped). */
export const cookieOf = (res: LightMyRequestResponse): string => {
  const [first] = setCookies(res);
  expect(first, 'a Set-Cookie header').toBeDefined();
  return first!.split(';')[0]!;
};

/**
 * The development identity provider's sign-in form for an authorization URL: its hidden fields as its page
 * carries them (state, redirect_uri, nonce, PKCE challenge), and the fields given.
 */
export const devIdpForm = (authUrl: URL, fields: Record<string, string>) => {
  const carried = ['state', 'redirect_uri', 'nonce', 'code_challenge', 'code_challenge_method'];
  const hidden = Object.fromEntries(
    carried.flatMap((name) => {
      const value = authUrl.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  return {
    method: 'POST' as const,
    url: '/dev-idp/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...hidden, ...fields }).toString(),
  };
};

/** Makes the one-time token of this secret (a verification link, a sign-in code or state) expired already. */
export async function expireOneTimeToken(server: TestServer, secret: string): Promise<void> {
  await server.db.query(
    `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
    [hashSecret(secret)],
  );
}
