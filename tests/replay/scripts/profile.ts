// The profile (/profile): the display name, a photo upload or a generated avatar, and "Copy link"
// for the referral link. Saving the name, the avatar calls and the clipboard are held, so the demo
// member's real profile never changes.
import { click, fill, openPage, visible } from '../actions.ts';
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
  async act(event, { page }) {
    const section = page.getByRole('region', { name: 'Your profile' });
    switch (event.type) {
      case 'profile.load':
        await openPage(page, '/profile');
        return;
      case 'profile.retry':
        await click(section.getByRole('button', { name: 'Try again' }));
        return;
      case 'profile.nameChanged':
        await fill(section.getByRole('textbox', { name: 'Display name' }), event.value as string);
        return;
      case 'profile.saveName':
        await click(section.getByRole('button', { name: 'Save name' }));
        return;
      case 'profile.avatarChosen': {
        const file = event.file as File;
        const input = section.getByLabel('Upload a photo');
        await visible(section);
        await input.setInputFiles({
          name: file.name,
          mimeType: file.type || 'image/png',
          buffer: Buffer.from(await file.arrayBuffer()),
        });
        return;
      }
      case 'profile.generateAvatar':
        await click(section.getByRole('button', { name: 'Use a generated avatar' }));
        return;
      case 'profile.copyReferral':
        await click(section.getByRole('button', { name: 'Copy link' }));
        return;
      default:
        return false;
    }
  },
};
