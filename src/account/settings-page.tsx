import '../styles/dialog.css';
import '../styles/account.css';
import { useId, type FormEvent, type ReactNode } from 'react';
import { DELETE_CONFIRMATION, type AccountSettings, type NotificationPrefs } from '../../domain/account.ts';
import { deleteConfirmed, SETTINGS_MESSAGES, type PasswordField } from '../../machines/account/settings.ts';
import * as settingsView from '../../machines/account/settings.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';
import { AccountSection, CardAction, CardAlert } from './account-parts.tsx';
import { AlertIcon, CheckCircleIcon, LockIcon, LogOutIcon, MailIcon, SettingsIcon } from '../ui/icons.tsx';
import { LOGIN_TEXTS } from '../auth/login-dialog.tsx';
import { MemberPage } from '../auth/member-page.tsx';
import { NoticeDialog } from '../ui/notice-dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { stateOf } from '../../machines/system/selectors.ts';
import { TextField } from '../ui/text-field.tsx';

export const NOTIFICATION_LABELS: Record<keyof NotificationPrefs, { label: string; text: string }> = {
  orderUpdates: { label: 'Order updates', text: 'An email when an order is paid.' },
  supportReplies: { label: 'Support replies', text: 'An email when Customer Support answers you.' },
  promotions: { label: 'News and offers', text: 'Occasional news about prompts and offers.' },
};

export const SETTINGS_TEXTS = {
  remembered: (email: string) => `The login form fills in ${email} on this device.`,
  notRemembered: 'This device does not remember your email.',
  rolledBack: 'The switch was put back.',
  signOutTitle: 'Sign out everywhere?',
  signOutText:
    'Every device signed in to your account is signed out, this one too. You can log in again at any time.',
  deleteTitle: 'Delete your account?',
  deleteText:
    'Your messages, favourites, cart, coupons, FruitCoins, access to prompts and support history are removed for good. Paid orders are kept for accounting, without your name.',
  deleteLabel: `Type ${DELETE_CONFIRMATION} to confirm`,
  deleteHint: `Capital letters, exactly as shown: ${DELETE_CONFIRMATION}`,
} as const;

/** Why an account without a password has no form to change one. */
export const noPasswordText = (provider: AccountSettings['provider']): string =>
  SETTINGS_MESSAGES.noPassword[provider];

/** /settings ("Account Settings", requirements §2): password, email preferences, this device, the account. */
export function SettingsPage() {
  return (
    <MemberPage
      title="Account Settings"
      lead="Password, email preferences, this device, and deleting your account."
      icon={<SettingsIcon size={28} />}
      signedOutTitle="Log in to change your settings"
      signedOutText={<p>Settings belong to your account; log in to see and change them.</p>}
    >
      <SettingsSections />
    </MemberPage>
  );
}

/** The account's settings, which its route asks for (src/routes/_member/settings.tsx). */
function SettingsSections() {
  const actor = useSystemActor('settings');
  const state = useSystemSelector('settings', stateOf);
  const view = useSystemSelector('settings', settingsView.status);
  const error = useSystemSelector('settings', settingsView.error);
  const dialog = useSystemSelector('settings', settingsView.dialog);

  // signed out or deleted: the session is ending, the page follows it
  if (view === 'ended') return null;
  return (
    <AccountSection
      label="Account settings"
      busy={view !== 'ready' && view !== 'error'}
      state={state}
      status={view}
      loading="Loading your settings…"
      failed={{ title: "We couldn't load your settings", message: error ?? SETTINGS_MESSAGES.loadFailed }}
      onRetry={() => actor.send({ type: 'settings.retry' })}
    >
      <div className="account-grid">
        <PasswordCard />
        <NotificationsCard />
        <DeviceCard />
        <SignOutCard />
        <DangerZone />
        {dialog === 'signOut' ? <SignOutDialog /> : null}
        {dialog === 'delete' ? <DeleteDialog /> : null}
      </div>
    </AccountSection>
  );
}

