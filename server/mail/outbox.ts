// The development outbox: mails are rows of outbox_mails, newest first at GET /api/dev/outbox?to=.
import type { Db, Queryable } from '../db/index.ts';
import type { Mail, Mailer } from './mailer.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Db) {}

  async send(mail: Mail): Promise<void> {
    await this.db.query(
      'INSERT INTO outbox_mails (to_email, subject, text_body, html_body) VALUES ($1, $2, $3, $4)',
      [mail.to, mail.subject, mail.text, mail.html],
    );
  }

  async close(): Promise<void> {}
}

/** The mails to one address (case-insensitive), or the latest of all when `to` is null; newest first. */
export async function listOutbox(q: Queryable, to: string | null, limit = 50): Promise<OutboxMail[]> {
  const rows = await q.query<{
    to_email: string;
    subject: string;
    text_body: string;
    html_body: string;
    sent_at: Date;
  }>(
    `SELECT to_email, subject, text_body, html_body, sent_at FROM outbox_mails
     WHERE $1::text IS NULL OR lower(to_email) = lower($1)
     ORDER BY sent_at DESC, id DESC LIMIT $2`,
    [to, limit],
  );
  return rows.map((r) => ({
    to: r.to_email,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}
