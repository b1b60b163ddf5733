// The jsdom interpreter of a person's actions (tests/support/page-driver.ts): things are found with
// Testing Library's queries by role and accessible name or by label, clicks land through the hands
// the harness gives (user-event's, or a bare click event), addresses open through the app's router.
// After each action the app runs a turn of the event loop (on the fake clock when one runs), as the
// view model tests let it before they read the page.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyEventObject } from 'xstate';
import {
  actionsFor,
  describeAction,
  type Control,
  type PageDriver,
  type PersonAction,
} from '../../support/page-driver.ts';
import { settle } from './controllable.ts';

interface Navigable {
  router: {
    state: { location: { href: string } };
    navigate: (options: { href: string }) => Promise<unknown>;
  };
}

export interface JsdomPersonOptions {
  /**
   * The hands clicks go through: user-event's (the app's `user`, or a test's own setup, with its
   * pointer walk and focus changes). Without: a bare click event, as a person's click lands (faster,
   * and what a harness on Vitest's fake timers needs).
   */
  user?: UserEvent;
  /** The page without the machine that `open` leaves for when the address is already shown. */
  elsewhere?: string;
}

/** The element a control names: there must be exactly one (or `first` of several). */
export function findControl(control: Control): HTMLElement {
  const scope = control.within ? within(findControl(control.within)) : screen;
  if ('label' in control) return scope.getByLabelText(control.label);
  const options = { name: control.name, expanded: control.expanded };
  return control.first
    ? scope.getAllByRole(control.role, options)[0]!
    : scope.getByRole(control.role, options);
}

export interface JsdomPerson {
  perform(actions: PersonAction[]): Promise<void>;
  /** The driver's actions for a sent event (an event no person causes on the page is a mistake here). */
  take<S>(driver: PageDriver<S>, event: AnyEventObject, before: S): Promise<void>;
}

/** Where each app's pointer rests (a person made for a step knows where the last one left it). */
const pointers = new WeakMap<Navigable, HTMLElement>();

export function jsdomPerson(app: Navigable, options: JsdomPersonOptions = {}): JsdomPerson {
  const { user, elsewhere = '/terms' } = options;

  const navigate = async (href: string) => {
    await act(async () => {
      await app.router.navigate({ href });
    });
  };
  const press = async (el: HTMLElement) => {
    if (user) await user.click(el);
    else fireEvent.click(el);
  };

  async function one(action: PersonAction): Promise<void> {
    switch (action.do) {
      case 'open': {
        if (app.router.state.location.href === action.href) {
          if (action.shown === 'stay') return;
          if (action.shown !== 'again') await navigate(elsewhere);
        }
        await navigate(action.href);
        // the page asks for its data as it is entered: a turn for the route, one for the request
        await settle();
        return settle();
      }
      case 'click':
        await press(findControl(action.on));
        return settle();
      case 'fill':
        fireEvent.change(findControl(action.on), { target: { value: action.text } });
        return settle();
      case 'blur':
        fireEvent.blur(findControl(action.on));
        return settle();
      case 'press':
        fireEvent.keyDown(action.on ? findControl(action.on) : (document.activeElement ?? document.body), {
          key: action.key,
        });
        return settle();
      case 'hover': {
        const el = findControl(action.on);
        if (user) await user.hover(el);
        else {
          fireEvent.pointerEnter(el);
          fireEvent.mouseEnter(el);
        }
        pointers.set(app, el);
        return settle();
      }
      case 'unhover': {
        const el = pointers.get(app);
        if (!el) return;
        pointers.delete(app);
        if (user) await user.unhover(el);
        else {
          fireEvent.pointerLeave(el);
          fireEvent.mouseLeave(el);
        }
        return settle();
      }
      case 'check': {
        const box = findControl(action.on) as HTMLInputElement;
        if (box.checked === action.checked) return;
        await press(box);
        return settle();
      }
      case 'choose':
        fireEvent.change(findControl(action.on), { target: { value: action.value } });
        return settle();
      case 'upload': {
        const { name, type, size } = action.file;
        const file = new File([new Uint8Array(size)], name, { type });
        fireEvent.change(findControl(action.on), { target: { files: [file] } });
        return settle();
      }
      case 'remember':
        if (action.value === null) localStorage.removeItem(action.key);
        else localStorage.setItem(action.key, action.value);
        return;
      case 'see':
        for (let turn = 0; turn < 50; turn++) {
          try {
            findControl(action.on);
            return;
          } catch {
            await settle();
          }
        }
        findControl(action.on);
        return;
    }
  }

  const perform = async (actions: PersonAction[]) => {
    for (const action of actions) {
      try {
        await one(action);
      } catch (error) {
        throw new Error(
          `${describeAction(action)}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          { cause: error },
        );
      }
    }
  };

  return {
    perform,
    async take(driver, event, before) {
      const actions = actionsFor(driver, event, before);
      if (!actions) throw new Error(`No person's action for ${event.type} on the page`);
      await perform(actions);
    },
  };
}
