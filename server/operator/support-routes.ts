// The staff's side of Customer Support on the operator API (docs/decisions/012-operator-api.md), used by
// `npm run support`: list the requests, read one, answer one. The answer is the same as the development
// stand-in's (POST /api/dev/support/:id/reply): replyToSupportRequest (status answered, a message to the
// member) and supportReplyMail when the member wants one (a visitor always), on any server, production too.
// Every route runs operatorGuard (403 when OPERATOR_TOKEN is unset, 401 for a wrong token, 429 after too
// many wrong ones).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { SupportStatus } from '../../domain/account.ts';
import { parseId } from '../account/messages.ts';
import { SupportRequestSchema } from '../account/schemas.ts';
import {
  SUPPORT_MESSAGES,
  SUPPORT_NOT_FOUND,
  answerSupportRequest,
  type SupportRequestRow,
} from '../account/support.ts';
import { registerRateLimit, type Limit } from '../auth/rate-limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError, EnvelopeSchema, notFound, ok } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { operatorGuard } from './guard.ts';

export interface OperatorSupportOptions {
  db: Db;
  config: Pick<Config, 'operatorToken' | 'publicOrigin'>;
  mailer: Mailer;
  /** Wrong operator tokens per client IP (default DEFAULT_OPERATOR_FAILURES). */
  failures?: Limit;
}

/** How many requests one list answers (newest first). */
export const MAX_OPERATOR_LISTED = 200;
export const EMPTY_ANSWER = 'Please write an answer.';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const StatusFilter = Type.Union(
  [Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed'), Type.Literal('all')],
  { description: 'Which requests (default open)' },
);

const SupportListItem = Type.Object({
  id: Type.Integer(),
  email: Type.String({ description: "Where answers are mailed: the member's address, or the visitor's" }),
  member: Type.Boolean({ description: 'Sent by a signed-in member (the answer also becomes a message)' }),
  subject: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]),
  createdAt: Type.String(),
  lastMessageAt: Type.String({ description: "The staff's answer's time, else the request's" }),
  lastMessage: Type.String({ description: "The last words of the thread: the answer, else the request's" }),
});

const ThreadEntry = Type.Object({
  from: Type.Union([Type.Literal('customer'), Type.Literal('staff')]),
  text: Type.String(),
  at: Type.String(),
});

const SupportThread = Type.Object({
  ...SupportRequestSchema.properties,
  email: Type.String(),
  member: Type.Boolean(),
  memberName: Nullable(Type.String({ description: "The member's name; null for a visitor" })),
  thread: Type.Array(ThreadEntry, { description: 'The request, then the answer if there is one' }),
});

interface ListRow {
  id: number;
  email: string;
  member: boolean;
  subject: string;
  status: SupportStatus;
  created_at: Date;
  last_at: Date;
  last_message: string;
}

type ThreadRow = SupportRequestRow & { member_name: string | null };

const iso = (date: Date): string => new Date(date).toISOString();

export async function operatorSupportRoutes(
  fastify: FastifyInstance,
  options: OperatorSupportOptions,
): Promise<void> {
  const { db, config, mailer } = options;
  await registerRateLimit(fastify);
  // onRequest: a caller without the token is refused before its body is read or validated
  fastify.addHook('onRequest', operatorGuard(config, fastify, options.failures));
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const supportUrl = `${config.publicOrigin}/support`;

  const idOf = (raw: string): number => {
    const id = parseId(raw);
    if (id === null) throw notFound(SUPPORT_NOT_FOUND);
    return id;
  };

  app.get(
    '/api/operator/support',
    {
      schema: {
        summary: 'Operator: the support requests of one status, newest first (X-Operator-Token)',
        querystring: Type.Object({ status: Type.Optional(StatusFilter) }),
        response: { 200: EnvelopeSchema(Type.Object({ data: Type.Array(SupportListItem) })) },
      },
    },
    async (request) => {
      const status = request.query.status ?? 'open';
      const rows = await db.query<ListRow>(
        `SELECT id, email, user_id IS NOT NULL AS member, subject, status, created_at,
                coalesce(replied_at, created_at) AS last_at, coalesce(reply, body) AS last_message
         FROM support_requests WHERE $1 = 'all' OR status = $1
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [status, MAX_OPERATOR_LISTED],
      );
      return ok({
        data: rows.map((row) => ({
          id: row.id,
          email: row.email,
          member: row.member,
          subject: row.subject,
          status: row.status,
          createdAt: iso(row.created_at),
          lastMessageAt: iso(row.last_at),
          lastMessage: row.last_message,
        })),
      });
    },
  );

  app.get(
    '/api/operator/support/:id',
    {
      schema: {
        summary: 'Operator: one support request with its whole thread (X-Operator-Token)',
        params: Type.Object({ id: Type.String({ maxLength: 32, description: 'The request id' }) }),
        response: { 200: EnvelopeSchema(Type.Object({ data: SupportThread })) },
      },
    },
    async (request) => {
      const row = await db.maybeOne<ThreadRow>(
        `SELECT r.id, r.email, r.user_id, u.name AS member_name, r.subject, r.body, r.status, r.created_at,
                r.reply, r.replied_at
         FROM support_requests r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
        [idOf(request.params.id)],
      );
      if (row === null) throw notFound(SUPPORT_NOT_FOUND);
      const thread: { from: 'customer' | 'staff'; text: string; at: string }[] = [
        { from: 'customer', text: row.body, at: iso(row.created_at) },
      ];
      if (row.reply !== null) {
        thread.push({ from: 'staff', text: row.reply, at: iso(row.replied_at ?? row.created_at) });
      }
      return ok({
        data: {
          id: row.id,
          subject: row.subject,
          message: row.body,
          status: row.status,
          createdAt: iso(row.created_at),
          reply: row.reply,
          repliedAt: row.replied_at === null ? null : iso(row.replied_at),
          email: row.email,
          member: row.user_id !== null,
          memberName: row.member_name,
          thread,
        },
      });
    },
  );

  app.post(
    '/api/operator/support/:id/reply',
    {
      schema: {
        summary:
          'Operator: answer a support request (status answered, a message to the member, a mail when they ' +
          'want one; a second answer replaces the first) (X-Operator-Token)',
        params: Type.Object({ id: Type.String({ maxLength: 32, description: 'The request id' }) }),
        body: Type.Object({
          text: Type.String({ maxLength: 5000, pattern: NO_NUL, description: "The staff's answer" }),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ data: SupportRequestSchema })) },
      },
    },
    async (request) => {
      const text = request.body.text.replace(/\r\n?/g, '\n').trim();
      if (text === '') throw new ApiError(400, EMPTY_ANSWER, { field: 'text' });
      const answered = await answerSupportRequest(
        { db, mailer, supportUrl, log: request.log },
        idOf(request.params.id),
        text,
      );
      if (answered === null) throw notFound(SUPPORT_NOT_FOUND);
      return ok({ data: answered }, SUPPORT_MESSAGES.replied);
    },
  );
}
