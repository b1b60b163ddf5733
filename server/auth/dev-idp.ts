// The development identity provider (requirements §C4): stands in for Google when GOOGLE_CLIENT_ID is unset
// outside production. A real authorization-code flow with PKCE on our own origin: GET /dev-idp/authorize
// shows a sign-in page for a state issued by GET /api/social/authorize (with a nonce and an S256 code
// challenge, as Google is sent); POST issues a single-use code (60 s, bound to the state, the redirect_uri,
// the challenge, the nonce, the address and the name) and returns to the SPA's callback, which exchanges it
// at POST /api/social/exchange: `redeemDevCode` is this provider's token endpoint, which takes the code only
// with the verifier of its challenge and answers the nonce, as an ID token would. No password: any address
// signs in, as with a test account.
import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { MESSAGES, isValidEmail } from '../../domain/validation.ts';
import type { Db } from '../db/index.ts';
import { escapeHtml, STAND_IN_PAGE_HEADERS, standInBaseStyle } from '../http/html.ts';
import { cleanName } from './accounts.ts';
import { AUTH_MESSAGES } from './constants.ts';
import { codeChallengeOf, sameSecret } from './flow-cookie.ts';
import { ProviderError, type ProviderIdentity } from './google.ts';
import { createOneTimeToken, findOneTimeToken, hashSecret, type Consumed } from './one-time-tokens.ts';
import { perIp, RATE_LIMIT_MESSAGES, type Limit } from './rate-limits.ts';

export const DEV_CLIENT_ID = 'dev';
export const DEV_IDP_PATH = '/dev-idp/authorize';
export const AUTH_CODE_TTL_SECONDS = 60;

/** What an OAuth state row carries (one_time_tokens.data, purpose oauth_state). */
export interface StateData {
  provider: 'google';
  /** 'dev' when issued for this identity provider, 'google' for Google. */
  mode: 'dev' | 'google';
  /** The redirect_uri: our own /auth/callback or /social-callback. */
  callback: string;
  /** flowBinding of the secrets in the browser's flow cookie (flow-cookie.ts). */
  binding: string;
}

/** What a code row carries (purpose auth_code; the address is in the email column). */
export interface CodeData {
  stateHash: string;
  redirectUri: string;
  name: string;
  subject: string;
  /** The authorize request's PKCE challenge (S256) and nonce. */
  codeChallenge: string;
  nonce: string;
}

