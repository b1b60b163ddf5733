// Account settings (/settings): the password form, the notification switches, forgetting the
// remembered email, "Sign out everywhere" and "Delete account" with their dialogs. Every call that
// would change the account is held (the password, the switches, signing out everywhere, deleting
// the account): the replay answers them, and the demo member's real account never changes. A
// remembered email (`settings.load` with one) is the login form's "remember me" from an earlier
// sign-in on this device: the script puts it in the device's storage before opening the page.
import { check, click, fill, openPage, translateAnswers, visible } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

const FIELD_LABELS: Record<string, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};
const SWITCH_LABELS: Record<string, string> = {
  orderUpdates: 'Order updates',
  supportReplies: 'Support replies',
  promotions: 'News and offers',
};

export const settingsScript: BrowserScript = {
  machineId: 'settings',
  effects: {
    fetchSettings: 'fetchSettings',
    changePassword: 'changePassword',
    saveNotifications: 'saveNotifications',
    signOutEverywhere: 'signOutEverywhere',
    deleteAccount: 'deleteAccount',
  },
  start: '/terms',
  member: true,
  // path dialogs-3 of `npm run paths -- settings`
  testPath:
    'settings.load {"rememberedEmail":"mina@example.com"} → loading · fetchSettings answers {"notifications":{"orderUpdates":true,"supportR... → editing',
  async act(event, { page }) {
    await translateAnswers(page, 'changePassword', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const answer = outcome.output as
        | { ok: true; token: string }
        | { ok: false; reason: 'wrongCurrent' | 'rule' | 'noPassword'; message: string };
      if (answer.ok) return { output: { token: answer.token } };
      const status = { wrongCurrent: 403, rule: 400, noPassword: 409 }[answer.reason];
      return { error: { message: answer.message, status } };
    });
    const section = page.getByRole('region', { name: 'Account settings' });
    const dialog = page.getByRole('dialog');
    switch (event.type) {
      case 'settings.load':
        await page.evaluate(
          (email) => {
            if (email) localStorage.setItem('remember_email', email);
            else localStorage.removeItem('remember_email');
          },
          (event.rememberedEmail as string | null | undefined) ?? null,
        );
        await openPage(page, '/settings');
        return;
      case 'settings.retry':
        await click(section.getByRole('button', { name: 'Try again' }));
        return;
      case 'settings.passwordChanged':
        await fill(
          section.getByLabel(FIELD_LABELS[event.field as string]!, { exact: true }),
          event.value as string,
        );
        return;
      case 'settings.changePassword': {
        const button = section.getByRole('button', { name: 'Change password' });
        // an account without a password has no form to send
        if (!(await button.isVisible())) return false;
        await click(button);
        return;
      }
      case 'settings.toggle': {
        const toggle = await visible(
          section.getByRole('switch', { name: SWITCH_LABELS[event.key as string]! }),
        );
        await check(toggle, !(await toggle.isChecked()));
        return;
      }
      case 'settings.forgetEmail':
        await click(section.getByRole('button', { name: 'Forget my email on this device' }));
        return;
      case 'settings.signOutEverywhere':
        await click(
          section
            .getByRole('region', { name: 'Sign out everywhere' })
            .getByRole('button', { name: 'Sign out everywhere' }),
        );
        return;
      case 'settings.signOutConfirm':
        await click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
        return;
      case 'settings.deleteAccount':
        await click(section.getByRole('button', { name: 'Delete account' }));
        return;
      case 'settings.deleteTextChanged':
        await fill(dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }), event.value as string);
        return;
      case 'settings.deleteConfirm':
        await click(dialog.getByRole('button', { name: 'Delete my account' }));
        return;
      case 'settings.cancel':
        await click(dialog.getByRole('button', { name: 'Cancel' }));
        return;
      default:
        return false;
    }
  },
};
