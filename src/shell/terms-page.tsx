import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../domain/catalog.ts';
import { LegalPage, type LegalSection } from './legal-page.tsx';
import { SUPPORT_EMAIL } from '../ui/site-info.ts';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These Terms of Service are the agreement between you and {PRODUCT_NAME} for your use of the{' '}
          {PRODUCT_NAME} website, its prompt catalog, your account and everything you buy or unlock there
          (together, the “Service”). By browsing the Service, creating an account, continuing as a guest or
          making a purchase, you agree to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If
          you do not agree, please do not use the Service.
        </p>
        <p>
          If you use the Service on behalf of a company or other organisation, you confirm that you may accept
          these terms for it, and “you” includes that organisation.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>You can use {PRODUCT_NAME} in three ways:</p>
        <ul>
          <li>
            <strong>Google sign-in.</strong> We receive your email address, name and profile picture from
            Google and create or open the matching account.
          </li>
          <li>
            <strong>Email and password.</strong> You must confirm your email address with the link we send
            before you can log in. Passwords must have at least 8 characters with an uppercase letter, a
            lowercase letter, a number and a special character.
          </li>
          <li>
            <strong>Guest access.</strong> A guest account lets you try the signed-in features without
            registering. Guest accounts are tied to the browser they were created in; purchases made as a
            guest may be lost if you clear your browser data, so we recommend registering before you buy.
          </li>
        </ul>
        <p>
          You must be at least 16 years old, or the age of digital consent where you live if higher, to create
          an account. Give accurate information, keep your password to yourself and tell us at once at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has used your
          account. You are responsible for what happens in your account until you tell us. One person may hold
          one account; accounts may not be sold or transferred.
        </p>
      </>
    ),
  },
  {
    id: 'catalog',
    title: 'Prompts and your licence to use them',
    body: (
      <>
        <p>
          The catalog contains prompts for AI image and text generators such as Midjourney, DALL.E, ChatGPT
          and Kling. Every prompt has one of three grades:
        </p>
        <ul>
          <li>
            <strong>Free</strong> prompts can be viewed and used by anyone, with or without an account.
          </li>
          <li>
            <strong>FruitCoin</strong> prompts are unlocked by spending the FruitCoin price shown on the
            prompt from your FruitCoin balance.
          </li>
          <li>
            <strong>Premium</strong> prompts are bought for the money price shown on the prompt.
          </li>
        </ul>
        <p>
          Once you have unlocked or bought a prompt, we grant you a personal, worldwide, non-exclusive,
          non-transferable licence to view it, adapt it and use it with any AI generator, for personal and
          commercial projects, for as long as your account exists. The images, text or video you create with a
          prompt are yours as far as the generator's own terms allow.
        </p>
        <p>
          You may not resell, publish, share or redistribute the text of a FruitCoin or premium prompt (whole,
          in part or lightly edited), offer it in another marketplace, or use the catalog to build a competing
          prompt collection. Sharing a link to a prompt's page is always welcome.
        </p>
        <p>
          Example images show what a prompt produced when we tested it. AI generators change over time and
          give different results for the same prompt, so we cannot promise that your results will look the
          same.
        </p>
      </>
    ),
  },
  {
    id: 'fruitcoin',
    title: 'FruitCoin',
    body: (
      <>
        <p>
          FruitCoin is {PRODUCT_NAME}'s virtual currency. Your balance is shown in your account and is used
          only to unlock FruitCoin prompts and to exchange for coupons on the Exchange Fruit Coins page.
          FruitCoins may be credited to your account, for example as a welcome bonus, through promotions or as
          a refund of an unlock.
        </p>
        <ul>
          <li>FruitCoins have no cash value. They cannot be sold, cashed out or exchanged for money.</li>
          <li>FruitCoins cannot be transferred to another account or person.</li>
          <li>
            Every change to your balance is recorded in your Fruit History, so you can always see how it came
            to be.
          </li>
          <li>
            We may correct a balance that is wrong because of a technical error, and remove FruitCoins
            obtained by fraud, abuse of a promotion or a breach of these terms.
          </li>
          <li>
            If your account is closed, any remaining FruitCoins lapse. If we ever stop offering FruitCoin, we
            will give you at least 60 days' notice to spend your balance.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases, prices and payment',
    body: (
      <>
        <p>
          Premium prompts are sold in US dollars at the price shown when you check out, including any coupon
          you apply. You can collect prompts in your cart and pay for them in one order. Payment is handled by
          our payment provider; we never see or store your full card details.
        </p>
        <p>
          An order is complete when the payment provider confirms the payment to us. The prompts in a paid
          order unlock at once and stay listed in your Orders. If a payment is still being confirmed, the
          order is shown as pending and nothing is unlocked until it is paid; an order is never charged twice.
          Where sales tax or VAT applies, it is included in or added to the price as shown at checkout.
        </p>
        <p>
          Because a prompt is digital content that is revealed to you as soon as you buy or unlock it, you ask
          us to supply it immediately and you acknowledge that, where the law allows, you lose the right to
          withdraw from the purchase once it has been unlocked.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>We will refund a premium purchase or a FruitCoin unlock when:</p>
        <ul>
          <li>you were charged but the prompt did not unlock and we cannot fix that promptly;</li>
          <li>you were charged twice for the same order; or</li>
          <li>
            the prompt is materially different from its description or cannot work with the generator it is
            made for.
          </li>
        </ul>
        <p>
          Ask within 14 days of the purchase by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or through{' '}
          <Link to="/support">Customer Support</Link>, with your order number. Money refunds go back to the
          original payment method, usually within 5 to 10 business days; FruitCoin unlocks are refunded as
          FruitCoins. A refunded prompt is locked again. Nothing in these terms limits the rights you have
          under the consumer law of the country you live in.
        </p>
      </>
    ),
  },
  {
    id: 'coupons',
    title: 'Coupons',
    body: (
      <p>
        Coupons give a discount on the money part of an order. Each coupon shows its value, any minimum spend
        and its validity dates in My Coupons. Coupons cannot be exchanged for cash, are used up when the order
        they were applied to is paid, and are returned to you if that order is cancelled before payment.
        Coupons obtained by exchanging FruitCoins are final once the exchange is made.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Share links and partners',
    body: (
      <p>
        Every prompt page offers a short link you can share. When you are logged in, the link is connected to
        your account so that we can credit you under any referral programme we run at the time; the terms of
        such a programme are shown where it is offered. Partner links work the same way for partners we have
        an agreement with. Do not spam share links or use them to mislead people.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When you use the Service you agree not to:</p>
        <ul>
          <li>
            break the law, or use prompts to create content that is illegal, sexualises minors, harasses
            people or infringes others' rights;
          </li>
          <li>try to get around locks, prices or limits, or read prompts you have not unlocked;</li>
          <li>
            scrape, copy or bulk-download the catalog, or access the Service by automated means other than our
            own pages;
          </li>
          <li>
            interfere with the Service, probe it for vulnerabilities without our permission, or overload it;
          </li>
          <li>
            create accounts in bulk, use someone else's account, or misuse promotions, coupons or FruitCoin.
          </li>
        </ul>
        <p>
          You are responsible for what you create with prompts and for following the terms and content
          policies of the AI generators you use them with.
        </p>
      </>
    ),
  },
  {
    id: 'ip',
    title: 'Our content',
    body: (
      <p>
        The catalog, the prompt texts, example images, the {PRODUCT_NAME} name and logo and the design of the
        Service belong to {PRODUCT_NAME} or to the creators who licensed them to us, and are protected by
        copyright and other laws. Apart from the licence in section 3, these terms give you no rights in them.
        If you send us ideas or feedback, we may use them without owing you anything.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Other services',
    body: (
      <p>
        The Service relies on services run by others, such as Google sign-in, our payment provider and email
        delivery, and prompts are meant for generators we do not run. Those services have their own terms, and
        we are not responsible for their availability or for what they do.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    body: (
      <>
        <p>
          You can stop using the Service at any time, and ask us to delete your account from Account Settings
          or by writing to support. We may suspend or close an account that seriously or repeatedly breaks
          these terms, or where the law requires it. Unless the reason makes it inappropriate, we will tell
          you first and give you a chance to respond.
        </p>
        <p>
          If we close your account without you having broken these terms, we will refund premium prompts
          bought in the previous 12 months on request. Sections 3 (the restrictions on sharing prompts), 10,
          13 and 15 continue to apply after your account is closed.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <>
        <p>
          We work to keep the Service available, accurate and secure, but it is provided “as is”: we do not
          promise that it will always be available or free of errors, or that a prompt will suit a particular
          purpose.
        </p>
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for indirect or consequential losses,
          lost profits or lost data, and our total liability to you for any claim is limited to the greater of
          the amount you paid us in the 12 months before the claim and 50 US dollars. We do not exclude
          liability for death or personal injury caused by our negligence, for fraud, or for anything else
          that cannot be excluded by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms when the Service or the law changes. We will show the date of the latest
        version at the top of this page, and for changes that matter to you we will tell you by email or in
        the Service at least 30 days before they take effect. If you do not agree to the new terms, you can
        close your account before then.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Law and contact',
    body: (
      <p>
        These terms are governed by the law of the place where {PRODUCT_NAME} is established, without
        depriving you of the protection of the mandatory consumer law of the country where you live, whose
        courts you may also use. Questions about these terms are welcome at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Thanks for choosing {PRODUCT_NAME}. We have kept these terms as short and plain as we can. They
          cover your account, how you may use the prompts you unlock, our virtual currency FruitCoin,
          purchases and refunds.
        </p>
      }
      sections={sections}
    />
  );
}
