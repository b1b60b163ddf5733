// GET /api/dev/outbox?to=<email> (requirements §C4): the development outbox, newest first. Registered only
// when the development stand-ins are on and no SMTP server is configured; otherwise the path is a 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../db/index.ts';
import { EnvelopeSchema, ok } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';
import { listOutbox } from './outbox.ts';

const OutboxQuery = Type.Object(
  {
    to: Type.Optional(
      Type.String({
        maxLength: 254,
        pattern: NO_NUL,
        description: 'the recipient (case-insensitive); omitted: all',
      }),
    ),
  },
  { additionalProperties: false },
);

const OutboxResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(
      Type.Object({
        to: Type.String(),
        subject: Type.String(),
        text: Type.String(),
        html: Type.String(),
        sentAt: Type.String(),
      }),
    ),
  }),
);

export async function devOutboxRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Development outbox: the mails sent (not in production, not with SMTP_URL)',
        querystring: OutboxQuery,
        response: { 200: OutboxResponse },
      },
    },
    async (request) => {
      const to = request.query.to?.trim() || null;
      return ok({ data: await listOutbox(db, to) });
    },
  );
}