/** The development provider's stable subject of an address (like Google's `sub`). */
export const devSubject = (email: string): string =>
  `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

const TITLE = 'Sign in with Google (development)';

const STYLE =
  standInBaseStyle(400) +
  `
  .brand{display:flex;align-items:center;gap:10px;margin-bottom:8px;font-weight:600}
  .dot{display:inline-block;width:12px;height:12px;border-radius:50%;margin-right:-6px}
  h1{font-size:20px;margin:0 0 8px}
  p{margin:0 0 20px;color:#4b5563;font-size:14px}
  label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
  .optional{font-weight:400;color:#6b7280}
  input{width:100%;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit;margin:0 0 16px}
  input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
  input[aria-invalid=true]{border-color:#dc2626}
  .error{color:#b91c1c;font-size:14px;margin:-10px 0 16px}
  .actions{display:flex;gap:12px;margin-top:8px}
  button{font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;cursor:pointer;border:1px solid transparent}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  .primary{background:#1a73e8;color:#fff}
  .primary:hover{background:#1765cc}
`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand" aria-hidden="true"><span class="dot" style="background:#4285f4"></span><span class="dot" style="background:#ea4335"></span><span class="dot" style="background:#fbbc05"></span><span class="dot" style="background:#34a853"></span><span style="margin-left:12px">Google</span></div>
${body}
</main>
</body>
</html>
`;

/** The sign-in form. "Sign in" comes first: the form's default button, the one Enter presses. */
export function signInPage(values: {
  state: string;
  redirectUri: string;
  nonce: string;
  codeChallenge: string;
  email?: string;
  name?: string;
  error?: string;
}): string {
  const error = values.error
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(values.error)}</p>`
    : '';
  return page(
    TITLE,
    `<h1>${escapeHtml(TITLE)}</h1>
<p>Choose the account to continue to FruitPrompt. This stand-in for Google runs on this server for development: no password is needed.</p>
<form method="post" action="${DEV_IDP_PATH}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(values.state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(values.redirectUri)}">
<input type="hidden" name="nonce" value="${escapeHtml(values.nonce)}">
<input type="hidden" name="code_challenge" value="${escapeHtml(values.codeChallenge)}">
<input type="hidden" name="code_challenge_method" value="S256">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(values.email ?? '')}"${values.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error}
<label for="name">Name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="100" value="${escapeHtml(values.name ?? '')}">
<div class="actions">
<button type="submit" name="action" value="signin" class="primary">Sign in</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
<p class="note">Development identity provider: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to sign in with Google.</p>`,
  );
}

export const invalidRequestPage = (): string =>
  page(
    'Sign-in request not valid',
    `<h1>This sign-in request is not valid</h1>
<p role="alert">It may have expired or been used already. Close this window and start again from FruitPrompt.</p>`,
  );

const Field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** PKCE and the nonce, as the relying party sends them (the query, then the page's hidden fields). */
const PkceFields = {
  nonce: Field(512),
  code_challenge: Field(128),
  code_challenge_method: Field(16),
};

const AuthorizeQuery = Type.Object({
  client_id: Field(64),
  redirect_uri: Field(2048),
  state: Field(512),
  response_type: Field(32),
  scope: Field(256),
  ...PkceFields,
});

const AuthorizeForm = Type.Object({
  state: Field(512),
  redirect_uri: Field(2048),
  ...PkceFields,
  email: Field(320),
  name: Field(200),
  action: Field(16),
});

export interface DevIdpOptions {
  db: Db;
  limit: Limit;
}

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * This provider's token endpoint, in process: the code used up by the exchange (`consumed`) signs in only
 * for the state and redirect_uri it was issued for and with the verifier of its PKCE challenge; the nonce
 * the authorize request carried must be the flow's (an ID token's nonce claim). Otherwise ProviderError 400.
 */
export function redeemDevCode(
  consumed: Consumed<CodeData> | null,
  expected: { state: string; redirectUri: string; codeVerifier: string; nonce: string },
): ProviderIdentity {
  if (consumed === null || consumed.status === 'unknown') {
    throw new ProviderError(400, AUTH_MESSAGES.signInInvalid);
  }
  if (consumed.status !== 'ok') throw new ProviderError(400, AUTH_MESSAGES.signInExpired);
  const { data, email } = consumed.token;
  if (
    !email ||
    data.stateHash !== hashSecret(expected.state) ||
    data.redirectUri !== expected.redirectUri ||
    typeof data.codeChallenge !== 'string' ||
    !sameSecret(data.codeChallenge, codeChallengeOf(expected.codeVerifier)) ||
    typeof data.nonce !== 'string' ||
    !sameSecret(data.nonce, expected.nonce)
  ) {
    throw new ProviderError(400, AUTH_MESSAGES.signInInvalid);
  }
  return { subject: data.subject, email, emailVerified: true, name: data.name, picture: null };
}

/** Registers /dev-idp/authorize (GET page, POST form). Call only when the stand-in is active. */
export async function devIdpRoutes(fastify: FastifyInstance, { db, limit }: DevIdpOptions): Promise<void> {
  // Form bodies only here, not on the JSON API.
  await fastify.register(formbody, { bodyLimit: 16 * 1024 });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * The request's state, callback, nonce and challenge, if the state is live, issued for this provider and
   * for this redirect_uri, and the request carries a nonce and an S256 challenge (PKCE is required).
   */
  const liveRequest = async (fields: {
    state?: string;
    redirect_uri?: string;
    nonce?: string;
    code_challenge?: string;
    code_challenge_method?: string;
  }) => {
    const { state, redirect_uri: redirectUri, nonce, code_challenge: codeChallenge } = fields;
    if (!state || !redirectUri || !nonce || !codeChallenge) return null;
    if (fields.code_challenge_method !== 'S256' || !S256_CHALLENGE.test(codeChallenge)) return null;
    const token = await findOneTimeToken<StateData>(db, 'oauth_state', state);
    if (token === null || token.usedAt !== null || token.expired) return null;
    if (token.data.mode !== 'dev' || token.data.callback !== redirectUri) return null;
    return { state, callback: token.data.callback, nonce, codeChallenge };
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).headers(STAND_IN_PAGE_HEADERS).send(body);

  app.get(
    DEV_IDP_PATH,
    {
      config: perIp(limit, RATE_LIMIT_MESSAGES.social),
      schema: { summary: 'Development identity provider: the sign-in page', querystring: AuthorizeQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const live = q.client_id === DEV_CLIENT_ID && q.response_type === 'code' ? await liveRequest(q) : null;
      if (live === null) return html(reply, 400, invalidRequestPage());
      return html(reply, 200, signInPage({ ...live, redirectUri: live.callback }));
    },
  );

  app.post(
    DEV_IDP_PATH,
    {
      config: perIp(limit, RATE_LIMIT_MESSAGES.social),
      schema: { summary: 'Development identity provider: sign in or cancel', body: AuthorizeForm },
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const live = await liveRequest(form);
      if (live === null) return html(reply, 400, invalidRequestPage());
      const target = new URL(live.callback);
      if (form.action === 'cancel') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('state', live.state);
        return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
      }
      const email = (form.email ?? '').trim();
      const error = !email
        ? MESSAGES.emailRequired
        : !isValidEmail(email) || email.length > 254
          ? MESSAGES.emailInvalid
          : null;
      if (error !== null) {
        return html(
          reply,
          400,
          signInPage({ ...live, redirectUri: live.callback, email, name: form.name ?? '', error }),
        );
      }
      const code = await createOneTimeToken(db, {
        purpose: 'auth_code',
        ttlSeconds: AUTH_CODE_TTL_SECONDS,
        email,
        data: {
          stateHash: hashSecret(live.state),
          redirectUri: live.callback,
          name: cleanName(form.name, email),
          subject: devSubject(email),
          codeChallenge: live.codeChallenge,
          nonce: live.nonce,
        } satisfies CodeData,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('state', live.state);
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
    },
  );
}
