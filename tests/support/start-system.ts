import {
  attachLoaded,
  providePageModules,
  startAppSystem,
  type ModuleLogic,
  type StartOptions,
} from '../../src/app/app-system.ts';
import { PAGE_MODULES } from '../../src/routes/-lib/page-modules.gen.ts';

providePageModules(PAGE_MODULES);
import { memberLogic } from '../../src/app/member-logic.ts';

/** Every page module of the registry, and the member's machines, loaded once for the machine tests. */
const everyModule: readonly ModuleLogic[] = [
  ...(await Promise.all(Object.values(PAGE_MODULES).map((load) => load()))).map((m) => m.default),
  memberLogic,
];

/**
 * The actor system with every actor of the registry running from the start: for tests that drive
 * machines without routes. In the browser, routes start them on demand (`ensure`).
 */
export function startTestSystem(options: StartOptions = {}) {
  const system = startAppSystem(options);
  attachLoaded(system, everyModule);
  return system;
}
