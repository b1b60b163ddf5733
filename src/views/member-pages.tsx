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

export const CartPage = () => (
  <MemberPage
    title="Cart"
    lead="Premium prompts you have picked, ready to check out together."
    icon={<CartIcon size={28} />}
    emptyTitle="Log in to see your cart"
  >
    <p>Your cart is saved with your account, so prompts you add on one device are waiting on the others.</p>
  </MemberPage>
);

export const OrdersPage = () => (
  <MemberPage
    title="My Orders"
    lead="Every premium purchase, with its payment status and the prompts it unlocked."
    icon={<ReceiptIcon size={28} />}
    emptyTitle="Your orders will appear here"
  >
    <p>Log in to see the orders you have placed and open the prompts you bought.</p>
  </MemberPage>
);

export const OrderDetailPage = ({ orderId }: { orderId: string }) => (
  <MemberPage
    title="Order Details"
    lead={`Order #${orderId}: its items, payment and the prompts it unlocked.`}
    icon={<ReceiptIcon size={28} />}
    emptyTitle="Log in to see this order"
  >
    <p>Orders are private to the account that placed them. Log in with that account to see this one.</p>
  </MemberPage>
);

export const MessagesPage = () => (
  <MemberPage
    title="Messages"
    lead="Replies from Customer Support and notices about your orders and account."
    icon={<MessageIcon size={28} />}
    emptyTitle="Your messages will appear here"
  >
    <p>Log in to read your messages.</p>
  </MemberPage>
);

export const ProfilePage = () => (
  <MemberPage
    title="My Profile"
    lead="Your name, avatar and email address as FruitPrompt knows them."
    icon={<UserIcon size={28} />}
    emptyTitle="Log in to see your profile"
  >
    <p>Your profile is created the first time you log in, with Google, with your email or as a guest.</p>
  </MemberPage>
);

export const SettingsPage = () => (
  <MemberPage
    title="Account Settings"
    lead="Password, email preferences and deleting your account."
    icon={<SettingsIcon size={28} />}
    emptyTitle="Log in to change your settings"
  >
    <p>Settings belong to your account; log in to see and change them.</p>
  </MemberPage>
);

export const FruitTransactionsPage = () => (
  <MemberPage
    title="Fruit History"
    lead="Every FruitCoin that came into or went out of your balance, and why."
    icon={<CoinIcon size={28} />}
    emptyTitle="Your FruitCoin history will appear here"
  >
    <p>Log in to see your FruitCoin balance and each credit, unlock and exchange.</p>
  </MemberPage>
);

export const CouponsPage = () => (
  <MemberPage
    title="My Coupons"
    lead="Discounts you can apply at checkout, with their value and validity."
    icon={<TicketIcon size={28} />}
    emptyTitle="Your coupons will appear here"
  >
    <p>Log in to see the coupons on your account.</p>
  </MemberPage>
);

export const ExchangeCouponsPage = () => (
  <MemberPage
    title="Exchange Fruit Coins"
    lead="Turn FruitCoins from your balance into coupons for premium prompts."
    icon={<CoinIcon size={28} />}
    emptyTitle="Log in to exchange your FruitCoins"
  >
    <p>The exchange offers and your balance are shown once you are logged in.</p>
  </MemberPage>
);
