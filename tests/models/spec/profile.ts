// My Profile (/profile, requirements §2: a signed-in page; docs/decisions/005-account.md). What should
// happen:
// - Opening it asks GET /api/my/profile, starting blank; a failure says why (the server's words, else
//   "Your profile could not be loaded.") and offers to try again. The loaded FruitCoin balance goes to
//   the session (requirements §4 Session: "The fruit balance can be updated on the current user").
// - The display name (trimmed, 1-40 characters, no control characters) is saved with POST
//   /api/my/profile when it differs from the saved one; the saved name goes to the session (the header
//   shows it) with "Your display name was saved.".
// - A new avatar (PNG, JPEG, WebP or GIF, at most 2 MB, checked here first) is uploaded; a generated one
//   is asked for; either goes to the session with "Your new avatar is saved." / "You now have a
//   generated avatar." and keeps the name being typed. A failure says why.
// - "Copy link" copies the referral link and says so (or that the browser did not let us).
// - One change at a time: the page's other actions wait while one is under way.
import type { Profile } from '../../../domain/account.ts';
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';
import {
  awaits,
  dropping,
  failure,
  loadStatus,
  pageStep,
  send,
  startedCall,
  toast,
  type AnswerStep,
} from '../../support/page-model.ts';

export type ProfilePhase =
  | 'idle'
  | 'loading'
  | 'loadFailed'
  | 'viewing'
  | 'savingName'
  | 'uploadingAvatar'
  | 'generatingAvatar'
  | 'copyingLink';

/** A chosen picture as the page hands it over: what the checks read (a `File` has the same). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export interface ProfileState {
  phase: ProfilePhase;
  profile: Profile | null;
  nameDraft: string;
  nameError: string | null;
  file: ChosenFile | null;
  avatarError: string | null;
  error: string | null;
  /** What the session and the toasts heard, in order. */
  heard: string[];
  /** Calls abandoned while pending, by effect: their answers must change nothing. */
  dropped: Record<string, number>;
}

export const TEXT = {
  loadFailed: 'Your profile could not be loaded.',
  nameRequired: 'Enter a display name.',
  nameTooLong: 'Use at most 40 characters.',
  nameControl: 'Remove the line breaks and other invisible characters from the name.',
  nameFailed: 'Your name could not be saved. Please try again.',
  nameSaved: 'Your display name was saved.',
  avatarType: 'Choose a PNG, JPEG, WebP or GIF image.',
  avatarTooLarge: 'That image is larger than 2 MB. Choose a smaller one.',
  avatarFailed: 'Your picture could not be saved. Please try again.',
  avatarSaved: 'Your new avatar is saved.',
  generatedSaved: 'You now have a generated avatar.',
  copied: 'Referral link copied to your clipboard.',
  copyFailed: 'Your browser did not let us copy. Select the link and copy it yourself.',
};

export const PROFILE: Profile = {
  memberId: 'u-1',
  name: 'Mina',
  email: 'mina@example.com',
  avatarUrl: '/default-avatar.svg',
  memberSince: '2026-01-05T10:00:00.000Z',
  purchases: 3,
  fruitCnt: 120,
  provider: 'email',
  referralUrl: 'http://localhost:3000/s/abc123',
};
/** What the server answers after a new picture: the new avatar (and the profile as it is now). */
const WITH_AVATAR: Profile = { ...PROFILE, avatarUrl: '/api/avatars/u-1.webp?v=2', purchases: 4 };
const WITH_GENERATED: Profile = { ...PROFILE, avatarUrl: '/api/avatars/u-1.webp?v=3', fruitCnt: 0 };

const MB2 = 2 * 1024 * 1024;
export const FILES: ChosenFile[] = [
  { name: 'me.png', type: 'image/png', size: 40_000 },
  { name: 'exactly-2mb.gif', type: 'image/gif', size: MB2 },
  { name: 'big.webp', type: 'image/webp', size: MB2 + 1 },
  { name: 'notes.txt', type: 'text/plain', size: 100 },
];

export const NAMES = [
  '  Mina K  ',
  ' Mina ',
  '   ',
  ' K ',
  `${'n'.repeat(40)}`,
  `${'o'.repeat(41)}`,
  'Mi\nna',
];

/** Which part of the page a model's paths go through (each keeps its state space small). */
export type ProfileFocus = 'load' | 'name' | 'avatar';

