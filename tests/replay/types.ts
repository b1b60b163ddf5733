// How a machine's spec paths (the paths of its independent model, tests/models/spec, as `npm run
// paths` lists them) become what a person does in the browser (`npm run replay`). A script only says
// where the machine's flow starts and which click, typing or address each of its events is; the
// replay checks after every step that the page's live actor shows, through its selectors, what the
// model expects.
import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

export interface StepContext {
  page: Page;
  /**
   * The page's live actor before this step (its state and context from the page, resolved on the
   * machine: `matches`, `hasTag` and `context` work). Before a page machine runs, its initial state.
   */
  before: AnyMachineSnapshot;
  /** The walk (tests/models/spec/index.ts) the path belongs to; '' for a machine with one walk. */
  walk: string;
  /**
   * The model's state before this step (the path's, as the jsdom replays have it): what the machine's
   * driver (tests/drivers) reads to find what the person acts on.
   */
  model: unknown;
}

/** What a comparison reads: the page's live actor, resolved on the machine, and the page. */
export interface LiveView {
  snapshot: AnyMachineSnapshot;
  page: Page;
  /** The ids of the actors the live actor runs (its children). */
  children: string[];
}

/**
 * A comparison for a key of the model's `expect` that no selector of the machine names (or names
 * with another meaning): what the page shows for it, and (optionally) the part of the model's value
 * that can be seen in the browser.
 */
export interface ScriptView {
  actual: (live: LiveView) => unknown;
  expected?: (value: unknown) => unknown;
}

export interface BrowserScript {
  /** The machine id (its `id`, and its name in tests/models/spec/index.ts). */
  machineId: string;
  /** When several actors run the machine (the two header menus), the one replayed. */
  systemId?: string;
  /**
   * The effects (keys of AppEffects) behind the machine's promise actors, by the actor's src name
   * (the name the model's `settle` / `fail` steps use; each invoke's id is its src): the replay holds
   * their calls and settles one when the path says, with the path's own output or error.
   */
  effects: Record<string, string>;
  /** The address the flow starts from (a page where the machine is still in its initial state). */
  start: string;
  /** Signed in as the demo member before the path starts. */
  member?: boolean;
  /**
   * For a machine loaded on demand (the sign-in machines): the person's action that loads it before
   * the path starts, such as a pointer on "Log in", so that events sent to the actor find it.
   */
  intent?: (page: Page) => Promise<void>;
  /**
   * The person's action for a path event; `false` when no person can take it (sent to the actor).
   * What a person does is the machine's driver (tests/drivers, shared with the jsdom page replays),
   * taken with `take` of tests/replay/person.ts.
   */
  act(event: AnyEventObject, step: StepContext): Promise<boolean | void>;
  /**
   * The walks of the machine's model this script can replay (default: every walk), when its actor
   * is one of several (the category menu, not the account menu).
   */
  walks?: string[];
  /** Comparisons for model keys the selectors do not name (they win over a selector of that name). */
  views?: Record<string, ScriptView>;
  /**
   * The spec path `npm test` replays for this machine: a path number as `npm run paths` shows it
   * ("12", or "dialogs-3" for a machine with several walks), or a unique part of its title.
   */
  testPath: string;
}
