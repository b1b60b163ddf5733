// A person's actions while the page's clock stands still. Playwright's usual waits ("visible",
// "stable") count animation frames, and frames are fake time too: with the clock paused they
// never come. So these wait by polling from here, then act without the frame-based checks.
import type { Locator, Page } from 'playwright-core';
import { DEMO_MEMBER } from './runner.ts';

const WAIT_MS = 8_000;

/** Waits (in real time) until the element is there and visible. */
export async function visible(locator: Locator): Promise<Locator> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    if (await locator.isVisible().catch(() => false)) return locator;
    if (Date.now() > until) throw new Error(`Not visible within ${WAIT_MS / 1000} s: ${locator.toString()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function click(locator: Locator): Promise<void> {
  await (await visible(locator)).click({ force: true });
}

export async function hover(locator: Locator): Promise<void> {
  await (await visible(locator)).hover({ force: true });
}

export async function fill(locator: Locator, text: string): Promise<void> {
  await (await visible(locator)).fill(text, { force: true });
}

export async function check(locator: Locator, checked: boolean): Promise<void> {
  await (await visible(locator)).setChecked(checked, { force: true });
}

/** Opens an address inside the app as following a link does (no reload: the machines live on). */
export async function navigate(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const nav = (window as unknown as { __fruitReplayNavigate?: (href: string) => void })
      .__fruitReplayNavigate;
    if (!nav) throw new Error('The app was not started for a replay');
    nav(h);
  }, href);
}

/** Waits (in real time) until the page runs an actor of the machine (a page machine attaches lazily). */
export async function running(page: Page, machineId: string): Promise<void> {
  await page.waitForFunction(
    (m) =>
      (
        window as unknown as { __fruitReplayHandle?: { snapshotOf(m: string): unknown } }
      ).__fruitReplayHandle?.snapshotOf(m) != null,
    machineId,
    { timeout: WAIT_MS, polling: 25 },
  );
}

// ---------------------------------------------------------------------------------------------
// Member pages (cart, checkout, history, account): opening a page again, answers in the effect's
// own shape.

/** The address the page shows now (path and query). */
export const here = (page: Page): Promise<string> => page.evaluate(() => location.pathname + location.search);

/**
 * Opens an address as a person does. The member pages ask for their data when they mount: the
 * address already shown is left first (for /terms), as a person going back to it would.
 */
export async function openPage(page: Page, href: string): Promise<void> {
  if ((await here(page)) === href) {
    await navigate(page, '/terms');
    await visible(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
  }
  await navigate(page, href);
}

type Outcome = { output: unknown } | { error: { message: string; status?: number } };

/**
 * When an actor wraps its effect (its output is not the effect's answer), the replay settles the
 * held call with what the effect must have answered for the actor to output the path's value.
 * `translate` runs in the page (no closures): it gets the path's outcome and returns the effect's;
 * `then` (optional) names a second held effect the actor calls next and what it answers.
 * Installed once per page; the first action of a path calls it.
 */
export async function translateAnswers(
  page: Page,
  effect: string,
  translate: (outcome: Outcome) => Outcome & { then?: { effect: string; outcome: Outcome } },
): Promise<void> {
  await page.evaluate(`(() => {
    const handle = window.__fruitReplayHandle;
    const key = '__translated_' + ${JSON.stringify(effect)};
    if (!handle || handle[key]) return;
    handle[key] = true;
    const __name = (f) => f; // what a TypeScript loader may wrap named functions in
    const translate = ${translate.toString()};
    const settle = handle.settle.bind(handle);
    handle.settle = (effect, outcome) => {
      if (effect !== ${JSON.stringify(effect)}) return settle(effect, outcome);
      const { then, ...mine } = translate(outcome);
      const done = settle(effect, mine);
      if (done && then) {
        // the actor asks right after the first answer (microtasks: the page's clock stands still)
        let tries = 0;
        const next = () => {
          if (handle.pendingOf(then.effect) > 0) settle(then.effect, then.outcome);
          else if (tries++ < 10000) Promise.resolve().then(next);
        };
        next();
      }
      return done;
    };
  })()`);
}

/**
 * When an actor calls one of several effects (the cart's change: add or remove), the runner names
 * one: its settling goes to whichever of `effects` has a call waiting (the newest such call).
 * Installed once per page.
 */
export async function settleEither(page: Page, named: string, effects: string[]): Promise<void> {
  await page.evaluate(`(() => {
    const handle = window.__fruitReplayHandle;
    const named = ${JSON.stringify(named)};
    const all = ${JSON.stringify(effects)};
    const key = '__either_' + named;
    if (!handle || handle[key]) return;
    handle[key] = true;
    const pendingOf = handle.pendingOf.bind(handle);
    const settle = handle.settle.bind(handle);
    handle.pendingOf = (e) => (e === named ? all.reduce((sum, x) => sum + pendingOf(x), 0) : pendingOf(e));
    handle.settle = (e, o) => (e === named ? settle(all.find((x) => pendingOf(x) > 0) ?? named, o) : settle(e, o));
  })()`);
}

/** The demo member signs in through the header's login dialog, as the runner's `member` does. */
export async function signIn(page: Page): Promise<void> {
  await click(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
  await submitLoginDialog(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
}

/** In the open login dialog: the email form (past the providers if shown), filled and sent. */
async function submitLoginDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = loginDialogOf(page);
  await visibleLazy(page, dialog);
  const withEmail = dialog.getByRole('button', { name: 'Continue with Email' });
  if (await withEmail.isVisible()) await click(withEmail);
  await fill(dialog.getByLabel('Email', { exact: true }), email);
  await fill(dialog.getByLabel('Password', { exact: true }), password);
  await click(dialog.getByRole('button', { name: 'Log in', exact: true }));
}

/** "Log out" in the header's account menu (opened by keyboard, as a person without a mouse does). */
export async function logOut(page: Page): Promise<void> {
  const trigger = page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
  await (await visible(trigger)).focus();
  await page.keyboard.press('Enter');
  await click(page.getByRole('banner').getByRole('menuitem', { name: 'Log out' }));
}

/**
 * Keeps the page in the app when it leaves for the payment page (/dev-pay/…): that navigation is
 * answered "204 No Content", so the browser stays, and the machine can be seen in its last state
 * ("redirecting"). Without it the page and its machines are gone. Installed once per page.
 */
export async function stayForPayment(page: Page): Promise<void> {
  const marked = page as Page & { __stayForPayment?: boolean };
  if (marked.__stayForPayment) return;
  marked.__stayForPayment = true;
  await page.route(
    (url) => url.pathname.startsWith('/dev-pay/'),
    (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.continue()),
  );
}

// ---------------------------------------------------------------------------------------------
// Signing in and out as a person does (catalog and sign-in scripts)

/** The login / sign-up dialog, whichever its mode. */
export const loginDialogOf = (page: Page): Locator =>
  page.getByRole('dialog', { name: /^(Log in to|Sign up for) FruitPrompt$/ });

/**
 * Logs in with email and password through the login dialog (opening it from the header unless it
 * is open already), then waits until the header shows the account menu.
 */
export async function logInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  if (!(await loginDialogOf(page).isVisible()))
    await click(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
  await submitLoginDialog(page, email, password);
  await visibleLazy(page, page.getByRole('banner').getByRole('button', { name: /^Account menu for / }));
}

/** Logs out through the account menu in the header (by keyboard: no hover timers involved). */
export async function logOutThroughMenu(page: Page): Promise<void> {
  await logOut(page);
  await visible(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
}

/**
 * Waits for a part of the page that React shows through a lazy component (the dialogs of
 * src/shell/shell-dialogs.tsx). The first time such a part comes, React holds it back behind its
 * Suspense fallback for up to 300 ms of (fake) time; with the clock paused it would never come, so
 * after a short real wait the clock is moved on by that much.
 */
export async function visibleLazy(page: Page, locator: Locator): Promise<Locator> {
  const until = Date.now() + 1_500;
  while (Date.now() < until) {
    if (await locator.isVisible().catch(() => false)) return locator;
    await new Promise((r) => setTimeout(r, 50));
  }
  await page.clock.runFor(300);
  return visible(locator);
}

/**
 * Signs up with a new address through the login dialog (opening it from the header unless it is
 * open already), as far as the server's answer: "Check Your Email" follows.
 */
export async function signUpThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = loginDialogOf(page);
  if (!(await dialog.isVisible()))
    await click(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
  await visibleLazy(page, dialog);
  const withEmail = dialog.getByRole('button', { name: 'Continue with Email' });
  if (await withEmail.isVisible()) await click(withEmail);
  // the email form may still be rendering: unless the sign-up form is there, wait for its link
  const confirm = dialog.getByLabel('Confirm password', { exact: true });
  if (!(await confirm.isVisible()))
    await click(dialog.getByRole('button', { name: "Don't have an account? Sign up" }));
  await fill(dialog.getByLabel('Email', { exact: true }), email);
  await fill(dialog.getByLabel('Password', { exact: true }), password);
  await fill(confirm, password);
  await click(dialog.getByRole('button', { name: 'Sign up', exact: true }));
}

/**
 * `viewer.changed` as a person causes it: signing in (a member's token) or out (null) makes the
 * session announce the new viewer to the catalog actors. The demo member signs in through the
 * login dialog. Returns false when the page is already as asked (signed in for a token, signed
 * out for null): no person's action announces the same viewer again.
 */
export async function changeViewer(
  page: Page,
  viewer: string | null,
  member: { email: string; password: string },
): Promise<boolean> {
  const signedIn = await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .isVisible();
  if (viewer !== null && !signedIn) await logInThroughDialog(page, member.email, member.password);
  else if (viewer === null && signedIn) await logOutThroughMenu(page);
  else return false;
  return true;
}

/** A pointer on the header's "Log in": the sign-in machines load with this first sign-in intent. */
export async function hoverLogIn(page: Page): Promise<void> {
  await hover(page.getByRole('banner').getByRole('button', { name: 'Log in' }));
}
