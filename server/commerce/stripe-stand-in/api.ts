// The Stripe stand-in's API (issue 38): POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id under
// STAND_IN_PATH, as Stripe answers them for what this shop sends (mode "payment", line items with
// price_data, client_reference_id, metadata, success_url, cancel_url). Bearer secret key, Stripe's form
// encoding, Idempotency-Key (the same key with other parameters is Stripe's idempotency_error), and
// Stripe's error shape { error: { type, code, message, param } }.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/index.ts';
import { STAND_IN_PATH } from '../stripe-provider.ts';
import { decodeForm, type FormValue } from './form.ts';

/** A Checkout Session as the stand-in keeps and answers it (the fields of Stripe's this shop reads). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface StandInLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface StandInOptions {
  db: Db;
  /** The key clients must send (Bearer). */
  secretKey: string;
  /** Where the hosted payment page is: this server's public origin. */
  publicOrigin: string;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }
}

const invalid = (message: string, param?: string) =>
  new StripeError(400, message, { code: 'parameter_invalid', ...(param ? { param } : {}) });

export const hostedPagePath = (sessionId: string): string =>
  `${STAND_IN_PATH}/pay/${encodeURIComponent(sessionId)}`;

const text = (value: FormValue | undefined, param: string, max = 2048): string | null => {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length > max) throw invalid(`Invalid ${param}`, param);
  return value;
};
const required = (value: FormValue | undefined, param: string, max?: number): string => {
  const found = text(value, param, max);
  if (found === null || found === '') throw invalid(`Missing required param: ${param}.`, param);
  return found;
};
const url = (value: FormValue | undefined, param: string): string => {
  const found = required(value, param);
  if (!/^https?:\/\/[^\s]+$/.test(found)) throw invalid(`Not a valid URL: ${param}`, param);
  return found;
};
const wholeNumber = (value: FormValue | undefined, param: string, min: number, max: number): number => {
  const found = required(value, param, 12);
  const n = Number(found);
  if (!/^\d+$/.test(found) || n < min || n > max) throw invalid(`Invalid integer: ${param}`, param);
  return n;
};

function lineItemsOf(value: FormValue | undefined): { items: StandInLineItem[]; currency: string } {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    throw invalid('line_items must have from 1 to 100 items.', 'line_items');
  }
  let currency: string | null = null;
  const items = value.map((raw, i) => {
    const param = `line_items[${i}]`;
    if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`Invalid ${param}`, param);
    const price = raw.price_data;
    if (typeof price !== 'object' || Array.isArray(price)) {
      throw invalid(`Missing required param: ${param}[price_data].`, `${param}[price_data]`);
    }
    const product = price.product_data;
    if (typeof product !== 'object' || Array.isArray(product)) {
      throw invalid(`Missing required param: ${param}[price_data][product_data].`);
    }
    const itemCurrency = required(price.currency, `${param}[price_data][currency]`, 3).toLowerCase();
    if (!/^[a-z]{3}$/.test(itemCurrency) || (currency !== null && currency !== itemCurrency)) {
      throw invalid('All line items must have the same currency.', `${param}[price_data][currency]`);
    }
    currency = itemCurrency;
    return {
      name: required(product.name, `${param}[price_data][product_data][name]`, 500),
      unitAmount: wholeNumber(price.unit_amount, `${param}[price_data][unit_amount]`, 1, 99_999_999),
      quantity: wholeNumber(raw.quantity, `${param}[quantity]`, 1, 999),
    };
  });
  return { items, currency: currency ?? 'usd' };
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid metadata', 'metadata');
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  return Object.fromEntries(entries.map(([k, v]) => [k, required(v, `metadata[${k}]`, 500)]));
}

