// "Share" on a prompt's page (the link is made and copied) and the share link's "Close".
import type { ShareState } from '../models/spec/share.ts';
import { button, byRole, click, main, type PageDriver } from '../support/page-driver.ts';

export const shareDriver: PageDriver<ShareState> = {
  'share.request': () => [click(button('Share', main))],
  'share.dismiss': () => [click(button('Close', byRole('group', 'Share link', { within: main })))],
};
