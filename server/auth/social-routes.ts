// The sign-in calls (requirements §7 and ours), social sign-in (Google, or the development identity
// provider): authorize, the callback's code exchange. Every answer is an envelope; the texts are the
// product's (requirements §5, §8). A flow is bound to the browser that started it (flow-cookie.ts): the
// exchange takes a state only with that browser's cookie of it (issue 37, login CSRF).
import { isValidEmail } from '../../domain/validation.ts';
import type { Config } from '../config.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { signedIn } from './accounts.ts';
import { DEV_CLIENT_ID, DEV_IDP_PATH, redeemDevCode, type CodeData, type StateData } from './dev-idp.ts';
import {
  browserFlow,
  clearFlowCookie,
  codeChallengeOf,
  flowBinding,
  newFlowSecrets,
  sameSecret,
  setFlowCookie,
  type FlowCookieOptions,
} from './flow-cookie.ts';
import { OIDC_SCOPE, ProviderError, queryString, type ProviderIdentity } from './google.ts';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens.ts';
import { RATE_LIMIT_MESSAGES, perIp } from './rate-limits.ts';
import { AuthorizeQuery, AuthorizeResponse, ExchangeBody, SignInResponse } from './schemas.ts';
import { findOrCreateSocialUser } from './social-users.ts';
import { STATE_TTL_SECONDS, SOCIAL_CALLBACK_PATHS, AUTH_MESSAGES } from './constants.ts';
import type { AuthContext } from './route-context.ts';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const EXCHANGE_PATH = '/api/social/exchange';

/**
 * The origins a sign-in callback may be on: PUBLIC_ORIGIN, and outside production, when PUBLIC_ORIGIN is a
 * loopback origin, the same scheme and port under the other loopback names (a browser on 127.0.0.1 reaches
 * the same server as on localhost). Never derived from a request: Host and X-Forwarded-Host are the
 * client's to choose, and a callback on another host would send it the sign-in code.
 */
export function callbackOrigins(config: Pick<Config, 'publicOrigin' | 'production'>): Set<string> {
  const origins = new Set([config.publicOrigin]);
  const url = new URL(config.publicOrigin);
  if (!config.production && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      url.hostname = host;
      origins.add(url.origin);
    }
  }
  return origins;
}
export async function socialRoutes(context: AuthContext): Promise<void> {
  const { db, config, limits, app, google, devIdp } = context;

  // `npm run dev` sets PUBLIC_ORIGIN to the Vite dev server's origin, so its callbacks are accepted.
  const ourOrigins = callbackOrigins(config);
  /** The flow's cookie: sent only to the exchange, for as long as its state lives. */
  const flowCookie: FlowCookieOptions = {
    secure: config.publicOrigin.startsWith('https:'),
    path: EXCHANGE_PATH,
    maxAgeSeconds: STATE_TTL_SECONDS,
  };
  /** The callback if it is ours: one of our paths, on PUBLIC_ORIGIN (callbackOrigins). */
  const allowedCallback = (raw: string): URL | null => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.username || url.password || url.search || url.hash || raw.includes('#')) return null;
    if (!SOCIAL_CALLBACK_PATHS.includes(url.pathname)) return null;
    return ourOrigins.has(url.origin) ? url : null;
  };

  app.get(
    '/api/social/authorize',
    {
      config: perIp(limits.socialPerIp, RATE_LIMIT_MESSAGES.social),
      schema: {
        summary: "The provider's authorization URL for a new sign-in (state bound to the callback)",
        querystring: AuthorizeQuery,
        response: { 200: AuthorizeResponse },
      },
    },
    async (request, reply) => {
      const { provider, callback } = request.query;
      if (provider !== 'google') throw new ApiError(400, AUTH_MESSAGES.unsupportedProvider);
      const url = allowedCallback(callback);
      if (url === null) throw new ApiError(400, AUTH_MESSAGES.badCallback);
      if (google === null && !devIdp) throw new ApiError(503, AUTH_MESSAGES.socialUnavailable);
      const redirectUri = `${url.origin}${url.pathname}`;
      // States and codes are short-lived: clear out the ones long gone.
      await db.query(
        `DELETE FROM one_time_tokens WHERE purpose IN ('oauth_state', 'auth_code') AND expires_at < now() - interval '1 hour'`,
      );
      const flow = newFlowSecrets();
      await createOneTimeToken(db, {
        secret: flow.state,
        purpose: 'oauth_state',
        ttlSeconds: STATE_TTL_SECONDS,
        data: {
          provider: 'google',
          mode: google ? 'google' : 'dev',
          callback: redirectUri,
          binding: flowBinding(flow),
        } satisfies StateData,
      });
      const authUrl = google
        ? google.authUrl({ redirectUri, flow })
        : `${url.origin}${DEV_IDP_PATH}?${queryString({
            client_id: DEV_CLIENT_ID,
            redirect_uri: redirectUri,
            state: flow.state,
            response_type: 'code',
            scope: OIDC_SCOPE,
            nonce: flow.nonce,
            code_challenge: codeChallengeOf(flow.codeVerifier),
            code_challenge_method: 'S256',
          })}`;
      // the answer that starts this browser's flow: its cookie, never kept by a cache
      setFlowCookie(reply, flow, flowCookie);
      reply.header('cache-control', 'no-store');
      return ok({ authUrl });
    },
  );

  app.post(
    EXCHANGE_PATH,
    {
      config: perIp(limits.socialPerIp, RATE_LIMIT_MESSAGES.social),
      schema: {
        summary: "Complete a social sign-in: the provider's code and our state for a token",
        body: ExchangeBody,
        response: { 200: SignInResponse },
      },
    },
    async (request, reply) => {
      const { code, state } = request.body;
      // A state this browser did not start (a prepared link, a flow of another browser, one already used)
      // signs no one in; the flow that is this browser's is tried once.
      const flow = browserFlow(request, state, flowCookie);
      if (flow === null) throw new ApiError(400, AUTH_MESSAGES.signInOtherBrowser);
      clearFlowCookie(reply, flowCookie);
      reply.header('cache-control', 'no-store');
      // State and (development) code are used up by any attempt, a failed one too.
      const used = await db.tx(async (q) => ({
        state: await consumeOneTimeToken<StateData>(q, 'oauth_state', state),
        code: devIdp ? await consumeOneTimeToken<CodeData>(q, 'auth_code', code) : null,
      }));
      if (used.state.status === 'unknown') throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
      if (used.state.status !== 'ok') throw new ApiError(400, AUTH_MESSAGES.signInExpired);
      const stateData = used.state.token.data;
      // the cookie's nonce and verifier are the ones this state was issued with
      if (typeof stateData.binding !== 'string' || !sameSecret(stateData.binding, flowBinding(flow))) {
        throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
      }

      let identity: ProviderIdentity;
      try {
        if (stateData.mode === 'dev') {
          identity = redeemDevCode(devIdp ? used.code : null, { ...flow, redirectUri: stateData.callback });
        } else {
          if (google === null) throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
          identity = await google.exchange({ code, redirectUri: stateData.callback, flow });
        }
      } catch (error) {
        if (error instanceof ProviderError) throw new ApiError(error.statusCode, error.message);
        throw error;
      }
      if (!isValidEmail(identity.email)) throw new ApiError(400, AUTH_MESSAGES.signInInvalid);
      const user = await db.tx((q) => findOrCreateSocialUser(q, identity));
      return ok(await signedIn(user, config.jwtSecret), AUTH_MESSAGES.loggedIn);
    },
  );
}
