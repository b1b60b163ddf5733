// A sign-in flow bound to the browser that started it (issue 37: login CSRF). The flow's secrets (state,
// nonce, PKCE code verifier) are made when the browser asks for the authorization URL and go to it in a
// cookie: httpOnly, SameSite=Lax, Secure on an https origin, sent only to the code exchange (its path) and
// for as long as a state lives. The exchange takes a state only with the cookie of that state, so a prepared
// `/auth/callback?code=…&state=…` link opened in another browser (no cookie, or one of another state) signs
// no one in; the cookie is cleared by the exchange that uses it. The server keeps `flowBinding` of the
// secrets beside the state, so a cookie whose nonce or verifier was changed is refused too.
//
// Nothing here knows the provider or the database: the relying party (google.ts, dev-idp.ts today; a
// library's client later) takes the nonce and the code challenge to the provider and the verifier to
// the token endpoint.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface FlowSecrets {
  state: string;
  /** Sent to the provider, which puts it in the ID token: checked there. */
  nonce: string;
  /** PKCE (RFC 7636): its S256 challenge goes to the provider, the verifier to the token endpoint. */
  codeVerifier: string;
}

export interface FlowCookieOptions {
  /** The public origin is https: the cookie is Secure (and named __Secure-…). */
  secure: boolean;
  /** The path of the code exchange, the only request the cookie is sent with. */
  path: string;
  /** Its lifetime: the state's. */
  maxAgeSeconds: number;
}

const secret = (): string => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text);

/** Three fresh secrets of 32 random bytes each (base64url, 43 characters: a valid PKCE verifier). */
export const newFlowSecrets = (): FlowSecrets => ({
  state: secret(),
  nonce: secret(),
  codeVerifier: secret(),
});

/** PKCE's S256 code challenge of a verifier. */
export const codeChallengeOf = (codeVerifier: string): string => sha256(codeVerifier).digest('base64url');

const cookieValue = (flow: FlowSecrets): string => `${flow.state}.${flow.nonce}.${flow.codeVerifier}`;

/** What the server keeps beside the state: the hash of the whole cookie, so none of its parts can change. */
export const flowBinding = (flow: FlowSecrets): string => sha256(cookieValue(flow)).digest('hex');

export const flowCookieName = (secure: boolean): string => (secure ? '__Secure-fp_signin' : 'fp_signin');

const setCookie = (options: FlowCookieOptions, value: string, maxAge: number): string =>
  [
    `${flowCookieName(options.secure)}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');

/** Gives the browser the flow's cookie (with the answer that starts the flow). */
export function setFlowCookie(reply: FastifyReply, flow: FlowSecrets, options: FlowCookieOptions): void {
  reply.header('set-cookie', setCookie(options, cookieValue(flow), options.maxAgeSeconds));
}

/** Clears the flow's cookie: a flow is completed (or refused) once. */
export function clearFlowCookie(reply: FastifyReply, options: FlowCookieOptions): void {
  reply.header('set-cookie', setCookie(options, '', 0));
}

const FLOW_VALUE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** Whether two secrets are equal, in a time that does not depend on where they differ. */
export const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(sha256(a).digest(), sha256(b).digest());

/**
 * The secrets of the flow of `state` that this browser started: from its cookie, or null when it has none
 * for this state (a link prepared elsewhere, a flow started in another browser, a cookie already used).
 */
export function browserFlow(
  request: FastifyRequest,
  state: string,
  options: Pick<FlowCookieOptions, 'secure'>,
): FlowSecrets | null {
  const name = flowCookieName(options.secure);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const match = FLOW_VALUE.exec(part.slice(eq + 1).trim());
    if (match === null) continue;
    const flow = { state: match[1]!, nonce: match[2]!, codeVerifier: match[3]! };
    if (sameSecret(flow.state, state)) return flow;
  }
  return null;
}
