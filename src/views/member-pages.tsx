import { Link } from '@tanstack/react-router';
import { DEFAULT_AVATAR } from '../../machines/domain/session-user.ts';
import { fallBackToDefaultAvatar } from './header-account.tsx';
import { EmptyState } from './empty-state.tsx';
import { CoinIcon, MessageIcon, SettingsIcon, UserIcon } from './icons.tsx';
import { MemberPage } from './member-page.tsx';
import { formatCoins, useSessionUser } from './use-session.ts';

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
