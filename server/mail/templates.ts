// The texts of the mails the server sends.
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { escapeHtml } from '../http/html.ts';
import type { Mail } from './mailer.ts';

export const VERIFY_SUBJECT = `Verify your ${PRODUCT_NAME} email`;

/** The verification link of a token: the SPA's /verifyemail-{token}.html page (requirements §2). */
export const verifyLink = (publicOrigin: string, token: string): string =>
  `${publicOrigin}/verifyemail-${encodeURIComponent(token)}.html`;

export function verificationMail(to: string, link: string, validHours: number): Mail {
  const text = [
    `Welcome to ${PRODUCT_NAME}!`,
    '',
    'Please confirm your email address by opening this link:',
    link,
    '',
    `The link works for ${validHours} hours. If you did not sign up for ${PRODUCT_NAME}, ignore this email.`,
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="margin:0 0 16px;font-size:22px">Welcome to ${escapeHtml(PRODUCT_NAME)}!</h1>
    <p style="margin:0 0 24px;line-height:1.5">Please confirm your email address to finish creating your account.</p>
    <p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Verify email address</a></p>
    <p style="margin:0 0 8px;font-size:14px;line-height:1.5">Or open this link: <a href="${href}" style="color:#6d28d9;word-break:break-all">${href}</a></p>
    <p style="margin:16px 0 0;font-size:13px;color:#6b7280;line-height:1.5">The link works for ${validHours} hours. If you did not sign up for ${escapeHtml(PRODUCT_NAME)}, ignore this email.</p>
  </div>
</body>
</html>
`;
  return { to, subject: VERIFY_SUBJECT, text, html };
}
