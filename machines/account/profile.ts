import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { tell } from '../system/tell.ts';
import { AVATAR_LIMITS, NAME_LIMITS, type Profile } from '../../domain/account.ts';
import { errorMessage } from '../../domain/errors.ts';

export type ProfileEvent =
  /** My Profile was opened (the signed-in page mounted). */
  | { type: 'profile.load' }
  | { type: 'profile.retry' }
  /** The display name field was typed in. */
  | { type: 'profile.nameChanged'; value: string }
  | { type: 'profile.saveName' }
  /** A picture was chosen: the view hands over the file (a `File` is a `Blob`). */
  | { type: 'profile.avatarChosen'; file: Blob }
  /** "Use a generated avatar": initials on a colour, made by the server. */
  | { type: 'profile.generateAvatar' }
  /** "Copy link" next to the referral link. */
  | { type: 'profile.copyReferral' };

export interface ProfileContext {
  profile: Profile | null;
  /** The display name as typed (saved or not). */
  nameDraft: string;
  nameError: string | null;
  /** The picture being uploaded. */
  file: Blob | null;
  avatarError: string | null;
  /** The profile could not be loaded. */
  error: string | null;
}

export const PROFILE_MESSAGES = {
  loadFailed: 'Your profile could not be loaded.',
  nameRequired: 'Enter a display name.',
  nameTooLong: `Use at most ${NAME_LIMITS.max} characters.`,
  nameControl: 'Remove the line breaks and other invisible characters from the name.',
  nameFailed: 'Your name could not be saved. Please try again.',
  nameSaved: 'Your display name was saved.',
  avatarType: 'Choose a PNG, JPEG, WebP or GIF image.',
  avatarTooLarge: `That image is larger than ${AVATAR_LIMITS.maxBytes / (1024 * 1024)} MB. Choose a smaller one.`,
  avatarFailed: 'Your picture could not be saved. Please try again.',
  avatarSaved: 'Your new avatar is saved.',
  generatedSaved: 'You now have a generated avatar.',
  copied: 'Referral link copied to your clipboard.',
  copyFailed: 'Your browser did not let us copy. Select the link and copy it yourself.',
} as const;

/** What the name field says is wrong with a display name, or null (NAME_LIMITS: trimmed, 1-40). */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if ([...trimmed].length < NAME_LIMITS.min) return PROFILE_MESSAGES.nameRequired;
  if ([...trimmed].length > NAME_LIMITS.max) return PROFILE_MESSAGES.nameTooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return PROFILE_MESSAGES.nameControl;
  return null;
}

