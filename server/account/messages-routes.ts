// The account area's Messages calls (docs/decisions/005-account.md): a member's messages: list, unread
// count, mark read, mark all read, delete. Every /api/my/ call checks the token first (onRequest) and acts
// only on the token's user.
import type { FastifyRequest } from 'fastify';
import { notFound, ok } from '../http/envelope.ts';
import {
  MESSAGE_NOT_FOUND,
  deleteMessage,
  listMessages,
  markAllRead,
  markRead,
  parseId,
  unreadCount,
} from './messages.ts';
import {
  DEFAULT_MESSAGE_PAGE_SIZE,
  MessagePageResponse,
  MessageParams,
  MessageReadResponse,
  MessagesQuery,
  UnreadCountResponse,
  UnreadResponse,
} from './schemas.ts';
import type { AccountContext } from './route-context.ts';

const userOf = (request: FastifyRequest): string => request.user!.id;

const messageIdOf = (raw: string): number => {
  const id = parseId(raw);
  if (id === null) throw notFound(MESSAGE_NOT_FOUND);
  return id;
};

export async function messagesRoutes(context: AccountContext): Promise<void> {
  const { app, db, signedIn } = context;

  app.get(
    '/api/my/messages',
    {
      ...signedIn,
      schema: {
        summary: "The caller's messages, newest first, with the unread count of the whole inbox",
        querystring: MessagesQuery,
        response: { 200: MessagePageResponse },
      },
    },
    async (request) =>
      ok(
        await listMessages(db, userOf(request), {
          page: request.query.page ?? 1,
          pageSize: request.query.pageSize ?? DEFAULT_MESSAGE_PAGE_SIZE,
        }),
      ),
  );

  app.get(
    '/api/my/messages/unread-count',
    {
      ...signedIn,
      schema: { summary: "The caller's unread messages", response: { 200: UnreadCountResponse } },
    },
    async (request) => ok({ data: await unreadCount(db, userOf(request)) }),
  );

  app.post(
    '/api/my/messages/read-all',
    {
      ...signedIn,
      schema: { summary: "Mark every message of the caller's read", response: { 200: UnreadResponse } },
    },
    async (request) => {
      await markAllRead(db, userOf(request));
      return ok({ unread: 0 });
    },
  );

  app.post(
    '/api/my/messages/:id/read',
    {
      ...signedIn,
      schema: {
        summary: "Mark one of the caller's messages read (again: no change); 404 for any other id",
        params: MessageParams,
        response: { 200: MessageReadResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const message = await markRead(db, userId, messageIdOf(request.params.id));
      if (message === null) throw notFound(MESSAGE_NOT_FOUND);
      return ok({ data: message, unread: await unreadCount(db, userId) });
    },
  );

  app.post(
    '/api/my/messages/:id/delete',
    {
      ...signedIn,
      schema: {
        summary: "Delete one of the caller's messages; 404 for any other id",
        params: MessageParams,
        response: { 200: UnreadResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      if (!(await deleteMessage(db, userId, messageIdOf(request.params.id)))) {
        throw notFound(MESSAGE_NOT_FOUND);
      }
      return ok({ unread: await unreadCount(db, userId) }, 'Message deleted');
    },
  );
}
