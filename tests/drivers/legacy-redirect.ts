// An old prompt address (/detail_<id>.html, with whatever query it had) and "Try again".
import type { LegacyRedirectState } from '../models/spec/legacy-redirect.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const legacyRedirectDriver: PageDriver<LegacyRedirectState> = {
  'legacy.open': (event) => [
    open(`/detail_${event.id as string}.html${(event.search as string | undefined) ?? ''}`, 'again'),
  ],
  'legacy.retry': () => [click(button('Try again', main))],
};
