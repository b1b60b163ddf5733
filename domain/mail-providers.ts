// requirements §2 "Check Your Email": the "Open {mail provider}" button, matched by the address's domain.
import { isValidEmail } from './validation.ts';

interface Provider {
  name: string;
  url: string;
  domains: string[];
}

const PROVIDERS: Provider[] = [
  { name: 'Gmail', url: 'https://mail.google.com/', domains: ['gmail.com', 'googlemail.com'] },
  { name: 'Outlook', url: 'https://outlook.live.com/mail/', domains: ['outlook', 'hotmail', 'live', 'msn'] },
  { name: 'Yahoo', url: 'https://mail.yahoo.com/', domains: ['yahoo', 'ymail'] },
  { name: 'iCloud', url: 'https://www.icloud.com/mail/', domains: ['icloud', 'me', 'mac'] },
  { name: 'AOL', url: 'https://mail.aol.com/', domains: ['aol'] },
  { name: 'ProtonMail', url: 'https://mail.proton.me/', domains: ['protonmail', 'proton', 'pm.me'] },
  { name: 'Zoho', url: 'https://mail.zoho.com/', domains: ['zoho', 'zohomail'] },
  { name: 'Fastmail', url: 'https://app.fastmail.com/', domains: ['fastmail'] },
  { name: 'Tutanota', url: 'https://app.tuta.com/', domains: ['tutanota', 'tuta', 'tutamail'] },
];

export type MailLink =
  | { kind: 'provider'; name: string; url: string }
  | { kind: 'generic'; name: string; url: string }
  | { kind: 'none' };

/** A known provider by domain (a name matches its first label, e.g. hotmail.co.uk), else the domain's own site. */
export function mailLinkFor(email: string | null | undefined): MailLink {
  if (!email || !isValidEmail(email)) return { kind: 'none' };
  const domain = email.trim().split('@')[1]!.toLowerCase();
  const label = domain.split('.')[0]!;
  for (const p of PROVIDERS) {
    if (p.domains.some((d) => (d.includes('.') ? domain === d : label === d))) {
      return { kind: 'provider', name: p.name, url: p.url };
    }
  }
  return { kind: 'generic', name: domain, url: `https://${domain}/` };
}