/** A new session from the create call's parameters (validated as Stripe would, for what we use). */
function newSession(
  params: Record<string, FormValue>,
  publicOrigin: string,
): { session: StandInSession; items: StandInLineItem[] } {
  if (params.mode !== 'payment') throw invalid('mode must be "payment" on this stand-in.', 'mode');
  const { items, currency } = lineItemsOf(params.line_items);
  const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, '')}`;
  const total = items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
  const created = Math.floor(Date.now() / 1000);
  return {
    items,
    session: {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: text(params.client_reference_id, 'client_reference_id', 200),
      metadata: metadataOf(params.metadata),
      success_url: url(params.success_url, 'success_url'),
      cancel_url: url(params.cancel_url, 'cancel_url'),
      url: `${publicOrigin}${hostedPagePath(id)}`,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    },
  };
}

export async function findStandInSession(
  q: Queryable,
  id: string,
): Promise<{ session: StandInSession; items: StandInLineItem[] } | null> {
  const row = await q.maybeOne<{ session: StandInSession; line_items: StandInLineItem[] }>(
    'SELECT session, line_items FROM stripe_stand_in_sessions WHERE id = $1',
    [id],
  );
  return row === null ? null : { session: row.session, items: row.line_items };
}

export async function saveStandInSession(q: Queryable, session: StandInSession): Promise<void> {
  await q.query('UPDATE stripe_stand_in_sessions SET session = $2 WHERE id = $1', [
    session.id,
    JSON.stringify(session),
  ]);
}

async function create(
  { db, publicOrigin }: StandInOptions,
  body: string,
  idempotencyKey: string | null,
): Promise<StandInSession> {
  let params: Record<string, FormValue>;
  try {
    params = decodeForm(body);
  } catch (error) {
    throw invalid((error as Error).message);
  }
  const hash = createHash('sha256').update(body).digest('hex');
  if (idempotencyKey !== null) {
    const earlier = await db.maybeOne<{ request_hash: string; session: StandInSession }>(
      'SELECT request_hash, session FROM stripe_stand_in_sessions WHERE idempotency_key = $1',
      [idempotencyKey],
    );
    if (earlier !== null) {
      if (earlier.request_hash === hash) return earlier.session;
      throw new StripeError(
        400,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        { type: 'idempotency_error' },
      );
    }
  }
  const { session, items } = newSession(params, publicOrigin);
  const stored = await db.maybeOne<{ session: StandInSession }>(
    `INSERT INTO stripe_stand_in_sessions (id, idempotency_key, request_hash, session, line_items)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING session`,
    [session.id, idempotencyKey, hash, JSON.stringify(session), JSON.stringify(items)],
  );
  // a concurrent request with the same key won: answer its session
  return stored?.session ?? (await create({ db, publicOrigin, secretKey: '' }, body, idempotencyKey));
}

export async function standInApiRoutes(fastify: FastifyInstance, options: StandInOptions): Promise<void> {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<StandInSession>,
  ): Promise<FastifyReply> => {
    reply.header('cache-control', 'no-store').header('request-id', `req_${randomBytes(8).toString('hex')}`);
    try {
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        throw new StripeError(401, 'Invalid API Key provided.');
      }
      return reply.status(200).send(await run());
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      const { type = 'invalid_request_error', ...fields } = error.fields;
      return reply.status(error.status).send({ error: { type, message: error.message, ...fields } });
    }
  };

  fastify.post(`${STAND_IN_PATH}/v1/checkout/sessions`, (request, reply) =>
    answer(request, reply, () => {
      const key = request.headers['idempotency-key'];
      return create(
        options,
        typeof request.body === 'string' ? request.body : '',
        typeof key === 'string' && key !== '' ? key : null,
      );
    }),
  );

  fastify.get<{ Params: { id: string } }>(`${STAND_IN_PATH}/v1/checkout/sessions/:id`, (request, reply) =>
    answer(request, reply, async () => {
      const found = await findStandInSession(options.db, request.params.id);
      if (found === null) {
        throw new StripeError(404, `No such checkout.session: '${request.params.id}'`, {
          code: 'resource_missing',
          param: 'session',
        });
      }
      return found.session;
    }),
  );
}
