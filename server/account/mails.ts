// The mails of the account area: the confirmation of a support request and the staff's answer.
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { escapeHtml } from '../http/html.ts';
import type { Mail } from '../mail/index.ts';

const frame = (heading: string, paragraphs: string[], footer: string): string => `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${paragraphs
  .map((p) => `    <p style="margin:0 0 16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(p)}</p>`)
  .join('\n')}
    <p style="margin:16px 0 0;font-size:13px;color:#6b7280;line-height:1.5">${escapeHtml(footer)}</p>
  </div>
</body>
</html>
`;

/**
 * Whose words a mail may carry (issue 37, no relay): a signed-out request names any address, so what its
 * writer typed never goes into a mail; only a member writing signed in, to their own verified address,
 * gets their subject and message back.
 */
export type SenderText = 'own address' | 'any address';

export function supportReceivedMail(
  to: string,
  request: { id: number; subject: string; message: string },
  supportUrl: string,
  senderText: SenderText,
): Mail {
  const own = senderText === 'own address';
  const subject = own
    ? `We received your request: ${request.subject}`
    : `We received your request #${request.id}`;
  const intro = `Thanks for writing to ${PRODUCT_NAME} Customer Support. We received your request #${request.id} and will answer by email, usually within two working days.`;
  const footer = `If you did not write to ${PRODUCT_NAME}, you can ignore this email. Your requests: ${supportUrl}`;
  const quoted = own ? [`Subject: ${request.subject}`, request.message] : [];
  return {
    to,
    subject,
    text: [intro, ...quoted, footer].join('\n\n'),
    html: frame('We received your request', [intro, ...quoted], footer),
  };
}

export function supportReplyMail(
  to: string,
  request: { id: number; subject: string },
  reply: string,
  supportUrl: string,
  senderText: SenderText,
): Mail {
  const subject = senderText === 'own address' ? `Re: ${request.subject}` : `Re: your request #${request.id}`;
  const intro = `${PRODUCT_NAME} Customer Support answered your request #${request.id}:`;
  const footer = `You can read your requests and their answers at ${supportUrl}`;
  const text = [intro, '', reply, '', footer].join('\n');
  return { to, subject, text, html: frame(subject, [intro, reply], footer) };
}