const FETCH = 'fetchProfile';
const SAVE = 'saveName';
const UPLOAD = 'uploadAvatar';
const GENERATE = 'generateAvatar';
const COPY = 'copyText';
const CALL_OF: Partial<Record<ProfilePhase, string>> = {
  loading: FETCH,
  savingName: SAVE,
  uploadingAvatar: UPLOAD,
  generatingAvatar: GENERATE,
  copyingLink: COPY,
};

/** What the name field says is wrong with a name, or null. */
export const nameProblem = (name: string): string | null => {
  const trimmed = [...name.trim()];
  if (trimmed.length < 1) return TEXT.nameRequired;
  if (trimmed.length > 40) return TEXT.nameTooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name.trim())) return TEXT.nameControl;
  return null;
};
const avatarProblem = (file: ChosenFile): string | null => {
  if (!['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(file.type)) return TEXT.avatarType;
  if (file.size > MB2) return TEXT.avatarTooLarge;
  return null;
};

export const profileSpec = (focus: ProfileFocus): SpecModel<ProfileState> => {
  const initial: ProfileState = {
    phase: 'idle',
    profile: null,
    nameDraft: '',
    nameError: null,
    file: null,
    avatarError: null,
    error: null,
    heard: [],
    dropped: {},
  };

  const onSend = (s: ProfileState, event: { type: string; [k: string]: unknown }): ProfileState => {
    if (event.type === 'profile.load') {
      return {
        ...initial,
        phase: 'loading',
        heard: s.heard,
        dropped: dropping(s.dropped, CALL_OF[s.phase]),
      };
    }
    if (event.type === 'profile.retry')
      return s.phase === 'loadFailed' ? { ...s, phase: 'loading', error: null } : s;
    if (s.phase !== 'viewing' || !s.profile) return s;
    switch (event.type) {
      case 'profile.nameChanged':
        return { ...s, nameDraft: event.value as string, nameError: null };
      case 'profile.saveName': {
        if (s.nameDraft.trim() === s.profile.name) return s;
        const problem = nameProblem(s.nameDraft);
        return problem ? { ...s, nameError: problem } : { ...s, phase: 'savingName', nameError: null };
      }
      case 'profile.avatarChosen': {
        const file = event.file as ChosenFile;
        const problem = avatarProblem(file);
        return problem
          ? { ...s, avatarError: problem }
          : { ...s, phase: 'uploadingAvatar', file, avatarError: null };
      }
      case 'profile.generateAvatar':
        return { ...s, phase: 'generatingAvatar', avatarError: null };
      case 'profile.copyReferral':
        return { ...s, phase: 'copyingLink' };
      default:
        return s;
    }
  };

  const onAnswer = (s: ProfileState, step: AnswerStep, actor: string): ProfileState => {
    if (CALL_OF[s.phase] !== actor) return s;
    const ok = 'settle' in step;
    const out = ok ? (step.output as Profile) : null;
    const error = ok ? undefined : step.error;
    switch (s.phase) {
      case 'loading':
        return out
          ? {
              ...s,
              phase: 'viewing',
              profile: out,
              nameDraft: out.name,
              heard: [...s.heard, `session.fruitUpdated ${out.fruitCnt}`],
            }
          : { ...s, phase: 'loadFailed', error: failure(error, TEXT.loadFailed) };
      case 'savingName':
        return out
          ? {
              ...s,
              phase: 'viewing',
              profile: out,
              nameDraft: out.name,
              heard: [...s.heard, `session.userUpdated ${out.name}`, toast('success', TEXT.nameSaved)],
            }
          : { ...s, phase: 'viewing', nameError: failure(error, TEXT.nameFailed) };
      case 'uploadingAvatar':
      case 'generatingAvatar':
        if (!out)
          return {
            ...s,
            phase: 'viewing',
            file: s.phase === 'uploadingAvatar' ? null : s.file,
            avatarError: failure(error, TEXT.avatarFailed),
          };
        return {
          ...s,
          phase: 'viewing',
          profile: { ...s.profile!, avatarUrl: out.avatarUrl },
          file: null,
          heard: [
            ...s.heard,
            `session.userUpdated ${out.avatarUrl}`,
            toast('success', s.phase === 'uploadingAvatar' ? TEXT.avatarSaved : TEXT.generatedSaved),
          ],
        };
      case 'copyingLink':
        return {
          ...s,
          phase: 'viewing',
          heard: [...s.heard, ok ? toast('success', TEXT.copied) : toast('error', TEXT.copyFailed)],
        };
      default:
        return s;
    }
  };

  const next = pageStep(onSend, onAnswer);

  const answers = (s: ProfileState): SpecStep[] => {
    const pending = (actor: string) => awaits(CALL_OF, s, actor);
    const out: SpecStep[] = [];
    if (pending(FETCH))
      out.push(
        { settle: FETCH, output: PROFILE },
        ...(focus === 'load'
          ? [
              { fail: FETCH, error: 'offline' },
              { fail: FETCH, error: new Error('Please sign in again.') },
            ]
          : []),
      );
    if (pending(SAVE))
      out.push(
        { settle: SAVE, output: { ...PROFILE, name: s.nameDraft.trim() } },
        { fail: SAVE, error: 'offline' },
        { fail: SAVE, error: new Error('That name is taken.') },
      );
    if (pending(UPLOAD))
      out.push(
        { settle: UPLOAD, output: WITH_AVATAR },
        { fail: UPLOAD, error: 'offline' },
        { fail: UPLOAD, error: new Error('That image is too small.') },
      );
    if (pending(GENERATE))
      out.push({ settle: GENERATE, output: WITH_GENERATED }, { fail: GENERATE, error: 'offline' });
    if (pending(COPY)) out.push({ settle: COPY }, { fail: COPY, error: 'denied' });
    return out;
  };

  const steps = (s: ProfileState): SpecStep[] => {
    if (s.phase === 'idle') return [send('profile.load'), send('profile.retry'), send('profile.saveName')];
    if (s.phase !== 'viewing') {
      const busy = s.phase !== 'loading' && s.phase !== 'loadFailed';
      return [
        ...answers(s),
        ...(s.phase === 'loadFailed' ? [send('profile.retry')] : []),
        ...(focus === 'load' ? [send('profile.load')] : []),
        // while a change is under way, the page's other actions wait
        ...(busy && focus === 'load'
          ? [
              send('profile.copyReferral'),
              send('profile.nameChanged', { value: 'Other' }),
              send('profile.generateAvatar'),
            ]
          : []),
      ];
    }
    switch (focus) {
      case 'load':
        return [
          send('profile.copyReferral'),
          send('profile.generateAvatar'),
          send('profile.load'),
          send('profile.retry'),
        ];
      case 'name':
        return [
          ...NAMES.filter((n) => n !== s.nameDraft).map((value) => send('profile.nameChanged', { value })),
          send('profile.saveName'),
        ];
      case 'avatar':
        return [
          ...FILES.map((file) => send('profile.avatarChosen', { file })),
          send('profile.generateAvatar'),
          ...(s.nameDraft === PROFILE.name ? [send('profile.nameChanged', { value: 'Mina K' })] : []),
        ];
    }
  };

  return {
    name: 'profile',
    spec: `requirements §2 (/profile), §4 (fruit balance) and docs/decisions/005-account.md (${focus})`,
    initial,
    steps,
    next,
    expect: (s) => ({
      // the effect under way, by name
      running: CALL_OF[s.phase] ? [CALL_OF[s.phase]] : [],
      status: loadStatus(s.phase),
      error: s.error,
      profile: s.profile,
      busy: !['idle', 'loading', 'loadFailed', 'viewing'].includes(s.phase),
      uploading: s.phase === 'uploadingAvatar',
      generating: s.phase === 'generatingAvatar',
      nameDraft: s.nameDraft,
      nameError: s.nameError,
      savingName: s.phase === 'savingName',
      avatarError: s.avatarError,
      copying: s.phase === 'copyingLink',
      heard: s.heard,
    }),
    calls: (before, step, after) => {
      const actor = startedCall(CALL_OF, before, after);
      if (!actor) return [];
      const input =
        actor === SAVE
          ? { name: after.nameDraft.trim() }
          : actor === UPLOAD
            ? { file: after.file }
            : actor === COPY
              ? { text: after.profile?.referralUrl }
              : undefined;
      return [{ actor, input }];
    },
    label: (s) => {
      const parts: string[] = [s.phase];
      if (s.profile && s.nameDraft !== s.profile.name)
        parts.push(`typed ${JSON.stringify(s.nameDraft.slice(0, 12))}`);
      if (s.nameError) parts.push(`"${s.nameError}"`);
      if (s.avatarError) parts.push(`"${s.avatarError}"`);
      if (s.error) parts.push(`"${s.error}"`);
      return parts.join(', ');
    },
    maxDepth: 5,
  };
};
