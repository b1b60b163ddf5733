// What a person does on the app's pages, said once for both replays of a model path (issue 36): the
// view model tests in jsdom (tests/views/*.model.test.tsx) and the browser scripts in Chromium
// (tests/replay/scripts). A machine's driver (tests/drivers/<machine>.ts) turns each event of its
// model a person can cause into a list of these actions, found by role and accessible name or by
// label as a person (and assistive technology) finds things; each back-end has its own interpreter:
// tests/views/support/person.ts (Testing Library, the app's router) and tests/replay/person.ts
// (Playwright). Nothing here knows either back-end. The answers of held calls (`settle`, `fail`) and
// time passing (`wait`) are not a person's: each harness takes them itself.
import type { AnyEventObject } from 'xstate';

/** An accessible name: the whole name (exact, as Testing Library matches it), or a pattern. */
export type Name = string | RegExp;

/** The roles the drivers look for. */
export type Role =
  | 'alert'
  | 'article'
  | 'banner'
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'dialog'
  | 'form'
  | 'group'
  | 'main'
  | 'region'
  | 'switch'
  | 'textbox';

/** Something on the page found by its role and accessible name. */
export interface ByRole {
  role: Role;
  name?: Name;
  /** A disclosure button that is open (true) or closed (false). */
  expanded?: boolean;
  /** The landmark, region, dialog, article or form it is in (else anywhere on the page). */
  within?: ByRole;
  /** The first of several alike (else there is exactly one). */
  first?: boolean;
}

/** A form field found by its label. */
export interface ByLabel {
  label: Name;
  within?: ByRole;
}

export type Control = ByRole | ByLabel;

/** A file a person picks: its name, type and size (its bytes do not matter to the page). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

export type PersonAction =
  /**
   * Opens an address inside the app, as following a link does (the machines live on). When it is the
   * address shown: `leave` (default) goes to a page without the machine first and comes back, as a
   * person going back to it; `stay` does nothing; `again` follows the link once more.
   */
  | { do: 'open'; href: string; shown?: 'leave' | 'stay' | 'again' }
  | { do: 'click'; on: Control }
  /** Replaces a field's text, as typing or pasting leaves it (one change, not a key at a time). */
  | { do: 'fill'; on: Control; text: string }
  /** The field loses the focus. */
  | { do: 'blur'; on: Control }
  /** A key pressed on a control (or wherever the focus is). */
  | { do: 'press'; key: string; on?: Control }
  | { do: 'hover'; on: Control }
  /** The pointer leaves for a part of the page with nothing on it. */
  | { do: 'unhover' }
  /** A checkbox or switch set on or off (nothing happens when it already is). */
  | { do: 'check'; on: Control; checked: boolean }
  /** An option of a select chosen by its value. */
  | { do: 'choose'; on: Control; value: string }
  | { do: 'upload'; on: Control; file: PickedFile }
  /**
   * What this device remembers from an earlier visit (local storage; null: nothing), as the pages read
   * it: set before the action that makes the page read it.
   */
  | { do: 'remember'; key: string; value: string | null }
  /** Waits until the person sees it (a part the page may show a moment later, or lazily). */
  | { do: 'see'; on: Control };

// ---------------------------------------------------------------------------------------------
// Finding things

export const byRole = (role: Role, name?: Name, more: Omit<ByRole, 'role' | 'name'> = {}): ByRole => ({
  role,
  ...(name === undefined ? {} : { name }),
  ...more,
});
export const main: ByRole = { role: 'main' };
export const banner: ByRole = { role: 'banner' };
export const region = (name: Name): ByRole => byRole('region', name);
export const dialog = (name?: Name): ByRole => byRole('dialog', name);
export const button = (name: Name, within?: ByRole): ByRole =>
  byRole('button', name, within ? { within } : {});
export const textbox = (name: Name, within?: ByRole): ByRole =>
  byRole('textbox', name, within ? { within } : {});
export const labelled = (label: Name, within?: ByRole): ByLabel => (within ? { label, within } : { label });

// ---------------------------------------------------------------------------------------------
// Doing things

export const open = (href: string, shown?: 'leave' | 'stay' | 'again'): PersonAction =>
  shown ? { do: 'open', href, shown } : { do: 'open', href };
export const click = (on: Control): PersonAction => ({ do: 'click', on });
export const fill = (on: Control, text: string): PersonAction => ({ do: 'fill', on, text });
export const blur = (on: Control): PersonAction => ({ do: 'blur', on });
export const press = (key: string, on?: Control): PersonAction =>
  on ? { do: 'press', key, on } : { do: 'press', key };
export const hover = (on: Control): PersonAction => ({ do: 'hover', on });
export const unhover = (): PersonAction => ({ do: 'unhover' });
export const check = (on: Control, checked: boolean): PersonAction => ({ do: 'check', on, checked });
export const choose = (on: Control, value: string): PersonAction => ({ do: 'choose', on, value });
export const upload = (on: Control, file: PickedFile): PersonAction => ({ do: 'upload', on, file });
export const remember = (key: string, value: string | null): PersonAction => ({ do: 'remember', key, value });
export const see = (on: Control): PersonAction => ({ do: 'see', on });

// ---------------------------------------------------------------------------------------------
// Drivers

/**
 * A machine's driver: for each event type a person can cause, what they do, from the event and the
 * model's state before the step (both back-ends replay the same model paths, so both have it); null
 * where the page offers no way to cause it in that state.
 */
export type PageDriver<S> = Record<string, (event: AnyEventObject, before: S) => PersonAction[] | null>;

/** The person's actions for a sent event; null when no person causes it here. */
export function actionsFor<S>(
  driver: PageDriver<S>,
  event: AnyEventObject,
  before: S,
): PersonAction[] | null {
  const actions = Object.hasOwn(driver, event.type) ? driver[event.type] : undefined;
  return actions ? actions(event, before) : null;
}

const nameText = (name: Name | undefined) =>
  name === undefined ? '' : typeof name === 'string' ? ` “${name}”` : ` ${String(name)}`;

/** A control in words, outermost container last ("button “Try again” in region “Coupons”"). */
function describeControl(control: Control): string {
  const own =
    'label' in control
      ? `field labelled${nameText(control.label)}`
      : `${control.first ? 'first ' : ''}${control.role}${nameText(control.name)}${control.expanded === undefined ? '' : control.expanded ? ' (open)' : ' (closed)'}`;
  return control.within ? `${own} in ${describeControl(control.within)}` : own;
}

/** An action in words, for reports. */
export function describeAction(action: PersonAction): string {
  switch (action.do) {
    case 'open':
      return `open ${action.href}`;
    case 'fill':
      return `fill ${describeControl(action.on)} with ${JSON.stringify(action.text)}`;
    case 'press':
      return `press ${action.key}${action.on ? ` on ${describeControl(action.on)}` : ''}`;
    case 'unhover':
      return 'move the pointer away';
    case 'check':
      return `${action.checked ? 'check' : 'uncheck'} ${describeControl(action.on)}`;
    case 'choose':
      return `choose ${JSON.stringify(action.value)} in ${describeControl(action.on)}`;
    case 'upload':
      return `upload ${action.file.name} to ${describeControl(action.on)}`;
    case 'remember':
      return `the device remembers ${action.key}=${JSON.stringify(action.value)}`;
    default:
      return `${action.do} ${describeControl(action.on)}`;
  }
}
