// What every part of the buying side's calls shares (server/commerce/routes.ts builds it once).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Commerce } from './commerce-common.ts';

export const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<TypeBoxTypeProvider>();

/** What the parts share: the typed app, the database with the payment page, the signed-in guard. */
export interface CommerceContext {
  app: ReturnType<typeof typed>;
  db: Db;
  c: Commerce;
  /** onRequest, not preHandler: an anonymous call is 401 before its body is parsed or validated. */
  signedIn: { onRequest: FastifyInstance['requireUser'] };
}
