// Outgoing mail (CONTRACT.md §4): one Mailer interface; the development outbox (table outbox_mails, read at
// GET /api/dev/outbox) when SMTP_URL is unset, nodemailer's SMTP transport when it is set.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp' | 'memory';
  /** Resolves once the mail is accepted (stored in the outbox, or handed to the SMTP server). */
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The sender of every mail: the product's name at the public origin's host. */
export const senderAddress = (publicOrigin: string, productName: string): string => {
  const host = new URL(publicOrigin).hostname;
  const domain = host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'localhost';
  return `"${productName}" <no-reply@${domain}>`;
};

export function createMailer(config: Pick<Config, 'smtpUrl' | 'publicOrigin'>, db: Db): Mailer {
  return config.smtpUrl === null ? new OutboxMailer(db) : new SmtpMailer(config.smtpUrl, config.publicOrigin);
}

export { OutboxMailer, listOutbox, type OutboxMail } from './outbox.ts';
export { SmtpMailer } from './smtp.ts';
