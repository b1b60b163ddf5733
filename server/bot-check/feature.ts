// The bot check's challenge (server/bot-check/bot-check.ts): GET /api/bot-check/challenge, a new signed
// proof-of-work challenge for the browser to solve before it registers, continues as guest or writes to
// Customer Support signed out. Limited per client address: a challenge is cheap to make, not free.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { perIp, registerRateLimit } from '../auth/rate-limits.ts';
import { EnvelopeSchema, ok } from '../http/envelope.ts';
import { CHALLENGE_LIFETIME_MS } from './bot-check.ts';

/** Challenges one client address may fetch a minute (a page fetches one, and one more after each use). */
export const CHALLENGES_PER_MINUTE = 30;

const ChallengeSchema = Type.Object(
  {
    parameters: Type.Object(
      {
        algorithm: Type.String(),
        nonce: Type.String(),
        salt: Type.String(),
        cost: Type.Integer(),
        keyLength: Type.Integer(),
        keyPrefix: Type.String(),
        keySignature: Type.Optional(Type.String()),
        expiresAt: Type.Optional(Type.Integer()),
        data: Type.Optional(
          Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
        ),
      },
      { description: 'ALTCHA proof-of-work parameters (PoW v2)' },
    ),
    signature: Type.String(),
  },
  { description: `Solve within ${CHALLENGE_LIFETIME_MS / 60_000} minutes; send the payload once` },
);

export default async function botCheckFeature(fastify: FastifyInstance): Promise<void> {
  await registerRateLimit(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/bot-check/challenge',
    {
      config: perIp(
        { max: CHALLENGES_PER_MINUTE, windowMs: 60_000 },
        'Too many security checks from your network. Please wait a minute and try again.',
      ),
      schema: {
        summary:
          'A proof-of-work challenge (ALTCHA): its solution, base64 JSON { challenge, solution }, goes with ' +
          'registration (recaptchaToken), guest sign-in and a signed-out support request (botCheck)',
        response: { 200: EnvelopeSchema(Type.Object({ data: ChallengeSchema })) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ data: await fastify.botCheck.challenge() });
    },
  );
}
