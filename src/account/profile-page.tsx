import '../styles/account-menu.css';
import '../styles/forms.css';
import '../styles/dialog.css';
import '../styles/member.css';
import '../styles/account.css';
import { useId, type ChangeEvent, type FormEvent } from 'react';
import { AVATAR_LIMITS, NAME_LIMITS, type Profile } from '../../domain/account.ts';
import { DEFAULT_AVATAR } from '../../domain/session-user.ts';
import { PROFILE_MESSAGES } from '../../machines/account/profile.ts';
import * as profileView from '../../machines/account/profile.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { fallBackToDefaultAvatar } from './header-account.tsx';
import { coinsText, formatDate } from '../commerce/history-parts.tsx';
import { AccountSection, CardAction, CardAlert } from './account-parts.tsx';
import { CoinIcon, ImageIcon, LinkIcon, SparkleIcon, UserIcon } from '../ui/icons.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import { TextField } from '../ui/text-field.tsx';

export const PROFILE_TEXTS = {
  avatarHint: `PNG, JPEG, WebP or GIF, up to ${AVATAR_LIMITS.maxBytes / (1024 * 1024)} MB. We crop it to a square.`,
  nameHint: `${NAME_LIMITS.min} to ${NAME_LIMITS.max} characters. Shown in the header and on your messages.`,
  uploading: 'Uploading your avatar…',
  generating: 'Making your avatar…',
  noEmail: 'None (guest account)',
  referral: 'When someone buys a prompt through your link, you earn FruitCoins.',
} as const;

const PROVIDER_LABELS: Record<Profile['provider'], string> = {
  email: 'Email and password',
  google: 'Google',
  guest: 'Guest',
};

/** /profile ("My Profile", requirements §2): who the member is here, their avatar, name and referral link. */
export function ProfilePage() {
  return (
    <MemberPage
      title="My Profile"
      lead="Your name, avatar and referral link, and what FruitPrompt knows about your account."
      icon={<UserIcon size={28} />}
      signedOutTitle="Log in to see your profile"
      signedOutText={
        <p>Your profile is created the first time you log in, with Google, with your email or as a guest.</p>
      }
    >
      <ProfileSections />
    </MemberPage>
  );
}

/** The member's profile, which its route asks for (src/routes/_member/profile.tsx). */
function ProfileSections() {
  const actor = useSystemActor('profile');
  const state = useSystemSelector('profile', stateOf);
  const view = useSystemSelector('profile', profileView.status);
  const error = useSystemSelector('profile', profileView.error);
  const profile = useSystemSelector('profile', profileView.profile);

  return (
    <AccountSection
      label="Your profile"
      busy={view === 'loading'}
      state={state}
      status={view}
      loading="Loading your profile…"
      failed={{ title: "We couldn't load your profile", message: error ?? PROFILE_MESSAGES.loadFailed }}
      onRetry={() => actor.send({ type: 'profile.retry' })}
    >
      {profile ? (
        <div className="account-grid">
          <Summary profile={profile} />
          <AvatarCard profile={profile} />
          <NameCard />
          <ReferralCard url={profile.referralUrl} />
        </div>
      ) : null}
    </AccountSection>
  );
}

function Summary({ profile }: { profile: Profile }) {
  const nameId = useId();
  return (
    <article className="account-card profile-summary" aria-labelledby={nameId}>
      <img
        className="avatar profile-summary__avatar"
        src={profile.avatarUrl || DEFAULT_AVATAR}
        alt=""
        width={88}
        height={88}
        onError={fallBackToDefaultAvatar}
      />
      <div className="profile-summary__text">
        <h2 className="profile-summary__name" id={nameId}>
          {profile.name}
        </h2>
        <p className="member-balance">
          <CoinIcon size={20} className="member-balance__icon" />
          <span>
            Balance: <strong>{coinsText(profile.fruitCnt)}</strong>
          </span>
        </p>
      </div>
      <dl className="account-facts">
        <div>
          <dt>Email</dt>
          <dd className="account-facts__email">{profile.email ?? PROFILE_TEXTS.noEmail}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{PROVIDER_LABELS[profile.provider]}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>
            <time dateTime={profile.memberSince}>{formatDate(profile.memberSince)}</time>
          </dd>
        </div>
        <div>
          <dt>Purchases</dt>
          <dd>{profile.purchases}</dd>
        </div>
      </dl>
    </article>
  );
}

