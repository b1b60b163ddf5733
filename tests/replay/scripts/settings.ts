// Account settings (/settings): the password form, the notification switches, forgetting the
// remembered email, "Sign out everywhere" and "Delete account" with their dialogs. Every call that
// would change the account is held (the password, the switches, signing out everywhere, deleting
// the account): the replay answers them, and the demo member's real account never changes. A
// remembered email (`settings.load` with one) is the login form's "remember me" from an earlier
// sign-in on this device: the device's storage holds it before the page opens (what a person does:
// tests/drivers/settings.ts).
import { settingsDriver } from '../../drivers/settings.ts';
import { translateAnswers } from '../actions.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

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
  async act(event, step) {
    await translateAnswers(step.page, 'changePassword', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const answer = outcome.output as
        | { ok: true; token: string }
        | { ok: false; reason: 'wrongCurrent' | 'rule' | 'noPassword'; message: string };
      if (answer.ok) return { output: { token: answer.token } };
      const status = { wrongCurrent: 403, rule: 400, noPassword: 409 }[answer.reason];
      return { error: { message: answer.message, status } };
    });
    return take(settingsDriver, event, step);
  },
};
