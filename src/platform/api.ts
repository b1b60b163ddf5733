import type { KyInstance } from 'ky';
import type { Envelope } from '../../domain/envelope.ts';
import { SESSION_ENDED_MESSAGE } from '../../domain/session-rules.ts';

/** An answer with `success: false`, or no answer at all; `message` is fit to show a person. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extend: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const OFFLINE_MESSAGE = "Can't reach FruitPrompt right now. Check your connection and try again.";

export interface ApiClientOptions {
  /** The bearer token, read at call time (the session owns it). */
  getToken?: () => string | null;
  /** For tests: a fetch of their own. */
  fetch?: typeof fetch;
  baseUrl?: string;
  /**
   * Told after every call whether the server was reached: false when the call failed at the network
   * level or a gateway answered 502/503/504 in its place, true for any answer of the API itself (its own
   * 503 envelopes too, e.g. no payment page: the server is up and says what to do).
   */
  onReachability?: (reached: boolean) => void;
  /**
   * Told the token a call carried when the server answered it 401: the server no longer takes that
   * token (signed out everywhere, a password changed, the account deleted). Called before the call
   * settles; the session decides whether it is the token in use (src/app/app-system.ts). Calls
   * without a token (a wrong password at login answers 401 too) are never reported.
   */
  onUnauthorized?: (token: string) => void;
}

/** Statuses a proxy or load balancer answers with while the server behind it is down or restarting. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export interface ApiClient {
  get<E>(path: string, searchParams?: Record<string, string | number | undefined>): Promise<E>;
  post<E>(
    path: string,
    json?: unknown,
    searchParams?: Record<string, string | number | undefined>,
  ): Promise<E>;
  /** A file as the request body, sent with its own type (an avatar image). */
  upload<E>(path: string, file: Blob): Promise<E>;
  /** The same, but the envelope is returned whatever its `success`, for calls whose failure is an answer. */
  raw<E>(
    method: 'get' | 'post',
    path: string,
    options?: {
      json?: unknown;
      body?: Blob;
      searchParams?: Record<string, string | number | undefined>;
      token?: string;
    },
  ): Promise<{ status: number; body: Envelope<E> }>;
}

const cleanParams = (params: Record<string, string | number | undefined> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** The JSON API of requirements §C2 through ky: every answer is an envelope, also on errors. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  // ky loads with the first call: a page the server rendered makes none at start (issue 18)
  let http: Promise<KyInstance> | null = null;
  const client = (): Promise<KyInstance> =>
    (http ??= import('ky').then(({ default: ky }) =>
      ky.create({
        prefixUrl:
          options.baseUrl ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin),
        throwHttpErrors: false,
        retry: 0,
        timeout: 15000,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ));

  const raw: ApiClient['raw'] = async (method, path, opts = {}) => {
    // the call's own token (the session's account and logout calls), else the session's, read now
    const token = opts.token || options.getToken?.() || null;
    let response: Response;
    try {
      const call = await client();
      response = await call(path.replace(/^\//, ''), {
        method,
        searchParams: cleanParams(opts.searchParams),
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(opts.body ? { 'Content-Type': opts.body.type || 'application/octet-stream' } : {}),
        },
        ...(opts.json !== undefined ? { json: opts.json } : {}),
        ...(opts.body ? { body: opts.body } : {}),
      });
    } catch {
      options.onReachability?.(false);
      throw new ApiError(OFFLINE_MESSAGE, 0);
    }
    const refused = response.status === 401 && token !== null;
    if (refused) options.onUnauthorized?.(token);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      options.onReachability?.(!GATEWAY_STATUSES.has(response.status));
      if (refused) throw new ApiError(SESSION_ENDED_MESSAGE, response.status);
      throw new ApiError(
        response.status >= 500
          ? 'FruitPrompt had a problem answering. Please try again in a moment.'
          : OFFLINE_MESSAGE,
        response.status,
      );
    }
    const envelope = !!body && typeof body === 'object' && typeof (body as Envelope).success === 'boolean';
    options.onReachability?.(envelope || !GATEWAY_STATUSES.has(response.status));
    if (refused) {
      // never the server's "Invalid or expired token": a page that shows this call's failure says
      // what happened and what to do, as the session's toast does
      if (!envelope) throw new ApiError(SESSION_ENDED_MESSAGE, response.status);
      return { status: response.status, body: { ...(body as Envelope<never>), msg: SESSION_ENDED_MESSAGE } };
    }
    if (!envelope) {
      throw new ApiError('FruitPrompt sent an answer it cannot read. Please try again.', response.status);
    }
    return { status: response.status, body: body as Envelope<never> };
  };

  const unwrap = async <E>(p: ReturnType<typeof raw>): Promise<E> => {
    const { status, body } = await p;
    if (!body.success)
      throw new ApiError(
        body.msg || 'Something went wrong. Please try again.',
        status,
        body.extend as Record<string, unknown>,
      );
    return body.extend as E;
  };

  return {
    raw,
    get: (path, searchParams) => unwrap(raw('get', path, { searchParams })),
    post: (path, json, searchParams) => unwrap(raw('post', path, { json, searchParams })),
    upload: (path, file) => unwrap(raw('post', path, { body: file })),
  };
}
