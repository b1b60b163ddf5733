// Customer Support requests: sent by visitors (with an email) and members (with the account's), listed for
// the member who sent them, answered by staff outside the storefront (in development by the stand-in
// POST /api/dev/support/:id/reply). An answer makes the request `answered`, becomes one of the member's
// messages, and is mailed to the member when they want support replies by mail (to a visitor always).
import { SUPPORT_LIMITS, type SupportRequest, type SupportStatus } from '../../domain/account.ts';
import { MESSAGES, validateEmail } from '../../domain/validation.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';
import type { Mailer } from '../mail/index.ts';
import { supportReplyMail } from './mails.ts';
import { addMessage } from '../messages/write.ts';

export const SUPPORT_NOT_FOUND = 'Support request not found';
/** How many of a member's requests the list answers (newest first). */
export const MAX_LISTED_REQUESTS = 100;

export const SUPPORT_MESSAGES = {
  sent: 'Thanks! We received your request and will answer by email.',
  subjectLength: `Please enter a subject of ${SUPPORT_LIMITS.subjectMin} to ${SUPPORT_LIMITS.subjectMax} characters.`,
  messageLength: `Please describe your question in ${SUPPORT_LIMITS.messageMin} to ${SUPPORT_LIMITS.messageMax} characters.`,
  subjectCharacters: 'The subject contains characters we cannot accept (such as control characters).',
  messageCharacters: 'The message contains characters we cannot accept (such as control characters).',
  replied: 'The answer was sent',
} as const;

/** A support request as stored. */
export interface SupportRequestRow {
  id: number;
  user_id: string | null;
  email: string;
  subject: string;
  body: string;
  status: SupportStatus;
  created_at: Date;
  reply: string | null;
  replied_at: Date | null;
}

const COLUMNS = 'id, user_id, email, subject, body, status, created_at, reply, replied_at';

const toRequest = (row: SupportRequestRow): SupportRequest => ({
  id: row.id,
  subject: row.subject,
  message: row.body,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  reply: row.reply,
  repliedAt: row.replied_at === null ? null : new Date(row.replied_at).toISOString(),
});

const length = (text: string): number => [...text].length;
// eslint-disable-next-line no-control-regex
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The subject and message as stored (trimmed, line breaks as \n), or the 400 that says what is wrong. */
export function cleanSupportText(input: { subject: string; message: string }): {
  subject: string;
  message: string;
} {
  const subject = input.subject.replace(/\s+/g, ' ').trim();
  const message = input.message.replace(/\r\n?/g, '\n').trim();
  if (length(subject) < SUPPORT_LIMITS.subjectMin || length(subject) > SUPPORT_LIMITS.subjectMax) {
    throw new ApiError(400, SUPPORT_MESSAGES.subjectLength, { field: 'subject' });
  }
  if (LINE_CONTROLS.test(subject)) {
    throw new ApiError(400, SUPPORT_MESSAGES.subjectCharacters, { field: 'subject' });
  }
  if (length(message) < SUPPORT_LIMITS.messageMin || length(message) > SUPPORT_LIMITS.messageMax) {
    throw new ApiError(400, SUPPORT_MESSAGES.messageLength, { field: 'message' });
  }
  if (TEXT_CONTROLS.test(message)) {
    throw new ApiError(400, SUPPORT_MESSAGES.messageCharacters, { field: 'message' });
  }
  return { subject, message };
}

/** A visitor's address (requirements §5 rule): 400 when empty, 422 when malformed. */
export function cleanSupportEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim();
  const error = validateEmail(email) ?? (email.length > 254 ? MESSAGES.emailInvalid : undefined);
  if (error !== undefined) {
    throw new ApiError(error === MESSAGES.emailRequired ? 400 : 422, error, { field: 'email' });
  }
  return email;
}

export async function createSupportRequest(
  q: Queryable,
  request: { userId: string | null; email: string; subject: string; message: string },
): Promise<SupportRequest> {
  const row = await q.one<SupportRequestRow>(
    `INSERT INTO support_requests (user_id, email, subject, body) VALUES ($1, $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [request.userId, request.email, request.subject, request.message],
  );
  return toRequest(row);
}

export async function listSupportRequests(q: Queryable, userId: string): Promise<SupportRequest[]> {
  const rows = await q.query<SupportRequestRow>(
    `SELECT ${COLUMNS} FROM support_requests WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, MAX_LISTED_REQUESTS],
  );
  return rows.map(toRequest);
}

export interface SupportReplyOutcome {
  request: SupportRequest;
  /** Where to mail the answer, if anywhere (the member's address when they want it; a visitor's). */
  mailTo: string | null;
  /** A member's request (their own address): the mail may quote its subject. */
  member: boolean;
}

/**
 * Records the staff's answer (a second answer replaces the first): the request becomes `answered`, the
 * member (if the request has one) gets a message linking to /support. Null for an unknown request.
 */
export async function replyToSupportRequest(
  db: Db,
  id: number,
  reply: string,
): Promise<SupportReplyOutcome | null> {
  return db.tx(async (q) => {
    const row = await q.maybeOne<SupportRequestRow>(
      `UPDATE support_requests SET reply = $2, replied_at = now(), status = 'answered'
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, reply],
    );
    if (row === null) return null;
    let mailTo: string | null = row.email;
    if (row.user_id !== null) {
      await addMessage(q, row.user_id, {
        kind: 'support',
        title: `Re: ${row.subject}`,
        body: reply,
        supportRequestId: row.id,
      });
      const member = await q.maybeOne<{ email: string | null; notify_support_replies: boolean }>(
        'SELECT email, notify_support_replies FROM users WHERE id = $1',
        [row.user_id],
      );
      mailTo = member?.notify_support_replies ? member.email : null;
    }
    return { request: toRequest(row), mailTo, member: row.user_id !== null };
  });
}

/**
 * The staff's answer, as the operator API and the development stand-in give it: recorded
 * (replyToSupportRequest), then mailed where a mail is due. The mail is a courtesy: the answer stands
 * whatever the mail server says (its failure is logged). Null for an unknown request.
 */
export async function answerSupportRequest(
  {
    db,
    mailer,
    supportUrl,
    log,
  }: {
    db: Db;
    mailer: Mailer;
    supportUrl: string;
    log: { error: (details: { err: unknown }, message: string) => void };
  },
  id: number,
  answer: string,
): Promise<SupportRequest | null> {
  const outcome = await replyToSupportRequest(db, id, answer);
  if (outcome === null) return null;
  if (outcome.mailTo !== null) {
    try {
      // a visitor's request named any address: its subject stays out of the mail
      const senderText = outcome.member ? 'own address' : 'any address';
      await mailer.send(supportReplyMail(outcome.mailTo, outcome.request, answer, supportUrl, senderText));
    } catch (error) {
      log.error({ err: error }, 'sending the support reply mail failed');
    }
  }
  return outcome.request;
}
