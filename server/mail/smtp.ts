// Mail by SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465) through nodemailer.
import nodemailer, { type Transporter } from 'nodemailer';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { senderAddress, type Mail, type Mailer } from './mailer.ts';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string, publicOrigin: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.from = senderAddress(publicOrigin, PRODUCT_NAME);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
