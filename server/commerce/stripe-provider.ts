// Stripe Checkout through the official `stripe` package (issue 38). The same code talks to Stripe in
// production and to our own stand-in (server/commerce/stripe-stand-in/) in development and every test: the
// client is pointed at it through its host/port/protocol settings (STRIPE_API_BASE), or, while the
// development stand-ins are on and no keys are set, handed to this server's stand-in routes in-process.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config, StripeConfig } from '../config.ts';

/** The stand-in's keys: not secrets, the development server's own (never accepted by Stripe). */
export const STAND_IN_SECRET_KEY = 'sk_test_fruitprompt_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_fruitprompt_stand_in';
/** Where this server answers Stripe's API while the development stand-ins are on. */
export const STAND_IN_PATH = '/dev-stripe';

export interface StripeSettings extends StripeConfig {
  /** The stand-in routes of this very server (no keys set, stand-ins on): requests are injected, no socket. */
  inProcess: boolean;
}

/** The configured Stripe, the development stand-in, or null: card payment unavailable (503). */
export function stripeSettingsOf(config: Pick<Config, 'devStandIns' | 'stripe'>): StripeSettings | null {
  if (config.stripe) return { ...config.stripe, inProcess: false };
  if (!config.devStandIns) return null;
  return {
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    apiBase: null,
    inProcess: true,
  };
}

type FetchFn = (url: URL | RequestInfo, init?: RequestInit) => Promise<Response>;

const urlOf = (url: URL | RequestInfo): URL => new URL(url instanceof Request ? url.url : url);

/** Requests for this server's own stand-in routes, answered by app.inject. */
const injectFetch =
  (app: FastifyInstance): FetchFn =>
  async (url, init = {}) => {
    const target = urlOf(url);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${STAND_IN_PATH}${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.body, { status: res.statusCode, headers });
  };

/** Requests for an API base with a path (…/dev-stripe): the path goes before Stripe's /v1/…. */
const prefixFetch =
  (base: URL): FetchFn =>
  (url, init) => {
    const target = urlOf(url);
    return fetch(`${base.origin}${base.pathname.replace(/\/$/, '')}${target.pathname}${target.search}`, init);
  };

/** The `stripe` client of this configuration, or null: no card payment. */
export const stripeOf = (
  config: Pick<Config, 'devStandIns' | 'stripe'>,
  app: FastifyInstance,
): Stripe | null => {
  const settings = stripeSettingsOf(config);
  return settings === null ? null : stripeClient(settings, app);
};

/** The `stripe` client of these settings; `app` answers the in-process stand-in's requests. */
export function stripeClient(settings: StripeSettings, app: FastifyInstance): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.inProcess) {
    return new Stripe(settings.secretKey, {
      ...options,
      host: 'localhost',
      protocol: 'http',
      httpClient: Stripe.createFetchHttpClient(injectFetch(app)),
    });
  }
  if (settings.apiBase === null) return new Stripe(settings.secretKey, options);
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    ...options,
    host: base.hostname,
    port: base.port === '' ? (protocol === 'http' ? 80 : 443) : Number(base.port),
    protocol,
    ...(base.pathname.length > 1 ? { httpClient: Stripe.createFetchHttpClient(prefixFetch(base)) } : {}),
  });
}
