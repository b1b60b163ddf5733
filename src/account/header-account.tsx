import '../styles/account-menu.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode, RefObject, SyntheticEvent } from 'react';
import type { MenuIcon } from '../../domain/page-declaration.ts';
import { DECLARED_MENU } from '../../domain/pages.gen.ts';
import { DEFAULT_AVATAR, type SessionUser } from '../../domain/session-user.ts';
import { unreadLabel } from '../../domain/account.ts';
import * as inboxView from '../../machines/account/inbox.selectors.ts';
import { useMemberSelector, useSystemActor } from '../system/react.tsx';
import {
  CartIcon,
  ChevronDownIcon,
  CoinIcon,
  LibraryIcon,
  LogOutIcon,
  MessageIcon,
  ReceiptIcon,
  SettingsIcon,
  UserIcon,
  type IconProps,
} from '../ui/icons.tsx';
import { useHoverMenu } from '../ui/use-hover-menu.ts';
import * as cartCountView from '../../machines/commerce/cart-count.selectors.ts';
import { formatCoins, shortName, useSessionUser } from '../auth/use-session.ts';

/** requirements §9: the badge reads "..." above 99. */
export const CART_BADGE_LIMIT = 99;

/** The unread badge's text: the count, "99+" above 99. */
export const unreadBadge = (unread: number): string => (unread > 99 ? '99+' : String(unread));

/**
 * The signed-in side of the header (requirements §2 Header): the balance, cart and account menu. Loaded
 * when a session is signed in (header-account-slot.tsx), so a visitor's first load goes without it.
 */
export function SignedInAccount() {
  const user = useSessionUser();
  return (
    <>
      {user ? <CoinBalance fruitCnt={user.fruitCnt} /> : null}
      <CartLink />
      {user ? (
        <AccountMenu user={user} />
      ) : (
        <span className="header-account__avatar-placeholder" role="status">
          <span className="visually-hidden">Loading your account…</span>
        </span>
      )}
    </>
  );
}

/**
 * The FruitCoin balance, desktop widths only (hidden below 768 px by the stylesheet): a link to Buy
 * FruitCoins, which shows the balance again with Fruit History beside it.
 */
function CoinBalance({ fruitCnt }: { fruitCnt: number }) {
  const text = formatCoins(fruitCnt);
  return (
    <Link
      to="/buy-fruitcoins"
      className="coin-balance"
      aria-label={`FruitCoin balance: ${text}`}
      title="Buy FruitCoins"
    >
      <CoinIcon size={18} className="coin-balance__icon" />
      <span aria-hidden="true">{text}</span>
    </Link>
  );
}

/** The cart badge's text, or null when there is none to show (requirements §2, §9). */
export function cartBadge(count: number, loading: boolean): string | null {
  if (loading) return '...';
  if (count <= 0) return null;
  return count > CART_BADGE_LIMIT ? '...' : String(count);
}

export function cartLabel(count: number, loading: boolean): string {
  if (loading) return 'Cart, updating the count';
  if (count <= 0) return 'Cart';
  if (count > CART_BADGE_LIMIT) return `Cart, more than ${CART_BADGE_LIMIT} items`;
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

function CartLink() {
  // the member's machines load with the session: until the count's runs, it reads as loading
  const count = useMemberSelector('cartCount', cartCountView.count, 0);
  const loading = useMemberSelector('cartCount', cartCountView.loading, true);
  const badge = cartBadge(count, loading);
  return (
    <Link to="/cart" className="header-icon-button" aria-label={cartLabel(count, loading)}>
      <CartIcon size={22} />
      {badge ? (
        <span className="header-badge" data-loading={loading || undefined} aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

const MENU_ICONS: Record<MenuIcon, (p: IconProps) => ReactNode> = {
  user: UserIcon,
  message: MessageIcon,
  receipt: ReceiptIcon,
  coin: CoinIcon,
  settings: SettingsIcon,
  library: LibraryIcon,
};

interface MenuItem {
  to: string;
  label: string;
  Icon: (p: IconProps) => ReactNode;
}

/**
 * The account menu's links: these, and each page that asks for one in its route file
 * (`menu` in its route's `export const page`, domain/pages.gen.ts), after the link it names.
 */
export const MENU_ITEMS: readonly MenuItem[] = Object.entries(DECLARED_MENU)
  .map(([to, menu]) => ({ to, ...menu }))
  .reduce<MenuItem[]>(
    (items, { to, label, icon, after }) => {
      const at = items.findIndex((item) => item.to === after);
      const item = { to, label, Icon: MENU_ICONS[icon] };
      return at < 0 ? [...items, item] : [...items.slice(0, at + 1), item, ...items.slice(at + 1)];
    },
    [
      { to: '/profile', label: 'Profile', Icon: UserIcon },
      { to: '/messages', label: 'Messages', Icon: MessageIcon },
      { to: '/orders', label: 'Orders', Icon: ReceiptIcon },
      { to: '/fruit-transactions', label: 'Fruit History', Icon: CoinIcon },
      { to: '/settings', label: 'Settings', Icon: SettingsIcon },
    ],
  );

/** A broken avatar falls back to the default image (DOM handling only; no flow state). */
export const fallBackToDefaultAvatar = (event: SyntheticEvent<HTMLImageElement>) => {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
};

/** The avatar menu: a projection of `accountMenu`, working exactly like the category menu. */
function AccountMenu({ user }: { user: SessionUser }) {
  const session = useSystemActor('session');
  // the member's machines load with the session; until then nothing is unread
  const unread = useMemberSelector('inbox', inboxView.unread, 0);
  const { close, rootProps, triggerProps, panelProps, panelRef } = useHoverMenu('accountMenu');
  return (
    <div className="account-menu" {...rootProps}>
      <button className="account-menu__trigger" {...triggerProps}>
        <img
          className="avatar"
          src={user.avatar || DEFAULT_AVATAR}
          alt=""
          width={32}
          height={32}
          onError={fallBackToDefaultAvatar}
        />
        {unread > 0 ? (
          <span className="account-menu__unread" aria-hidden="true">
            {unreadBadge(unread)}
          </span>
        ) : null}
        <span className="account-menu__name" aria-hidden="true">
          {shortName(user.name)}
        </span>
        <span className="visually-hidden">
          Account menu for {user.name}
          {unread > 0 ? `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}` : ''}
        </span>
        <ChevronDownIcon size={16} className="account-menu__chevron" />
      </button>
      <div ref={panelRef as RefObject<HTMLDivElement>} className="account-menu__panel" {...panelProps}>
        <div className="account-menu__summary">
          <p className="account-menu__fullname">{user.name}</p>
          <p className="account-menu__coins">
            <CoinIcon size={16} />
            {formatCoins(user.fruitCnt)} FruitCoins
          </p>
        </div>
        <ul role="menu" aria-label="Account" className="account-menu__list">
          {MENU_ITEMS.map(({ to, label, Icon }) => (
            <li key={to} role="none">
              <Link
                to={to}
                role="menuitem"
                className="account-menu__item"
                onClick={close}
                aria-label={to === '/messages' && unread > 0 ? `${label}, ${unreadLabel(unread)}` : undefined}
              >
                <Icon size={18} className="account-menu__icon" />
                {label}
                {to === '/messages' && unread > 0 ? (
                  <span className="account-menu__count" aria-hidden="true">
                    {unreadBadge(unread)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
          <li role="separator" className="account-menu__separator" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="account-menu__item account-menu__item--logout"
              onClick={() => {
                close();
                session.send({ type: 'session.logout' });
              }}
            >
              <LogOutIcon size={18} className="account-menu__icon" />
              Log out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