function Card({
  title,
  icon,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={`account-card${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
      <h2 className="account-card__title" id={titleId}>
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The password form's three fields, in order. */
const PASSWORD_FIELDS: {
  key: PasswordField;
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}[] = [
  {
    key: 'currentPassword',
    label: 'Current password',
    name: 'current-password',
    autoComplete: 'current-password',
  },
  {
    key: 'newPassword',
    label: 'New password',
    name: 'new-password',
    autoComplete: 'new-password',
    hint: LOGIN_TEXTS.passwordHint,
  },
  {
    key: 'confirmPassword',
    label: 'Confirm new password',
    name: 'confirm-password',
    autoComplete: 'new-password',
  },
];

function PasswordCard() {
  const actor = useSystemActor('settings');
  const settings = useSystemSelector('settings', settingsView.settings);
  const form = useSystemSelector('settings', settingsView.passwordForm);
  const errors = useSystemSelector('settings', settingsView.passwordErrors);
  const changed = useSystemSelector('settings', settingsView.passwordChanged);
  const failure = useSystemSelector('settings', settingsView.passwordFailure);
  const busy = useSystemSelector('settings', settingsView.busy);
  const saving = useSystemSelector('settings', settingsView.changingPassword);
  const change = (field: PasswordField) => (value: string) =>
    actor.send({ type: 'settings.passwordChanged', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'settings.changePassword' });
  };
  if (!settings) return null;
  if (!settings.hasPassword)
    return (
      <Card title="Password" icon={<LockIcon size={20} />}>
        <p className="account-card__text">{noPasswordText(settings.provider)}</p>
      </Card>
    );
  return (
    <Card title="Password" icon={<LockIcon size={20} />}>
      <form className="account-form" aria-label="Change password" noValidate onSubmit={submit}>
        {PASSWORD_FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type="password"
            name={field.name}
            autoComplete={field.autoComplete}
            value={form[field.key]}
            error={errors[field.key]}
            hint={field.hint}
            readOnly={saving}
            onChange={change(field.key)}
          />
        ))}
        <div className="account-status" role="status">
          {changed ? (
            <span className="account-status__success">
              <CheckCircleIcon size={18} /> {SETTINGS_MESSAGES.passwordChanged}
            </span>
          ) : saving ? (
            <>
              <Spinner size={16} /> <span>Changing your password…</span>
            </>
          ) : null}
        </div>
        {failure ? <CardAlert>{failure}</CardAlert> : null}
        <CardAction kind="primary" submit busy={busy} running={saving}>
          {saving ? 'Changing…' : 'Change password'}
        </CardAction>
      </form>
    </Card>
  );
}

function NotificationsCard() {
  const actor = useSystemActor('settings');
  const prefs = useSystemSelector('settings', settingsView.notifications);
  const busy = useSystemSelector('settings', settingsView.busy);
  const savingKey = useSystemSelector('settings', settingsView.savingKey);
  const prefsError = useSystemSelector('settings', settingsView.prefsError);
  const baseId = useId();
  if (!prefs) return null;
  return (
    <Card title="Email notifications" icon={<MailIcon size={20} />}>
      <ul className="switch-list">
        {(Object.keys(NOTIFICATION_LABELS) as (keyof NotificationPrefs)[]).map((key) => (
          <li key={key} className="switch-row">
            <label className="switch">
              <span className="switch__text">
                <span className="switch__label" id={`${baseId}-${key}-label`}>
                  {NOTIFICATION_LABELS[key].label}
                </span>
                <span className="switch__hint" id={`${baseId}-${key}`}>
                  {NOTIFICATION_LABELS[key].text}
                </span>
              </span>
              <input
                type="checkbox"
                role="switch"
                className="switch__input"
                checked={prefs[key]}
                aria-labelledby={`${baseId}-${key}-label`}
                aria-describedby={`${baseId}-${key}`}
                aria-disabled={busy || undefined}
                onChange={(event) => {
                  if (!busy) actor.send({ type: 'settings.toggle', key, on: event.target.checked });
                }}
              />
              <span className="switch__track" aria-hidden="true" />
            </label>
            {savingKey === key ? <Spinner size={14} className="switch-row__spinner" /> : null}
          </li>
        ))}
      </ul>
      <div className="account-status" role="status">
        {savingKey ? <span>Saving your email preferences…</span> : null}
      </div>
      {prefsError ? (
        <CardAlert>
          {prefsError} {SETTINGS_TEXTS.rolledBack}
        </CardAlert>
      ) : null}
    </Card>
  );
}

function DeviceCard() {
  const actor = useSystemActor('settings');
  const email = useSystemSelector('settings', settingsView.rememberedEmail);
  const busy = useSystemSelector('settings', settingsView.busy);
  const textId = useId();
  return (
    <Card title="This device">
      <p className="account-card__text" id={textId}>
        {email ? SETTINGS_TEXTS.remembered(email) : SETTINGS_TEXTS.notRemembered}
      </p>
      <CardAction
        kind="secondary"
        busy={busy}
        disabled={!email}
        describedBy={textId}
        onClick={() => actor.send({ type: 'settings.forgetEmail' })}
      >
        Forget my email on this device
      </CardAction>
    </Card>
  );
}

function SignOutCard() {
  const actor = useSystemActor('settings');
  const busy = useSystemSelector('settings', settingsView.busy);
  return (
    <Card title="Sign out everywhere" icon={<LogOutIcon size={20} />}>
      <p className="account-card__text">
        Lost a device or used a shared computer? End every session of your account, this one included.
      </p>
      <CardAction
        kind="secondary"
        busy={busy}
        onClick={() => actor.send({ type: 'settings.signOutEverywhere' })}
      >
        Sign out everywhere
      </CardAction>
    </Card>
  );
}

function DangerZone() {
  const actor = useSystemActor('settings');
  const busy = useSystemSelector('settings', settingsView.busy);
  return (
    <Card title="Delete account" icon={<AlertIcon size={20} />} className="danger-zone">
      <p className="account-card__text">{SETTINGS_TEXTS.deleteText}</p>
      <CardAction kind="danger" busy={busy} onClick={() => actor.send({ type: 'settings.deleteAccount' })}>
        Delete account
      </CardAction>
    </Card>
  );
}

/** A dialog's way back, which waits (aria-disabled) while the dialog's call runs. */
function CancelButton({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <button type="button" className="btn btn--secondary" aria-disabled={busy || undefined} onClick={onCancel}>
      Cancel
    </button>
  );
}

function SignOutDialog() {
  const actor = useSystemActor('settings');
  const state = useSystemSelector('settings', stateOf);
  const busy = useSystemSelector('settings', settingsView.busy);
  const dialogError = useSystemSelector('settings', settingsView.dialogError);
  const cancel = () => {
    if (!busy) actor.send({ type: 'settings.cancel' });
  };
  return (
    <NoticeDialog
      state={state}
      onDismiss={cancel}
      icon={<LogOutIcon size={30} />}
      title={SETTINGS_TEXTS.signOutTitle}
      text={<p>{SETTINGS_TEXTS.signOutText}</p>}
      error={dialogError}
      className="account-dialog"
    >
      <div className="notice-dialog__actions">
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus=""
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => actor.send({ type: 'settings.signOutConfirm' })}
        >
          {busy ? 'Signing out…' : 'Sign out everywhere'}
        </button>
        <CancelButton busy={busy} onCancel={cancel} />
      </div>
    </NoticeDialog>
  );
}

function DeleteDialog() {
  const actor = useSystemActor('settings');
  const state = useSystemSelector('settings', stateOf);
  const busy = useSystemSelector('settings', settingsView.busy);
  const text = useSystemSelector('settings', settingsView.deleteText);
  const dialogError = useSystemSelector('settings', settingsView.dialogError);
  const typed = deleteConfirmed(text);
  const cancel = () => {
    if (!busy) actor.send({ type: 'settings.cancel' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'settings.deleteConfirm' });
  };
  return (
    <NoticeDialog
      state={state}
      onDismiss={cancel}
      icon={<AlertIcon size={30} />}
      tone="danger"
      title={SETTINGS_TEXTS.deleteTitle}
      text={<p>{SETTINGS_TEXTS.deleteText}</p>}
      error={dialogError}
      className="account-dialog account-dialog--danger"
    >
      <form className="account-form" noValidate onSubmit={submit}>
        <TextField
          label={SETTINGS_TEXTS.deleteLabel}
          name="confirm-delete"
          autoComplete="off"
          value={text}
          hint={SETTINGS_TEXTS.deleteHint}
          autoFocus
          readOnly={busy}
          onChange={(value) => actor.send({ type: 'settings.deleteTextChanged', value })}
        />
        <div className="notice-dialog__actions">
          <button
            type="submit"
            className="btn btn--danger"
            disabled={!typed}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
          <CancelButton busy={busy} onCancel={cancel} />
        </div>
      </form>
    </NoticeDialog>
  );
}
