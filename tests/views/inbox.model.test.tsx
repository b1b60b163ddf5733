// The account area's independent models (tests/models/spec: messages, support, inbox), written from
// docs/requirements.md, replayed on the rendered app (Messages in tests/views/messages.model.test.tsx,
// what the two files share in tests/view./support/account-pages.ts): Messages on /messages for a member, Customer Support on
// /support for a visitor and for a member, and the account menu's unread count in the header. Each
// model step becomes what a person does (opening an address, typing, clicking by role and name,
// signing in or out), time passing on the app's simulated clock, or the answer of a fake call with
// the step's own output; after every step what the page shows, read from the DOM, must equal the
// part of `model.expect(state)` a person sees.
//
// Left to the machine tests (tests/machines/<name>.model.test.ts), through `canTake`:
// - steps with no control on the page at that moment: "Try again" when nothing failed, a message that
//   is not listed (#99), "Delete" under a message that is not open or is being marked read (the
//   button is disabled), "Mark all as read" with nothing unread or while marking, anything under the
//   modal delete dialog, "Keep it" while deleting, typing into the read-only email of a member, the
//   support form while it sends or once it is sent;
// - events only another actor sends: `inbox.load`, `inbox.set` (the messages page's count, replayed
//   in the messages paths above as the account menu's count), `inbox.clear`; signing in while a
//   member is signed in, signing out while nobody is, and a member signing in again on /support after
//   signing out there (the session's own paths cover sign-in);
// - repetitive variations, to keep the file fast: in the `read` and `lagging` messages paths a
//   message is not closed again and no third message is opened while two are being marked read, and
//   the `read` paths do not reload the page (the `load` and `delete` paths do); the unread count's
//   odd answers (Infinity, -1) are left to the machine (2.7 shows the rounding on the page);
// - by default only a few paths of each part, those taking the most edges (`firstPaths`: 3-6 per
//   messages focus, 3-6 per support focus, 6 for the count; about a second each on a busy machine);
//   PAGE_PATHS=all replays every page path (about 450, several minutes).
import { act, screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { SupportRequest } from '../../domain/account.ts';
import type { SignInResult } from '../../domain/session-user.ts';
import type { AuthMarks } from '../../domain/session-rules.ts';
import type { AppEffects } from '../../src/app/app-system.ts';
import { SUPPORT_STATUS_LABELS } from '../../src/account/support-page.tsx';
import { ApiError } from '../../src/platform/api.ts';
import type { SpecStep } from '../support/spec-model.ts';
import { fakeEffects, profileFixture } from '../support/fake-effects.ts';
import { inboxSpec, type InboxState } from '../models/spec/inbox.ts';
import { supportSpec, type SupportFocus, type SupportState } from '../models/spec/support.ts';
import { controllable } from './support/controllable.ts';
import { open, type Fake } from './support/replay.ts';
import { findControl, jsdomPerson } from './support/person.ts';
import { supportDriver, supportField } from '../drivers/support.ts';
import { firstPaths, pagePaths, replaySpecPathOnPage } from './support/spec-page.ts';
import {
  resetAfterEachPath,
  MEMBER,
  GUEST,
  startApp,
  type App,
  click,
  main,
  banner,
  textOf,
  accountMenu,
  answer,
  signOut,
} from './support/account-pages.ts';

resetAfterEachPath();

interface SupportFakes {
  sendSupportRequest: Fake<[{ email?: string; subject: string; message: string }], SupportRequest>;
  fetchSupportRequests: Fake<[], SupportRequest[]>;
  fetchProfile: Fake<[], ReturnType<typeof profileFixture>>;
}

type SupportField = 'email' | 'subject' | 'message';
const fieldOf = (name: SupportField) =>
  findControl(supportField(name)) as HTMLInputElement | HTMLTextAreaElement;

/** The steps a person can take on /support (see the top of the file). */
const canTakeSupport =
  (focus: SupportFocus, initial: SupportState) =>
  (step: SpecStep, before: SupportState): boolean => {
    if (!('send' in step)) return true;
    const event = step.send;
    // a member's paths start by opening the page signed in
    if (focus === 'member' && before === initial)
      return event.type === 'support.open' && event.member === true;
    const editing = before.phase === 'fresh' || before.phase === 'limited' || before.phase === 'failed';
    switch (event.type) {
      case 'support.open':
        // opened again (signed in as before), or a member signs out
        return event.member ? before.member : true;
      case 'support.change':
        return editing && !(event.field === 'email' && before.member && before.accountEmail !== null);
      case 'support.blur':
      case 'support.submit':
        return editing;
      case 'support.retry':
        return before.phase === 'failed';
      case 'support.newRequest':
        return before.phase === 'sent';
      case 'support.requestsRetry':
        return before.requestsPhase === 'failed';
      default:
        return false;
    }
  };

async function performSupport(app: App, fakes: SupportFakes, step: SpecStep, before: SupportState) {
  if ('wait' in step) return act(() => app.clock.increment(step.wait));
  if ('send' in step) {
    const event = step.send;
    switch (event.type) {
      case 'support.open':
        if (event.member && !before.member) return open(app, '/support');
        if (!event.member && before.member) return signOut();
        // shown again at another address of it, as a link with a query opens it
        return app.router.navigate({
          href: app.router.state.location.href === '/support' ? '/support?again=1' : '/support',
        });
    }
    return jsdomPerson(app).take(supportDriver, event, before);
  }
  const actor = 'settle' in step ? step.settle : step.fail;
  if (actor === 'sendRequest') {
    // a 429 is the server's refusal, in its words
    const output =
      'settle' in step ? (step.output as { ok: boolean; request?: SupportRequest; message?: string }) : null;
    if (output && !output.ok)
      return fakes.sendSupportRequest.reject(new ApiError(output.message!, 429, { retryAfter: 600 }));
    return answer(fakes.sendSupportRequest, step, (o) => (o as { request: SupportRequest }).request);
  }
  if (actor === 'fetchMemberSupport') {
    // the requests, and the account's email from the profile (none: a guest's account)
    if ('settle' in step) {
      const { requests, email } = step.output as { requests: SupportRequest[]; email: string | null };
      await fakes.fetchProfile.resolve(profileFixture({ email }));
      return fakes.fetchSupportRequests.resolve(requests);
    }
    await fakes.fetchProfile.resolve(profileFixture());
    return answer(fakes.fetchSupportRequests, step);
  }
  throw new Error(`No fake call for ${actor}`);
}

/** What /support shows: the form (or the confirmation) and, for a member, the past requests. */
function observeSupport() {
  if (!screen.queryByRole('heading', { level: 1, name: 'Customer Support' })) return null;
  const formEl = main().queryByRole('form', { name: 'Contact us' });
  let form: unknown = null;
  if (formEl) {
    const inside = within(formEl);
    const alert = inside.queryByRole('alert');
    const send = inside.getByRole('button', { name: /^Send(ing…| message)$/ }) as HTMLButtonElement;
    form = {
      fields: Object.fromEntries(
        (['email', 'subject', 'message'] as SupportField[]).map((name) => {
          const input = fieldOf(name);
          const said = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
          const invalid = input.getAttribute('aria-invalid') === 'true';
          return [
            name,
            {
              value: input.value,
              readOnly: input.readOnly,
              disabled: input.disabled,
              // the error is the last thing the field's description says
              error: invalid ? textOf(document.getElementById(said.at(-1)!)) : null,
            },
          ];
        }),
      ),
      send: { name: textOf(send), disabled: send.disabled },
      notice: alert ? textOf(alert.querySelector('p')) : null,
      retry: alert ? within(alert).queryByRole('button', { name: 'Try again' }) !== null : false,
    };
  }
  const sent = main().queryByRole('heading', { level: 3, name: /^Request #\d+ received$/ });
  const region = screen.queryByRole('region', { name: 'Your requests' });
  let requests: unknown = null;
  if (region) {
    const inside = within(region);
    if (region.getAttribute('aria-busy') === 'true')
      requests = { loading: textOf(inside.getByRole('status')) };
    else if (inside.queryByRole('button', { name: 'Try again' }))
      requests = { failed: textOf(inside.getByRole('alert')) };
    else
      requests = inside.queryAllByRole('article').map((card) => ({
        title: textOf(within(card).getByRole('heading', { level: 3 })),
        status: Object.values(SUPPORT_STATUS_LABELS).find((label) => within(card).queryByText(label)) ?? null,
        reply: card.textContent?.includes('Our answer')
          ? textOf(card.lastElementChild?.lastElementChild)
          : null,
      }));
  }
  return { form, sent: textOf(sent), requests };
}

function shownSupport(expected: unknown, s: SupportState, opened: boolean) {
  if (!opened) return null;
  const e = expected as {
    sent: boolean;
    sentRequest: SupportRequest | null;
    member: boolean;
    accountEmail: string | null;
    form: Record<SupportField, string>;
    errors: Partial<Record<SupportField, string>>;
    busy: boolean;
    sendNotice: 'limited' | 'failed' | null;
    noticeText: string | null;
    requestsStatus: 'loading' | 'error' | 'ready';
    requestsError: string | null;
    requests: SupportRequest[];
  };
  const form = e.sent
    ? null
    : {
        fields: Object.fromEntries(
          (['email', 'subject', 'message'] as SupportField[]).map((name) => {
            const fixed = name === 'email' && e.accountEmail !== null;
            return [
              name,
              {
                // an email field's value has no spaces around it (the browser strips them)
                value: fixed ? e.accountEmail : name === 'email' ? e.form.email.trim() : e.form[name],
                readOnly: fixed,
                disabled: e.busy && !fixed,
                error: e.errors[name] ?? null,
              },
            ];
          }),
        ),
        send: { name: e.busy ? 'Sending…' : 'Send message', disabled: e.busy },
        notice: e.sendNotice ? e.noticeText : null,
        retry: e.sendNotice === 'failed',
      };
  const requests = !s.member
    ? null
    : e.requestsStatus === 'loading'
      ? { loading: 'Loading your requests…' }
      : e.requestsStatus === 'error'
        ? { failed: e.requestsError }
        : e.requests.map((r) => ({
            title: `#${r.id} ${r.subject}`,
            status: SUPPORT_STATUS_LABELS[r.status],
            reply: r.reply,
          }));
  return { form, sent: e.sent ? `Request #${e.sentRequest!.id} received` : null, requests };
}

for (const focus of ['email', 'subject', 'message', 'send', 'member'] as SupportFocus[]) {
  const model = supportSpec(focus);
  const member = focus === 'member';
  describe(`support on the page against ${model.spec}`, () => {
    for (const path of firstPaths(
      model,
      pagePaths(model, canTakeSupport(focus, model.initial)),
      { email: 3, subject: 3, message: 3, send: 6, member: 6 }[focus],
    )) {
      it(
        path.title,
        async () => {
          const fakes: SupportFakes = {
            sendSupportRequest: controllable(),
            fetchSupportRequests: controllable(),
            fetchProfile: controllable(),
          };
          // a visitor's paths start on the page; a member's start by opening it
          let opened = !member;
          await replaySpecPathOnPage(
            model,
            {
              start: async () => {
                const app = await startApp(
                  {
                    sendSupportRequest: fakes.sendSupportRequest.fn,
                    fetchSupportRequests: fakes.fetchSupportRequests.fn,
                    fetchProfile: fakes.fetchProfile.fn,
                  },
                  member ? MEMBER : { status: 'none' },
                );
                if (!member) await open(app, '/support');
                return app;
              },
              perform: async (app, step, before) => {
                await performSupport(app, fakes, step, before);
                if ('send' in step && step.send.type === 'support.open') opened = true;
              },
              observe: observeSupport,
              shown: (expected, state) => shownSupport(expected, state, opened),
              stop: (app) => app.system.stop(),
            },
            path,
          );
        },
        30_000,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// inbox: the account menu's unread count, as a person signs in (as a guest) and out

/** The steps a person can take (see the top of the file). */
const canTakeInbox = (step: SpecStep, before: InboxState): boolean => {
  if ('send' in step) {
    if (step.send.type === 'session.member') return before.phase === 'signedOut';
    if (step.send.type === 'session.visitor') return before.phase !== 'signedOut';
    return false;
  }
  if ('settle' in step) return step.output === 3 || step.output === 2.7;
  return true;
};

/** The session's storage as this tab left it: the guest's sign-in stays (the 5 s poll keeps it). */
function keptSignIn(): AppEffects['session'] {
  const { session } = fakeEffects();
  const marks = async (): Promise<AuthMarks> => ({
    token: GUEST.ok ? GUEST.token : null,
    loginTime: null,
    logoutTime: null,
    now: Date.now(),
  });
  return { ...session, actors: { ...session.actors, readAuthMarks: fromPromise(marks) } };
}

async function signInAsGuest() {
  await click(banner().getByRole('button', { name: 'Log in' }));
  await click(await screen.findByRole('button', { name: 'Continue as guest' }));
}

{
  const model = inboxSpec();
  describe(`inbox on the page against ${model.spec}`, () => {
    for (const path of firstPaths(model, pagePaths(model, canTakeInbox), 6)) {
      it(
        path.title,
        async () => {
          const fetchUnreadCount = controllable<[], number>();
          const guestLogin = controllable<[], SignInResult>();
          await replaySpecPathOnPage(
            model,
            {
              start: () =>
                startApp(
                  { fetchUnreadCount: fetchUnreadCount.fn, guestLogin: guestLogin.fn, session: keptSignIn() },
                  { status: 'none' },
                ),
              perform: async (app, step) => {
                if ('wait' in step) return act(() => app.clock.increment(step.wait));
                if ('send' in step) {
                  if (step.send.type === 'session.visitor') return signOut();
                  await signInAsGuest();
                  await guestLogin.resolve(GUEST);
                  await banner().findByRole('button', { name: /^Account menu for/ });
                  return;
                }
                return answer(fetchUnreadCount, step);
              },
              observe: accountMenu,
              shown: (expected, state) => ({
                member: state.phase !== 'signedOut',
                unread: (expected as { unread: number }).unread,
              }),
              stop: (app) => app.system.stop(),
            },
            path,
          );
        },
        30_000,
      );
    }
  });
}
