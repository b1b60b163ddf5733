// A share link (/s/<id>, a partner's /ps/<id>) and "Try again".
import type { ShareLandingState } from '../models/spec/share-landing.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const shareLandingDriver: PageDriver<ShareLandingState> = {
  'shareLink.open': (event) => [open(`/${event.partner ? 'ps' : 's'}/${event.id as string}`, 'again')],
  'shareLink.retry': () => [click(button('Try again', main))],
};
