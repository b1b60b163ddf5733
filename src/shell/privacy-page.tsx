import '../styles/table.css';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';
import { PRIVACY_EMAIL } from '../ui/site-info.ts';

interface StoredItem {
  name: string;
  purpose: string;
  lifetime: string;
}

const LOCAL_STORAGE: StoredItem[] = [
  {
    name: 'token',
    purpose: 'Your sign-in token, so you stay logged in between visits.',
    lifetime: 'Until you log out or it expires',
  },
  {
    name: 'remember_email',
    purpose: 'The email address to fill in next time, only if you tick “Remember me”.',
    lifetime: 'Until you untick “Remember me”',
  },
  {
    name: 'last_login_time',
    purpose: 'When you last logged in, to keep several open tabs in the same signed-in state.',
    lifetime: 'Replaced at each login',
  },
  {
    name: 'last_logout_time',
    purpose: 'When you last logged out, so other open tabs log out too.',
    lifetime: 'Removed at your next login',
  },
  {
    name: 'user',
    purpose: 'Your display name, avatar, member id and FruitCoin balance, to draw the header quickly.',
    lifetime: 'Until you log out',
  },
  {
    name: 'auth_state',
    purpose: 'Whether a sign-in is in progress or complete, shared between tabs.',
    lifetime: 'Until you log out',
  },
  {
    name: 'last_login',
    purpose: 'A record of the last successful sign-in, used to avoid repeating the welcome message.',
    lifetime: 'Until you log out',
  },
  {
    name: 'referral',
    purpose:
      'When you arrive through a share link: which link it was and who shared it, so a purchase you make can credit them.',
    lifetime: 'Until the next share link you open replaces it',
  },
];

const SESSION_STORAGE: StoredItem[] = [
  {
    name: 'auth_redirect_url',
    purpose: 'The page you were on when you started signing in, so we can take you back to it.',
    lifetime: 'Until the tab is closed',
  },
  {
    name: 'token',
    purpose: 'A copy of your sign-in token for the current tab.',
    lifetime: 'Until the tab is closed or you log out',
  },
  {
    name: 'auth_state',
    purpose: 'The progress of a sign-in started in this tab (for example with Google).',
    lifetime: 'Until the tab is closed',
  },
];

const COOKIES: StoredItem[] = [
  {
    name: 'token',
    purpose: 'Your sign-in token, sent to our server to prove it is you.',
    lifetime: 'Until you log out or it expires',
  },
  {
    name: 'refresh_token',
    purpose: 'Lets us renew your sign-in without asking for your password again.',
    lifetime: 'Until you log out or it expires',
  },
  {
    name: 'user_session',
    purpose: 'Identifies your current session for security checks.',
    lifetime: 'Until you log out',
  },
];

