// Outgoing mail (requirements §C4): one Mailer interface; the development outbox (table outbox_mails, read at
// GET /api/dev/outbox) when SMTP_URL is unset, nodemailer's SMTP transport when it is set.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

export { senderAddress, type Mail, type Mailer } from './mailer.ts';

export function createMailer(config: Pick<Config, 'smtpUrl' | 'publicOrigin'>, db: Db): Mailer {
  return config.smtpUrl === null ? new OutboxMailer(db) : new SmtpMailer(config.smtpUrl, config.publicOrigin);
}

export { OutboxMailer, listOutbox, type OutboxMail } from './outbox.ts';
export { SmtpMailer } from './smtp.ts';
