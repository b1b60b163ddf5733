// My Profile and Account Settings: the machines with their effects (src/account/account-effects.ts)
// provided, and the device-side pieces (the remembered email, going home).
import { fromPromise } from 'xstate';
import { profileMachine } from '../../machines/account/profile.ts';
import { settingsMachine, type PasswordAnswer } from '../../machines/account/settings.ts';
import { ApiError } from '../platform/api.ts';
import { navigation } from '../platform/navigation.ts';
import type { AccountEffects } from './account-effects.ts';
import type { Clipboard } from '../platform/navigation.ts';
import { forgetRememberedEmail } from './remembered-email.ts';

/** The server's refusals of a password change (005-account.md) as answers; anything else fails. */
const PASSWORD_REFUSALS: Record<number, Extract<PasswordAnswer, { ok: false }>['reason']> = {
  403: 'wrongCurrent',
  400: 'rule',
  409: 'noPassword',
};

export default function accountLogic(effects: AccountEffects & Clipboard) {
  return {
    profile: profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(() => effects.fetchProfile()),
        saveName: fromPromise(({ input }) => effects.saveName(input)),
        uploadAvatar: fromPromise(({ input }) => effects.uploadAvatar(input)),
        generateAvatar: fromPromise(() => effects.generateAvatar()),
        copyText: fromPromise(({ input }) => effects.copyText(input.text)),
      },
    }),
    settings: settingsMachine.provide({
      actors: {
        fetchSettings: fromPromise(() => effects.fetchSettings()),
        changePassword: fromPromise(async ({ input }): Promise<PasswordAnswer> => {
          try {
            return { ok: true, token: (await effects.changePassword(input)).token };
          } catch (error) {
            const reason = error instanceof ApiError ? PASSWORD_REFUSALS[error.status] : undefined;
            if (!reason) throw error;
            // the server's words, if any: the machine words a refusal without them by its reason
            return { ok: false, reason, message: (error as ApiError).message };
          }
        }),
        saveNotifications: fromPromise(({ input }) => effects.saveNotifications(input)),
        signOutEverywhere: fromPromise(() => effects.signOutEverywhere()),
        deleteAccount: fromPromise(({ input }) => effects.deleteAccount(input)),
      },
      actions: {
        forgetRememberedEmail,
        goHome: () => navigation.go('/'),
      },
    }),
  };
}
