import { ensure, type AppSystem } from '../../app/app-system.ts';
import type { SystemId } from '../../../machines/app/registry.ts';

/**
 * beforeLoad of a page whose machines start on demand (docs/decisions/006-lazy-page-machines.md): the
 * page renders once they run. Preloads ensure them too: that only loads code and spawns idle machines.
 * The ids go into the route's context (`machines`), so once a navigation settles the router stops the
 * page machines that no route on screen names (src/router.tsx, `release`).
 */
export const ensureFor =
  (...ids: SystemId[]) =>
  async ({ context }: { context: { system: AppSystem } }): Promise<{ machines: SystemId[] }> => {
    await ensure(context.system, ...ids);
    return { machines: ids };
  };