function AvatarCard({ profile }: { profile: Profile }) {
  const actor = useSystemActor('profile');
  const busy = useSystemSelector('profile', profileView.busy);
  const uploading = useSystemSelector('profile', profileView.uploading);
  const generating = useSystemSelector('profile', profileView.generating);
  const avatarError = useSystemSelector('profile', profileView.avatarError);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const titleId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file can be chosen again after a refusal
    event.target.value = '';
    if (file) actor.send({ type: 'profile.avatarChosen', file });
  };

  return (
    <section className="account-card" aria-labelledby={titleId}>
      <h2 className="account-card__title" id={titleId}>
        Avatar
      </h2>
      <div className="avatar-picker">
        <img
          className="avatar avatar--lg"
          src={profile.avatarUrl || DEFAULT_AVATAR}
          alt="Your current avatar"
          width={72}
          height={72}
          onError={fallBackToDefaultAvatar}
        />
        <div className="avatar-picker__actions">
          <div className="file-pick">
            <input
              id={inputId}
              className="file-pick__input"
              type="file"
              accept={AVATAR_LIMITS.types.join(',')}
              disabled={busy}
              aria-invalid={Boolean(avatarError)}
              aria-describedby={`${hintId}${avatarError ? ` ${errorId}` : ''}`}
              onChange={choose}
            />
            <label htmlFor={inputId} className="btn btn--secondary btn--sm file-pick__label">
              <ImageIcon size={16} /> Upload a photo
            </label>
          </div>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-disabled={busy || undefined}
            aria-busy={generating || undefined}
            onClick={() => actor.send({ type: 'profile.generateAvatar' })}
          >
            <SparkleIcon size={16} /> {generating ? 'Generating…' : 'Use a generated avatar'}
          </button>
        </div>
      </div>
      <p className="field__hint" id={hintId}>
        {PROFILE_TEXTS.avatarHint}
      </p>
      <div className="account-status" role="status">
        {uploading ? (
          <span className="account-progress">
            <progress className="account-progress__bar" aria-label="Uploading your avatar" />
            <span>{PROFILE_TEXTS.uploading}</span>
          </span>
        ) : generating ? (
          <>
            <Spinner size={16} /> <span>{PROFILE_TEXTS.generating}</span>
          </>
        ) : null}
      </div>
      {avatarError ? <CardAlert id={errorId}>{avatarError}</CardAlert> : null}
    </section>
  );
}

function NameCard() {
  const actor = useSystemActor('profile');
  const busy = useSystemSelector('profile', profileView.busy);
  const saving = useSystemSelector('profile', profileView.savingName);
  const name = useSystemSelector('profile', profileView.nameDraft);
  const nameError = useSystemSelector('profile', profileView.nameError);
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'profile.saveName' });
  };
  return (
    <form className="account-card account-form" aria-labelledby={titleId} noValidate onSubmit={submit}>
      <h2 className="account-card__title" id={titleId}>
        Display name
      </h2>
      <TextField
        label="Display name"
        name="name"
        autoComplete="nickname"
        value={name}
        error={nameError}
        hint={PROFILE_TEXTS.nameHint}
        readOnly={busy}
        onChange={(value) => actor.send({ type: 'profile.nameChanged', value })}
      />
      <CardAction kind="primary" submit busy={busy} running={saving}>
        {saving ? 'Saving…' : 'Save name'}
      </CardAction>
    </form>
  );
}

function ReferralCard({ url }: { url: string }) {
  const actor = useSystemActor('profile');
  const busy = useSystemSelector('profile', profileView.busy);
  const copying = useSystemSelector('profile', profileView.copying);
  const titleId = useId();
  const inputId = useId();
  const textId = useId();
  return (
    <section className="account-card" aria-labelledby={titleId}>
      <h2 className="account-card__title" id={titleId}>
        Referral link
      </h2>
      <p className="account-card__text" id={textId}>
        {PROFILE_TEXTS.referral}
      </p>
      <div className="referral">
        <label className="visually-hidden" htmlFor={inputId}>
          Your referral link
        </label>
        <input
          id={inputId}
          className="field__input referral__input"
          type="text"
          readOnly
          value={url}
          aria-describedby={textId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-disabled={busy || undefined}
          aria-busy={copying || undefined}
          onClick={() => actor.send({ type: 'profile.copyReferral' })}
        >
          <LinkIcon size={16} /> {copying ? 'Copying…' : 'Copy link'}
        </button>
      </div>
    </section>
  );
}
