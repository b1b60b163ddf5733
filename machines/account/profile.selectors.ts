import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profile.ts';

type Snapshot = SnapshotFrom<typeof profileMachine>;

/** What My Profile shows: nothing asked yet, its skeleton, the profile, or the error view. */
export const status = (s: Snapshot): 'idle' | 'loading' | 'ready' | 'error' =>
  s.hasTag('ready') ? 'ready' : s.hasTag('error') ? 'error' : s.hasTag('loading') ? 'loading' : 'idle';
/** Why the profile could not be loaded. */
export const error = (s: Snapshot) => s.context.error;
/** The profile as the server knows it (null until it is loaded). */
export const profile = (s: Snapshot) => s.context.profile;
/** A change is under way: the page's other actions wait. */
export const busy = (s: Snapshot): boolean => s.hasTag('busy');
/** The new picture is being uploaded (its progress bar shows). */
export const uploading = (s: Snapshot): boolean => s.hasTag('uploading');
/** A generated avatar is being made. */
export const generating = (s: Snapshot): boolean => s.hasTag('generating');
/** The display name as typed. */
export const nameDraft = (s: Snapshot) => s.context.nameDraft;
/** What the name field says is wrong, if anything. */
export const nameError = (s: Snapshot) => s.context.nameError;
/** The display name is being saved. */
export const savingName = (s: Snapshot): boolean => s.hasTag('savingName');
/** Why the avatar was refused or could not be saved, if it was. */
export const avatarError = (s: Snapshot) => s.context.avatarError;
/** The referral link is being copied. */
export const copying = (s: Snapshot): boolean => s.hasTag('copying');
