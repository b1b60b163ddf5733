// What every mailer is (requirements §C4), apart from which one is chosen (index.ts), so the
// outbox and SMTP mailers and the templates depend on it and not on the choice.

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
