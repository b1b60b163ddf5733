import { ensure, type AppSystem } from '../../app/app-system.ts';
import type { SystemId } from '../../../machines/system/registry.ts';

/**
 * beforeLoad of a page whose machines start on demand (docs/decisions/006-lazy-page-machines.md): the
 * page renders once they run. Preloads ensure them too: that only loads code and spawns idle machines.
 */
export const ensureFor =
  (...ids: SystemId[]) =>
  ({ context }: { context: { system: AppSystem } }): Promise<void> =>
    ensure(context.system, ...ids);
