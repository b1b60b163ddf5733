// My Profile: name, avatar (uploaded or generated) and the referral link.
// The model itself is shared with its tests in tests/support/account-models.ts; this adds what a person sees.
import { profileModel as sharedProfileModel } from '../support/account-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  profile: 'The "My Profile" page',
  'profile.idle': '"My Profile" not opened yet: placeholder rows',
  'profile.loading': '"Loading your profile…" placeholder rows',
  'profile.loadFailed': '"We couldn\'t load your profile" with the reason and "Try again"',
  'profile.ready':
    'Avatar (upload, "Use a generated avatar"), "Display name" with "Save name", account facts, "Referral link" with "Copy link"',
  'profile.ready.viewing': 'The profile; a name or avatar problem is shown under its field',
  'profile.ready.savingName': '"Save name" reads "Saving…"',
  'profile.ready.uploadingAvatar': 'A progress bar: "Uploading your avatar…"',
  'profile.ready.generatingAvatar': '"Use a generated avatar" reads "Generating…" ("Making your avatar…")',
  'profile.ready.copyingLink': '"Copy link" reads "Copying…"',
};

export const profileModel: MachineModel = { ...sharedProfileModel, sees: SEES };