function StorageTable({ caption, items }: { caption: string; items: StoredItem[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">What it is for</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.name}>
              <th scope="row">
                <code>{item.name}</code>
              </th>
              <td>{item.purpose}</td>
              <td>{item.lifetime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const sections: LegalSection[] = [
  {
    id: 'who',
    title: 'Who we are',
    body: (
      <p>
        {PRODUCT_NAME} runs the prompt marketplace at this website and is responsible for the personal data
        described here. You can reach us about privacy at any time at{' '}
        <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details.</strong> Your email address and, if you sign in with Google, the name and
            profile picture Google shares with us. For email accounts we keep only a one-way hash of your
            password (argon2id); your password is encrypted in your browser before it is sent and is never
            stored in readable form.
          </li>
          <li>
            <strong>Guest accounts.</strong> A random identifier and whatever you do while using it.
          </li>
          <li>
            <strong>Purchases and FruitCoin.</strong> Your orders, the prompts you unlocked, coupons, and
            every change to your FruitCoin balance. Card payments are handled by our payment provider; we
            receive the result and the last digits and type of the card, never the full card number.
          </li>
          <li>
            <strong>Messages and support.</strong> What you write to us and the messages we send you in the
            Service.
          </li>
          <li>
            <strong>Share links.</strong> Which account or partner created a short link and how often it is
            opened, so that referrals can be credited.
          </li>
          <li>
            <strong>Technical data.</strong> IP address, browser type and the pages and calls made, kept in
            server logs to run the Service securely, stop abuse and fix faults.
          </li>
        </ul>
        <p>We do not use advertising trackers, and we do not sell or rent your personal data.</p>
      </>
    ),
  },
  {
    id: 'browser',
    title: 'What we keep in your browser',
    body: (
      <>
        <p>
          To keep you signed in and to keep several tabs in step, the Service stores a few items in your
          browser's local storage, session storage and cookies. They are all needed for the Service to work;
          none is used for advertising or to follow you on other websites. When you log out we remove the
          sign-in items, and you can remove all of them at any time by clearing this site's data in your
          browser (which also logs you out).
        </p>
        <StorageTable caption="Local storage (stays after you close the browser)" items={LOCAL_STORAGE} />
        <StorageTable caption="Session storage (cleared when you close the tab)" items={SESSION_STORAGE} />
        <StorageTable caption="Cookies (cleared when you log out)" items={COOKIES} />
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use your data',
    body: (
      <ul>
        <li>
          To create and secure your account, verify your email address and let you sign in (performance of our
          contract with you).
        </li>
        <li>
          To sell and unlock prompts, keep your FruitCoin balance, apply coupons and handle refunds (contract,
          and our legal duty to keep accounting records).
        </li>
        <li>To answer support requests and send messages about your account and orders (contract).</li>
        <li>
          To prevent fraud and abuse, and to keep the Service reliable (our legitimate interest in a safe
          Service).
        </li>
        <li>
          To understand, in aggregate, which prompts are popular and improve the catalog (legitimate
          interest).
        </li>
        <li>To send news and offers by email, only if you have agreed; you can withdraw at any time.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We share personal data only with service providers that process it for us under contract, and only
          what each needs:
        </p>
        <ul>
          <li>our hosting and database providers, who keep the Service running;</li>
          <li>our payment provider, to take payments and prevent payment fraud;</li>
          <li>our email delivery provider, to send verification and account emails;</li>
          <li>Google, when you choose to sign in with Google.</li>
        </ul>
        <p>
          We may also disclose data when the law requires it, or to protect the rights and safety of our users
          and of
          {` ${PRODUCT_NAME}`}. If {PRODUCT_NAME} is ever sold or merged, your data would pass to the new
          owner under this policy, and we would tell you first.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account data for as long as your account exists. When you delete your account, we delete
        or anonymise your personal data within 30 days, except order and payment records, which we must keep
        for up to 10 years for tax and accounting, and data we need to keep for an ongoing dispute. Server
        logs are kept for at most 90 days. Unverified email registrations and unused guest accounts are
        deleted after 30 days.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections to the Service are encrypted, passwords are stored only as strong hashes, sign-in tokens
        expire, and access to personal data is limited to the people who need it to run the Service. No system
        is perfectly secure; if a breach affects your data, we will tell you and the authorities as the law
        requires.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you have the right to access the personal data we hold about you, to
          correct it, to have it deleted, to receive it in a portable format, to object to or restrict its
          use, and to withdraw consent you have given. You can change your details in{' '}
          <Link to="/profile">My Profile</Link> and <Link to="/settings">Account Settings</Link>, or write to{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>; we answer within 30 days.
        </p>
        <p>
          If you are not happy with our answer, you may complain to the data protection authority where you
          live.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The Service is not meant for children under 16 and we do not knowingly collect their data. If you
        believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Our providers may process data in other countries. Where data leaves the European Economic Area or the
        United Kingdom, we rely on adequacy decisions or the standard contractual clauses approved for that
        purpose.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update this policy when what we do with data changes. The date at the top shows the current
        version, and we will tell you by email or in the Service before any important change takes effect.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data {PRODUCT_NAME} collects when you browse, sign in and buy
          prompts, why we need it, what is stored in your browser, and the choices you have. It goes with our{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
