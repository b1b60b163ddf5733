// Customer Support (/support), for a visitor or the demo member (`support.open` says which: the
// script signs in or out through the header first): the contact form (typing, leaving a field,
// "Send message", "Try again", "Send another request") and the member's requests ("Try again").
// Steps on the form before any `support.open` open the page first (its opening leaves the form as
// it is). Sending is held, so no
// request really reaches the server. The page's actors wrap their answers: a rate limit is a 429
// from the effect, and the member's requests come with the address from the profile (asked for
// as the page does; only the requests are held).
import type { Page } from 'playwright-core';
import { supportDriver } from '../../drivers/support.ts';
import { open } from '../../support/page-driver.ts';
import { logOut, openPage, signIn, translateAnswers, visible } from '../actions.ts';
import { perform, take } from '../person.ts';
import type { BrowserScript } from '../types.ts';
import * as view from '../../../machines/account/support.selectors.ts';

const FIELDS = ['email', 'subject', 'message'] as const;
type Snapshot = Parameters<typeof view.form>[0];

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu for / });

export const supportScript: BrowserScript = {
  machineId: 'support',
  effects: { sendRequest: 'sendSupportRequest', fetchMemberSupport: 'fetchSupportRequests' },
  start: '/terms',
  // path email-14 of `npm run paths -- support`
  testPath:
    'support.change {"field":"email","value":"mina@"} → visitor, fresh · support.submit → visitor, fresh, errors email,subject,message',
  // as tests/machines/support.model.test.ts reads them: the fields in the form's order, no first
  // error as null
  views: {
    form: {
      actual: ({ snapshot }) =>
        Object.fromEntries(FIELDS.map((f) => [f, view.form(snapshot as Snapshot)[f]])),
    },
    errors: {
      actual: ({ snapshot }) => {
        const errors = view.errors(snapshot as Snapshot);
        return Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]));
      },
    },
    firstError: { actual: ({ snapshot }) => view.firstError(snapshot as Snapshot) ?? null },
  },
  async act(event, step) {
    const { page } = step;
    await translateAnswers(page, 'sendSupportRequest', (outcome) => {
      if (!('output' in outcome)) return outcome;
      const answer = outcome.output as { ok: true; request: unknown } | { ok: false; message: string };
      return answer.ok ? { output: answer.request } : { error: { message: answer.message, status: 429 } };
    });
    await translateAnswers(page, 'fetchSupportRequests', (outcome) =>
      'output' in outcome ? { output: (outcome.output as { requests: unknown }).requests } : outcome,
    );
    // a step on the form before any `support.open`: the page is opened first (as it is)
    if (event.type !== 'support.open') {
      await perform(page, [open('/support', 'stay')]);
      return take(supportDriver, event, step);
    }
    // as the member or a visitor, as the step says: signing in or out through the header first
    const member = await accountMenu(page).isVisible();
    if (event.member && !member) {
      await signIn(page);
      await visible(accountMenu(page));
    } else if (!event.member && member) {
      await logOut(page);
      await visible(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
    }
    await openPage(page, '/support');
  },
};
