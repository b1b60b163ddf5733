// settings against its independent model (tests/models/spec/settings.ts): every path of each of the
// model's parts replayed on the machine by the shared harness. The machine tells the session and the
// toasts by systemId, so it runs with the target's two listeners beside it, at its root, a `session`
// and a `toast` that write down what they hear; the device's storage and the router are provided as
// actions that write down that they ran.
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { settingsMachine } from '../../machines/account/settings.ts';
import * as view from '../../machines/account/settings.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { heardLines, running, runWithout } from '../support/model-targets.ts';
import { SETTINGS, settingsSpec, type SettingsFocus } from '../models/spec/settings.ts';

type Snapshot = Parameters<typeof view.status>[0];
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = [
  'fetchSettings',
  'changePassword',
  'saveNotifications',
  'signOutEverywhere',
  'deleteAccount',
];
const LISTENERS = ['session', 'toast'];

const FOCI: SettingsFocus[] = ['load', 'passwordChecks', 'passwordAnswers', 'prefs', 'dialogs'];

describeModel({
  walks: FOCI.map((focus) => walk(focus, settingsSpec(focus))),
  target: () => {
    const did: string[] = [];
    return {
      machine: settingsMachine.provide({
        actions: {
          forgetRememberedEmail: () => void did.push('forgetRememberedEmail'),
          goHome: () => void did.push('goHome'),
        },
      }),
      effects: EFFECTS,
      listeners: LISTENERS,
      observe: ({ snapshot, heard }) => {
        const s = snapshot as Snapshot;
        const errors = view.passwordErrors(s);
        return {
          running: running(snapshot, EFFECTS),
          status: view.status(s),
          error: view.error(s),
          dialog: view.dialog(s),
          // the machine's own word for "a dialog is open" (no page reads it yet)
          dialogOpen: s.hasTag('dialog'),
          busy: view.busy(s),
          settings: view.settings(s),
          passwordForm: view.passwordForm(s),
          // the fields that show an error, in the form's order
          passwordErrors: Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]])),
          passwordChanged: view.passwordChanged(s),
          passwordFailure: view.passwordFailure(s),
          changingPassword: view.changingPassword(s),
          notifications: view.notifications(s),
          savingKey: view.savingKey(s),
          prefsError: view.prefsError(s),
          rememberedEmail: view.rememberedEmail(s),
          deleteText: view.deleteText(s),
          dialogError: view.dialogError(s),
          heard: heardLines(heard),
          did: [...did],
        };
      },
    };
  },
});

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('settings without its effects provided', () => {
  const loaded = { fetchSettings: fromPromise(async () => SETTINGS) };
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const { snapshot } = await runWithout(settingsMachine, events, { provided, listeners: LISTENERS });
    const s = snapshot as Snapshot;
    return {
      error: view.error(s),
      passwordFailure: view.passwordFailure(s),
      prefsError: view.prefsError(s),
      dialogError: view.dialogError(s),
    };
  };
  const load = { type: 'settings.load', rememberedEmail: null };
  it('fetchSettings', async () => {
    expect((await run({}, [load])).error).toBe('fetchSettings must be provided');
  });
  it('changePassword', async () => {
    const typed = (field: string, value: string) => ({ type: 'settings.passwordChanged', field, value });
    const { passwordFailure } = await run(loaded, [
      load,
      typed('currentPassword', 'Old@12345'),
      typed('newPassword', 'New@12345'),
      typed('confirmPassword', 'New@12345'),
      { type: 'settings.changePassword' },
    ]);
    expect(passwordFailure).toBe('changePassword must be provided');
  });
  it('saveNotifications', async () => {
    const { prefsError } = await run(loaded, [
      load,
      { type: 'settings.toggle', key: 'promotions', on: true },
    ]);
    expect(prefsError).toBe('saveNotifications must be provided');
  });
  it('signOutEverywhere', async () => {
    const { dialogError } = await run(loaded, [
      load,
      { type: 'settings.signOutEverywhere' },
      { type: 'settings.signOutConfirm' },
    ]);
    expect(dialogError).toBe('signOutEverywhere must be provided');
  });
  it('deleteAccount', async () => {
    const { dialogError } = await run(loaded, [
      load,
      { type: 'settings.deleteAccount' },
      { type: 'settings.deleteTextChanged', value: 'DELETE' },
      { type: 'settings.deleteConfirm' },
    ]);
    expect(dialogError).toBe('deleteAccount must be provided');
  });
});
