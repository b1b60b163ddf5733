// Mail (requirements §C4): the development outbox when SMTP_URL is unset (GET /api/dev/outbox, newest first),
// nodemailer's SMTP transport when it is set.
import { describe, expect, it } from 'vitest';
import { createMailer, senderAddress } from '../../server/mail/index.ts';
import { verificationMail, verifyLink } from '../../server/mail/templates.ts';
import { createTestServer } from '../support/server.ts';
import { get, outbox } from './support/auth.ts';
import { openForSuite } from './support/suite.ts';

const server = openForSuite(createTestServer);

describe('development outbox', () => {
  it('keeps mails in the database and lists them per address, newest first', async () => {
    const mailer = createMailer(server.config, server.db);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'Reader@Example.com', subject: 'first', text: 't1', html: '<p>1</p>' });
    await mailer.send({ to: 'reader@example.com', subject: 'second', text: 't2', html: '<p>2</p>' });
    await mailer.send({ to: 'someone.else@example.com', subject: 'other', text: 't3', html: '<p>3</p>' });
    const mails = await outbox(server, 'READER@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(mails[1]).toEqual({
      to: 'Reader@Example.com',
      subject: 'first',
      text: 't1',
      html: '<p>1</p>',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await outbox(server, 'nobody@example.com')).toEqual([]);
    const all = await get<{ data: { subject: string }[] }>(server, '/api/dev/outbox');
    expect(all.body.extend.data.map((m) => m.subject).slice(0, 3)).toEqual(['other', 'second', 'first']);
  });

  it('is not there when SMTP_URL is set', async () => {
    const smtp = await createTestServer({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      expect(createMailer(smtp.config, smtp.db).kind).toBe('smtp');
      expect((await get(smtp, '/api/dev/outbox?to=a@example.com')).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe('the verification mail', () => {
  it('links to the SPA page and escapes what it puts in HTML', () => {
    const link = verifyLink('https://shop.example.com', 'abc_DEF-123');
    expect(link).toBe('https://shop.example.com/verifyemail-abc_DEF-123.html');
    const mail = verificationMail('a@example.com', `${link}?"<x>`, 24);
    expect(mail.subject).toBe('Verify your FruitPrompt email');
    expect(mail.text).toContain(`${link}?"<x>`);
    expect(mail.html).toContain(`href="${link}?&quot;&lt;x&gt;"`);
    expect(mail.html).not.toContain('"<x>');
  });

  it('comes from no-reply at the public host', () => {
    expect(senderAddress('https://shop.example.com', 'FruitPrompt')).toBe(
      '"FruitPrompt" <no-reply@shop.example.com>',
    );
    expect(senderAddress('http://localhost:3000', 'FruitPrompt')).toBe('"FruitPrompt" <no-reply@localhost>');
  });
});
