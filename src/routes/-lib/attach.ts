import { attachPageMachines, type AppSystem, type PageGroup } from '../../system/app-system.ts';

/**
 * beforeLoad of a page whose machines attach on demand (docs/decisions/006-lazy-page-machines.md):
 * the page renders once they run. Preloads attach too: that only loads code and spawns idle machines.
 */
export const attachFor =
  (...groups: PageGroup[]) =>
  ({ context }: { context: { system: AppSystem } }): Promise<void> =>
    attachPageMachines(context.system, ...groups);
