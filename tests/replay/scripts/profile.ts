// The profile (/profile): the display name, a photo upload or a generated avatar, and "Copy link"
// for the referral link (what a person does: tests/drivers/profile.ts). Saving the name, the avatar
// calls and the clipboard are held, so the demo member's real profile never changes.
import { profileDriver } from '../../drivers/profile.ts';
import { take } from '../person.ts';
import type { BrowserScript } from '../types.ts';

export const profileScript: BrowserScript = {
  machineId: 'profile',
  effects: {
    fetchProfile: 'fetchProfile',
    saveName: 'saveName',
    uploadAvatar: 'uploadAvatar',
    generateAvatar: 'generateAvatar',
    copyText: 'copyText',
  },
  start: '/terms',
  member: true,
  // path load-9 of `npm run paths -- profile`
  testPath:
    'profile.load → loading · fetchProfile answers {"memberId":"u-1","name":"Mina","email":"mina@e... → viewing · profile.copyReferral → copyingLink',
  act: (event, step) => take(profileDriver, event, step),
};
