import { Link } from '@tanstack/react-router';
import { DEFAULT_AVATAR } from '../../machines/domain/session-user.ts';
import { fallBackToDefaultAvatar } from './header-account.tsx';
import { EmptyState } from './empty-state.tsx';
import {
  CartIcon,
  CoinIcon,
  MessageIcon,
  ReceiptIcon,
  SettingsIcon,
  TicketIcon,
  UserIcon,
} from './icons.tsx';
import { MemberPage } from './member-page.tsx';
import { formatCoins, useSessionUser } from './use-session.ts';

const BrowseLink = ({ primary = false }: { primary?: boolean }) => (
  <Link to="/" className={`btn ${primary ? 'btn--primary' : 'btn--secondary'}`}>
    Browse prompts
  </Link>
);

/** The member's FruitCoin balance, from the session. */
function Balance() {
  const user = useSessionUser();
  return (
    <p className="member-balance">
      <CoinIcon size={20} className="member-balance__icon" />
      <span>
        Balance: <strong>{formatCoins(user?.fruitCnt ?? 0)} FruitCoins</strong>
      </span>
    </p>
  );
}

export const CartPage = () => (
  <MemberPage
    title="Cart"
    lead="Premium prompts you have picked, ready to check out together."
    icon={<CartIcon size={28} />}
    signedOutTitle="Log in to see your cart"
    signedOutText={
      <p>Your cart is saved with your account, so prompts you add on one device are waiting on the others.</p>
    }
  >
    <EmptyState icon={<CartIcon size={28} />} title="Your cart is empty" actions={<BrowseLink primary />}>
      <p>Premium prompts you add to your cart will wait here until you check out.</p>
    </EmptyState>
  </MemberPage>
);

export const OrdersPage = () => (
  <MemberPage
    title="My Orders"
    lead="Every premium purchase, with its payment status and the prompts it unlocked."
    icon={<ReceiptIcon size={28} />}
    signedOutTitle="Log in to see your orders"
    signedOutText={<p>Your orders are kept with your account, with the prompts each one unlocked.</p>}
  >
    <EmptyState icon={<ReceiptIcon size={28} />} title="No orders yet" actions={<BrowseLink primary />}>
      <p>When you buy premium prompts, each order appears here with its payment status.</p>
    </EmptyState>
  </MemberPage>
);

export const OrderDetailPage = ({ orderId }: { orderId: string }) => (
  <MemberPage
    title="Order Details"
    lead={`Order #${orderId}: its items, payment and the prompts it unlocked.`}
    icon={<ReceiptIcon size={28} />}
    signedOutTitle="Log in to see this order"
    signedOutText={
      <p>Orders are private to the account that placed them. Log in with that account to see this one.</p>
    }
  >
    <EmptyState
      icon={<ReceiptIcon size={28} />}
      title="Nothing to show for this order yet"
      actions={
        <Link to="/orders" className="btn btn--primary">
          My orders
        </Link>
      }
    >
      <p>The items and payment of order #{orderId} are not shown here yet.</p>
    </EmptyState>
  </MemberPage>
);

export const MessagesPage = () => (
  <MemberPage
    title="Messages"
    lead="Replies from Customer Support and notices about your orders and account."
    icon={<MessageIcon size={28} />}
    signedOutTitle="Log in to see your messages"
    signedOutText={<p>Replies from Customer Support and notices about your orders arrive here.</p>}
  >
    <EmptyState
      icon={<MessageIcon size={28} />}
      title="No messages yet"
      actions={
        <Link to="/support" className="btn btn--secondary">
          Customer Support
        </Link>
      }
    >
      <p>Replies from Customer Support and notices about your orders will appear here.</p>
    </EmptyState>
  </MemberPage>
);

function ProfileCard() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <section className="profile-card" aria-label="Your profile">
      <img
        className="avatar avatar--lg"
        src={user.avatar || DEFAULT_AVATAR}
        alt=""
        width={72}
        height={72}
        onError={fallBackToDefaultAvatar}
      />
      <div className="profile-card__text">
        <h2 className="profile-card__name">{user.name}</h2>
        <Balance />
      </div>
    </section>
  );
}

export const ProfilePage = () => (
  <MemberPage
    title="My Profile"
    lead="Your name, avatar and FruitCoin balance as FruitPrompt knows them."
    icon={<UserIcon size={28} />}
    signedOutTitle="Log in to see your profile"
    signedOutText={
      <p>Your profile is created the first time you log in, with Google, with your email or as a guest.</p>
    }
  >
    <ProfileCard />
  </MemberPage>
);

export const SettingsPage = () => (
  <MemberPage
    title="Account Settings"
    lead="Password, email preferences and deleting your account."
    icon={<SettingsIcon size={28} />}
    signedOutTitle="Log in to change your settings"
    signedOutText={<p>Settings belong to your account; log in to see and change them.</p>}
  >
    <EmptyState icon={<SettingsIcon size={28} />} title="No settings to change yet">
      <p>Password, email preferences and account deletion will be offered here.</p>
    </EmptyState>
  </MemberPage>
);

export const FruitTransactionsPage = () => (
  <MemberPage
    title="Fruit History"
    lead="Every FruitCoin that came into or went out of your balance, and why."
    icon={<CoinIcon size={28} />}
    signedOutTitle="Log in to see your FruitCoin history"
    signedOutText={<p>Log in to see your FruitCoin balance and each credit, unlock and exchange.</p>}
  >
    <Balance />
    <EmptyState icon={<CoinIcon size={28} />} title="No FruitCoin activity yet" actions={<BrowseLink />}>
      <p>Each FruitCoin you earn, spend or exchange will be listed here.</p>
    </EmptyState>
  </MemberPage>
);

export const CouponsPage = () => (
  <MemberPage
    title="My Coupons"
    lead="Discounts you can apply at checkout, with their value and validity."
    icon={<TicketIcon size={28} />}
    signedOutTitle="Log in to see your coupons"
    signedOutText={<p>Log in to see the coupons on your account.</p>}
  >
    <EmptyState
      icon={<TicketIcon size={28} />}
      title="No coupons yet"
      actions={
        <Link to="/exchange-coupons" className="btn btn--secondary">
          Exchange Fruit Coins
        </Link>
      }
    >
      <p>Coupons you receive or exchange for FruitCoins will appear here.</p>
    </EmptyState>
  </MemberPage>
);

export const ExchangeCouponsPage = () => (
  <MemberPage
    title="Exchange Fruit Coins"
    lead="Turn FruitCoins from your balance into coupons for premium prompts."
    icon={<CoinIcon size={28} />}
    signedOutTitle="Log in to exchange your FruitCoins"
    signedOutText={<p>The exchange offers and your balance are shown once you are logged in.</p>}
  >
    <Balance />
    <EmptyState icon={<TicketIcon size={28} />} title="No exchange offers right now">
      <p>Coupons you can buy with FruitCoins will be listed here.</p>
    </EmptyState>
  </MemberPage>
);
