// The account area's Customer Support calls (docs/decisions/005-account.md): support requests: send one
// (member or visitor), list the member's; with the development stand-ins, the staff's answer. Every
// /api/my/ call checks the token first (onRequest) and acts only on the token's user.
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { supportReceivedMail } from './mails.ts';
import { requireBotCheck } from '../bot-check/bot-check.ts';
import { parseId } from './messages.ts';
import {
  SupportParams,
  SupportReplyBody,
  SupportRequestBody,
  SupportRequestResponse,
  SupportRequestsResponse,
} from './schemas.ts';
import {
  SUPPORT_MESSAGES,
  SUPPORT_NOT_FOUND,
  cleanSupportEmail,
  cleanSupportText,
  createSupportRequest,
  listSupportRequests,
  answerSupportRequest,
} from './support.ts';
import type { AccountContext } from './route-context.ts';

const userOf = (request: FastifyRequest): string => request.user!.id;

export async function supportRoutes(context: AccountContext): Promise<void> {
  const {
    app,
    db,
    mailer,
    config,
    signedIn,
    supportUrl,
    supportPerIp,
    supportPerAccount,
    supportPerEmail,
    sendMail,
  } = context;

  app.post(
    '/api/support/requests',
    {
      schema: {
        summary:
          'Send a Customer Support request: signed out with an email, signed in with the account’s address ' +
          '(the body’s email is ignored). A confirmation mail goes to the address. 429 when rate limited',
        body: SupportRequestBody,
        response: { 200: SupportRequestResponse },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const text = cleanSupportText(request.body);
      // A guest account has no address: it writes like a visitor.
      const email = user?.email ?? cleanSupportEmail(request.body.email);
      await supportPerIp.hit(request, reply, request.ip);
      if (user !== null) await supportPerAccount.hit(request, reply, user.id);
      await supportPerEmail.hit(request, reply, email.toLowerCase());
      if (user === null) await requireBotCheck(request.server.botCheck, request.body.botCheck, 'botCheck');
      const created = await createSupportRequest(db, {
        userId: user?.id ?? null,
        email,
        subject: text.subject,
        message: text.message,
      });
      // the writer's words go back only to a member's own address (issue 37: no relay)
      const senderText = user?.email ? 'own address' : 'any address';
      await sendMail(
        request,
        supportReceivedMail(email, created, supportUrl, senderText),
        'support confirmation',
      );
      return ok({ data: created }, SUPPORT_MESSAGES.sent);
    },
  );

  app.get(
    '/api/my/support/requests',
    {
      ...signedIn,
      schema: {
        summary: "The caller's support requests, newest first (at most 100), with the answers",
        response: { 200: SupportRequestsResponse },
      },
    },
    async (request) => ok({ data: await listSupportRequests(db, userOf(request)) }),
  );

  if (config.devStandIns) {
    app.post(
      '/api/dev/support/:id/reply',
      {
        schema: {
          summary:
            'Development stand-in for the staff: answer a support request (status answered, a message to the ' +
            'member, a mail when they want one); not in production',
          params: SupportParams,
          body: SupportReplyBody,
          response: { 200: SupportRequestResponse },
        },
      },
      async (request) => {
        const id = parseId(request.params.id);
        const body = request.body.body.trim();
        if (body === '') throw new ApiError(400, 'Please write an answer.', { field: 'body' });
        const answered =
          id === null
            ? null
            : await answerSupportRequest({ db, mailer, supportUrl, log: request.log }, id, body);
        if (answered === null) throw notFound(SUPPORT_NOT_FOUND);
        return ok({ data: answered }, SUPPORT_MESSAGES.replied);
      },
    );
  }
}
