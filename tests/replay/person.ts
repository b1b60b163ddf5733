// The Playwright interpreter of a person's actions (tests/support/page-driver.ts), for the browser
// scripts: things are found by role and accessible name (a whole name, as in jsdom) or by label,
// and acted on while the page's clock stands still (tests/replay/actions.ts: waits poll in real
// time, acts skip the frame-based checks).
import type { Locator, Page } from 'playwright-core';
import {
  actionsFor,
  describeAction,
  type Control,
  type PageDriver,
  type PersonAction,
} from '../support/page-driver.ts';
import { check, fill, here, hover, navigate, openPage, visible, visibleLazy } from './actions.ts';
import type { StepContext } from './types.ts';

/** Where the pointer rests when it leaves: a part of the page with nothing on it. */
const AWAY = { x: 640, y: 700 };

export function locate(page: Page, control: Control): Locator {
  const scope: Page | Locator = control.within ? locate(page, control.within) : page;
  const found =
    'label' in control
      ? scope.getByLabel(control.label, { exact: true })
      : scope.getByRole(control.role, {
          ...(control.name === undefined ? {} : { name: control.name, exact: true }),
          ...(control.expanded === undefined ? {} : { expanded: control.expanded }),
        });
  return 'first' in control && control.first ? found.first() : found;
}

/**
 * A click where a person's lands: an element the sticky header or footer covers (or out of the
 * window) is scrolled to the middle first, as a person would before clicking it.
 */
async function clickShown(locator: Locator): Promise<void> {
  const element = await visible(locator);
  await element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !(hit === el || el.contains(hit))) el.scrollIntoView({ block: 'center' });
  });
  await element.click({ force: true });
}

async function one(page: Page, action: PersonAction): Promise<void> {
  switch (action.do) {
    case 'open':
      if ((await here(page)) === action.href) {
        if (action.shown === 'stay') return;
        if (action.shown === 'again') return navigate(page, action.href);
      }
      return openPage(page, action.href);
    case 'click':
      return clickShown(locate(page, action.on));
    case 'fill':
      return fill(locate(page, action.on), action.text);
    case 'blur':
      await (
        await visible(locate(page, action.on))
      ).evaluate((el: HTMLElement) => {
        el.focus();
        el.blur();
      });
      return;
    case 'press':
      if (action.on) return (await visible(locate(page, action.on))).press(action.key);
      return page.keyboard.press(action.key);
    case 'hover':
      return hover(locate(page, action.on));
    case 'unhover':
      return page.mouse.move(AWAY.x, AWAY.y);
    case 'check':
      return check(locate(page, action.on), action.checked);
    case 'choose':
      await (await visible(locate(page, action.on))).selectOption(action.value, { force: true });
      return;
    case 'upload': {
      // a file input is usually hidden behind its label: the part it is in must show
      if (action.on.within) await visible(locate(page, action.on.within));
      const { name, type, size } = action.file;
      await locate(page, action.on).setInputFiles({ name, mimeType: type, buffer: Buffer.alloc(size) });
      return;
    }
    case 'remember':
      await page.evaluate(
        ([key, value]) =>
          value === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, value),
        [action.key, action.value] as const,
      );
      return;
    case 'see':
      await visibleLazy(page, locate(page, action.on));
      return;
  }
}

export async function perform(page: Page, actions: PersonAction[]): Promise<void> {
  for (const action of actions) {
    try {
      await one(page, action);
    } catch (error) {
      throw new Error(
        `${describeAction(action)}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        { cause: error },
      );
    }
  }
}

/**
 * A browser script's `act` through a driver: the driver's actions for the event, on the model's state
 * before the step; false (the runner hands the event to the actor) when the driver has none.
 */
export async function take<S>(driver: PageDriver<S>, event: { type: string }, step: StepContext) {
  const actions = actionsFor(driver, event, step.model as S);
  if (!actions) return false;
  await perform(step.page, actions);
  return true;
}
