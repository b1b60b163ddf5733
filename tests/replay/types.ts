// How a machine's model paths become what a person does in the browser (`npm run replay`). The
// paths themselves come from tests/models (the ones the tests replay); a script only says where
// the machine's flow starts and which click, typing or address each of its events is.
import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

export interface StepContext {
  page: Page;
  /** The snapshot the path expects before this step. */
  before: AnyMachineSnapshot;
  /** The snapshot the path expects after it. */
  after: AnyMachineSnapshot;
}

export interface BrowserScript {
  /** The machine id (tests/models). */
  machineId: string;
  /** When several actors run the machine (the two header menus), the one replayed. */
  systemId?: string;
  /**
   * The effects (keys of AppEffects) behind the machine's promise actors, by invoke id: the replay
   * holds their calls and settles each when the path has `xstate.done.actor.<id>` or
   * `xstate.error.actor.<id>`, with the path's own output or error.
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
  /** The person's action for a path event; `false` when no person can take it (sent to the actor). */
  act(event: AnyEventObject, step: StepContext): Promise<boolean | void>;
  /** The path `npm test` replays for this machine (a catalogue number or a part of its description). */
  testPath: string;
}
