import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../machines/domain/catalog.ts';
import { LifebuoyIcon, MailIcon, MessageIcon } from './icons.tsx';
import { PageHeader } from './page-header.tsx';
import { SUPPORT_EMAIL } from './site-info.ts';

const FAQ: { q: string; a: string }[] = [
  {
    q: 'What is the difference between Free, FruitCoin and Premium prompts?',
    a: 'Free prompts are open to everyone. FruitCoin prompts are unlocked with coins from your FruitCoin balance. Premium prompts are bought once with money. Unlocked and bought prompts stay on your account.',
  },
  {
    q: 'How do I get FruitCoins?',
    a: 'FruitCoins are credited to your account, for example as a welcome bonus or through promotions. Every change is listed in Fruit History. FruitCoins have no cash value and cannot be transferred.',
  },
  {
    q: 'I never received the verification email.',
    a: 'Check your spam or promotions folder first. From the sign-up confirmation you can resend the email once a minute. If it still does not arrive, write to us from the same address.',
  },
  {
    q: 'I paid, but the prompt is still locked.',
    a: 'Payments are usually confirmed within a minute. If your order still shows as pending after that, send us the order number from the Orders page and we will sort it out or refund you.',
  },
  {
    q: 'Can I get a refund?',
    a: 'Yes, if you were charged but the prompt did not unlock, were charged twice, or the prompt is materially different from its description. Ask within 14 days. The Terms of Service explain the details.',
  },
  {
    q: 'My result does not look like the example images.',
    a: 'AI generators change over time and vary between runs. Try the variables suggested on the prompt page, a few seeds, and the generator version named in the description. If it still misses, tell us which prompt and what you got.',
  },
];

export function SupportPage() {
  return (
    <div className="page">
      <PageHeader
        eyebrow="Help"
        title="Customer Support"
        lead={`Questions about a prompt, a payment or your account? The ${PRODUCT_NAME} team answers every message, usually within one working day.`}
      />
      <div className="support-grid">
        <section className="support-card" aria-labelledby="support-email">
          <span className="support-card__icon" aria-hidden="true">
            <MailIcon size={22} />
          </span>
          <h2 id="support-email">Email us</h2>
          <p>Include your order number or the prompt's link if your question is about one.</p>
          <a className="btn btn--primary" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
        </section>
        <section className="support-card" aria-labelledby="support-messages">
          <span className="support-card__icon" aria-hidden="true">
            <MessageIcon size={22} />
          </span>
          <h2 id="support-messages">Your messages</h2>
          <p>Our replies and notices about your orders also appear in Messages when you are logged in.</p>
          <Link className="btn btn--secondary" to="/messages">
            Open Messages
          </Link>
        </section>
        <section className="support-card" aria-labelledby="support-policies">
          <span className="support-card__icon" aria-hidden="true">
            <LifebuoyIcon size={22} />
          </span>
          <h2 id="support-policies">Policies</h2>
          <p>Refunds, FruitCoin and what we store about you, in plain words.</p>
          <div className="support-card__links">
            <Link to="/terms">Terms of Service</Link>
            <Link to="/privacy">Privacy Policy</Link>
          </div>
        </section>
      </div>
      <section className="faq" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-title">
          Frequently asked questions
        </h2>
        {FAQ.map((item) => (
          <details key={item.q} className="faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
