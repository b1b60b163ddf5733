// Sign-in with Google: the OpenID Connect authorization-code flow with PKCE. The browser goes to Google's
// consent page with the state, nonce and code challenge of the flow it started (flow-cookie.ts); Google
// returns to the SPA's /auth/callback with a code, which the SPA hands to POST /api/social/exchange; the
// server exchanges it at Google's token endpoint with the client secret and the flow's code verifier, and
// verifies the id_token against Google's published keys and the flow's nonce.
// Without GOOGLE_CLIENT_ID the development identity provider (dev-idp.ts) stands in (requirements §C4).
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { codeChallengeOf, type FlowSecrets } from './flow-cookie.ts';

export const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const OIDC_SCOPE = 'openid email profile';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  /** The provider's stable subject (Google `sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** The provider refused or could not be reached: the message is fit for the person. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A query string with %20 for spaces (as providers document it), not URLSearchParams' "+". */
export const queryString = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

export interface GoogleClientOptions {
  clientId: string;
  clientSecret: string;
  /** For tests: the token endpoint's fetch and the key set of the id_token. */
  fetch?: typeof fetch;
  jwks?: JWTVerifyGetKey;
  timeoutMs?: number;
}

export class GoogleClient {
  private readonly fetch: typeof fetch;
  private readonly jwks: JWTVerifyGetKey;
  private readonly timeoutMs: number;

  constructor(private readonly options: GoogleClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.jwks = options.jwks ?? createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  authUrl({ redirectUri, flow }: { redirectUri: string; flow: FlowSecrets }): string {
    return `${GOOGLE_AUTH_URL}?${queryString({
      client_id: this.options.clientId,
      redirect_uri: redirectUri,
      state: flow.state,
      response_type: 'code',
      scope: OIDC_SCOPE,
      nonce: flow.nonce,
      code_challenge: codeChallengeOf(flow.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    })}`;
  }

  /**
   * Exchanges the code (redirect_uri as sent to the consent page, the flow's PKCE verifier) and verifies the
   * id_token, whose nonce must be the flow's: a token of another sign-in is refused.
   */
  async exchange({
    code,
    redirectUri,
    flow,
  }: {
    code: string;
    redirectUri: string;
    flow: FlowSecrets;
  }): Promise<ProviderIdentity> {
    let response: Response;
    try {
      response = await this.fetch(GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code,
          client_id: this.options.clientId,
          client_secret: this.options.clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
          code_verifier: flow.codeVerifier,
        }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ProviderError(502, 'Google could not be reached. Please try again later.');
    }
    let body: { id_token?: unknown; error?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new ProviderError(502, 'Google sent an answer we could not read. Please try again later.');
    }
    if (!response.ok || typeof body.id_token !== 'string') {
      // invalid_grant: the code was used, expired or issued for another redirect_uri
      throw new ProviderError(400, 'This sign-in link has expired. Please try again.');
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(body.id_token, this.jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: this.options.clientId,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new ProviderError(400, 'Google sign-in could not be verified. Please try again.');
    }
    if (typeof payload.nonce !== 'string' || payload.nonce !== flow.nonce) {
      throw new ProviderError(400, 'Google sign-in could not be verified. Please try again.');
    }
    const { sub, email, email_verified, name, picture } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || email === '') {
      throw new ProviderError(400, 'Google did not share an email address. Please try another account.');
    }
    return {
      subject: sub,
      email,
      emailVerified: email_verified === true || email_verified === 'true',
      name: typeof name === 'string' ? name : null,
      picture: typeof picture === 'string' && /^https:\/\//.test(picture) ? picture : null,
    };
  }
}
