// settings against its independent model (tests/models/spec/settings.ts): every path of each of the
// model's parts replayed on the machine. The machine tells the session and the toasts by systemId, so
// it runs with two listeners beside it (the machine's own chart and implementations, plus, at its root,
// a `session` and a `toast` that write down what they hear); the device's storage and the router are
// provided as actions that write down that they ran.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import type { AnyActorRef } from 'xstate';
import { settingsMachine } from '../../machines/account/settings.ts';
import * as view from '../../machines/account/settings.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { SETTINGS, settingsSpec, type SettingsFocus } from '../models/spec/settings.ts';
import { flushPromises } from '../support/model.ts';

/** An actor that writes down each event it hears, as a line. */
const listener = (heard: string[]) =>
  fromCallback(({ receive }) => {
    receive((event: AnyEventObject) => {
      const { type, ...rest } = event;
      heard.push([type, ...Object.values(rest)].join(' '));
    });
  });

/** The machine's own chart and implementations, with the listeners in its system. */
const withListeners = (heard: string[], did: string[] = []): AnyStateMachine => {
  const { implementations } = settingsMachine;
  return createMachine(
    {
      ...settingsMachine.config,
      invoke: [
        { src: listener(heard), systemId: 'session' },
        { src: listener(heard), systemId: 'toast' },
      ],
    } as never,
    {
      ...implementations,
      actions: {
        ...implementations.actions,
        forgetRememberedEmail: () => did.push('forgetRememberedEmail'),
        goHome: () => did.push('goHome'),
      },
    } as never,
  ) as AnyStateMachine;
};

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

for (const focus of ['load', 'passwordChecks', 'passwordAnswers', 'prefs', 'dialogs'] as SettingsFocus[]) {
  const model = settingsSpec(focus);
  describe(`settings against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => {
        const heard: string[] = [];
        const did: string[] = [];
        return replaySpecPath(
          model,
          {
            machine: withListeners(heard, did),
            effects: EFFECTS,
            observe: ({ snapshot }) => {
              const s = snapshot as Snapshot;
              const errors = view.passwordErrors(s);
              return {
                // the effects under way, by the name the machine gives them
                running: Object.entries(snapshot.children as Record<string, AnyActorRef>)
                  .filter(([, child]) => EFFECTS.includes(child.src as string))
                  .map(([id]) => id)
                  .sort(),
                status: view.status(s),
                error: view.error(s),
                dialog: view.dialog(s),
                // the machine's own word for "a dialog is open" (no page reads it yet)
                dialogOpen: s.hasTag('dialog'),
                busy: view.busy(s),
                settings: view.settings(s),
                passwordForm: view.passwordForm(s),
                // the fields that show an error, in the form's order
                passwordErrors: Object.fromEntries(
                  FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]),
                ),
                passwordChanged: view.passwordChanged(s),
                passwordFailure: view.passwordFailure(s),
                changingPassword: view.changingPassword(s),
                notifications: view.notifications(s),
                savingKey: view.savingKey(s),
                prefsError: view.prefsError(s),
                rememberedEmail: view.rememberedEmail(s),
                deleteText: view.deleteText(s),
                dialogError: view.dialogError(s),
                heard: [...heard],
                did: [...did],
              };
            },
          },
          path,
        );
      });
    }
  });
}

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('settings without its effects provided', () => {
  const loaded = { fetchSettings: fromPromise(async () => SETTINGS) };
  const run = async (provided: Record<string, unknown>, events: AnyEventObject[]) => {
    const heard: string[] = [];
    const actor = createActor(withListeners(heard).provide({ actors: provided as never })).start();
    for (const event of events) {
      actor.send(event);
      await flushPromises();
    }
    const s = actor.getSnapshot() as Snapshot;
    actor.stop();
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