/** The quick check before an upload (the server checks the bytes again). */
export function avatarProblem(file: Pick<Blob, 'type' | 'size'>): string | null {
  if (!(AVATAR_LIMITS.types as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.avatarType;
  if (file.size > AVATAR_LIMITS.maxBytes) return PROFILE_MESSAGES.avatarTooLarge;
  return null;
}

/** The typed name differs from the saved one (spaces around it do not count). */
export const nameEdited = (context: Pick<ProfileContext, 'profile' | 'nameDraft'>): boolean =>
  context.profile !== null && context.nameDraft.trim() !== context.profile.name;

/** A toast (the `toast` actor) with these words. */
const toastParams = (kind: 'success' | 'error', message: string) => ({
  type: 'toast' as const,
  params: { kind, message },
});

/**
 * My Profile (/profile): the member's profile as the server knows it (email, member since,
 * purchases, FruitCoins, referral link). One change at a time: the display name (checked against
 * NAME_LIMITS, then saved), a new avatar (type and size checked here first, then uploaded) or a
 * generated one, or copying the referral link. A saved name or avatar goes to the session at once,
 * so the header shows it.
 */
export const profileMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types exist only for the compiler
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as
      'loading' | 'error' | 'ready' | 'busy' | 'savingName' | 'uploading' | 'generating' | 'copying',
  },
  actors: {
    fetchProfile: fromPromise<Profile>(() => {
      throw new Error('fetchProfile must be provided');
    }),
    saveName: fromPromise<Profile, { name: string }>(() => {
      throw new Error('saveName must be provided');
    }),
    uploadAvatar: fromPromise<Profile, { file: Blob }>(() => {
      throw new Error('uploadAvatar must be provided');
    }),
    generateAvatar: fromPromise<Profile>(() => {
      throw new Error('generateAvatar must be provided');
    }),
    copyText: fromPromise<void, { text: string }>(() => {
      throw new Error('copyText must be provided');
    }),
  },
  actions: {
    tellSessionBalance: tell('session', ({ context }) => ({
      type: 'session.fruitUpdated',
      fruitCnt: context.profile?.fruitCnt ?? 0,
    })),
    tellSessionName: tell('session', ({ context }) => ({
      type: 'session.userUpdated',
      name: context.profile?.name ?? '',
    })),
    tellSessionAvatar: tell('session', ({ context }) => ({
      type: 'session.userUpdated',
      avatar: context.profile?.avatarUrl ?? '',
    })),
    toast: tell('toast', (_, params: { kind: 'success' | 'error'; message: string }) => ({
      type: 'toast.show',
      ...params,
    })),
    takeProfile: assign((_, params: { profile: Profile }) => ({
      profile: params.profile,
      nameDraft: params.profile.name,
    })),
    /** A new avatar keeps the name being typed. */
    takeAvatar: assign(({ context }, params: { profile: Profile }) => ({
      profile: context.profile ? { ...context.profile, avatarUrl: params.profile.avatarUrl } : params.profile,
      file: null,
    })),
  },
  guards: {
    nameUnchanged: ({ context }) => !nameEdited(context),
    nameInvalid: ({ context }) => nameProblem(context.nameDraft) !== null,
    avatarRejected: ({ event }) =>
      event.type === 'profile.avatarChosen' && avatarProblem(event.file) !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: the id only names the chart (no target refers to it)
  id: 'profile',
  context: { profile: null, nameDraft: '', nameError: null, file: null, avatarError: null, error: null },
  initial: 'idle',
  on: {
    'profile.load': {
      target: '.loading',
      reenter: true,
      // every visit starts blank: no earlier member's profile while this one loads
      actions: assign({ profile: null, nameDraft: '', nameError: null, file: null, avatarError: null }),
    },
  },
  states: {
    // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
    idle: { description: 'My Profile has not been opened yet.' },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'takeProfile', params: ({ event }) => ({ profile: event.output }) },
            'tellSessionBalance',
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error, PROFILE_MESSAGES.loadFailed) }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'profile.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'profile.nameChanged': {
              actions: assign({ nameDraft: ({ event }) => event.value, nameError: null }),
            },
            'profile.saveName': [
              { guard: 'nameUnchanged' },
              {
                guard: 'nameInvalid',
                actions: assign({ nameError: ({ context }) => nameProblem(context.nameDraft) }),
              },
              { target: 'savingName' },
            ],
            'profile.avatarChosen': [
              {
                guard: 'avatarRejected',
                actions: assign({ avatarError: ({ event }) => avatarProblem(event.file) }),
              },
              {
                target: 'uploadingAvatar',
                actions: assign({ file: ({ event }) => event.file, avatarError: null }),
              },
            ],
            'profile.generateAvatar': { target: 'generatingAvatar', actions: assign({ avatarError: null }) },
            'profile.copyReferral': 'copyingLink',
          },
        },
        savingName: {
          tags: ['busy', 'savingName'],
          entry: assign({ nameError: null }),
          invoke: {
            id: 'saveName',
            src: 'saveName',
            input: ({ context }) => ({ name: context.nameDraft.trim() }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'takeProfile', params: ({ event }) => ({ profile: event.output }) },
                'tellSessionName',
                toastParams('success', PROFILE_MESSAGES.nameSaved),
              ],
            },
            onError: {
              target: 'viewing',
              actions: assign({
                nameError: ({ event }) => errorMessage(event.error, PROFILE_MESSAGES.nameFailed),
              }),
            },
          },
        },
        uploadingAvatar: {
          tags: ['busy', 'uploading'],
          // Stryker disable next-line StringLiteral: a description is text for the statechart viewer
          description: 'The picture is on its way; the server checks, re-encodes and resizes it.',
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context }) => ({ file: context.file ?? new Blob() }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'takeAvatar', params: ({ event }) => ({ profile: event.output }) },
                'tellSessionAvatar',
                toastParams('success', PROFILE_MESSAGES.avatarSaved),
              ],
            },
            onError: {
              target: 'viewing',
              actions: assign({
                file: null,
                avatarError: ({ event }) => errorMessage(event.error, PROFILE_MESSAGES.avatarFailed),
              }),
            },
          },
        },
        generatingAvatar: {
          tags: ['busy', 'generating'],
          invoke: {
            id: 'generateAvatar',
            src: 'generateAvatar',
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'takeAvatar', params: ({ event }) => ({ profile: event.output }) },
                'tellSessionAvatar',
                toastParams('success', PROFILE_MESSAGES.generatedSaved),
              ],
            },
            onError: {
              target: 'viewing',
              actions: assign({
                avatarError: ({ event }) => errorMessage(event.error, PROFILE_MESSAGES.avatarFailed),
              }),
            },
          },
        },
        copyingLink: {
          tags: ['busy', 'copying'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.profile?.referralUrl ?? '' }),
            onDone: { target: 'viewing', actions: toastParams('success', PROFILE_MESSAGES.copied) },
            onError: { target: 'viewing', actions: toastParams('error', PROFILE_MESSAGES.copyFailed) },
          },
        },
      },
    },
  },
});

// Its part of the actor system's contract: the events it takes and its actor, by systemId
// (machines/system/events.ts, machines/system/actors.ts).
declare module '../system/events.ts' {
  interface SystemEvents {
    profile: ProfileEvent;
  }
}
declare module '../system/actors.ts' {
  interface SystemActors {
    profile: ActorRefFrom<typeof profileMachine>;
  }
}
