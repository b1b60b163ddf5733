// One signal for "the catalog changed": prompts added, edited or removed (seeding, a catalog import).
// Whatever keeps answers made from the catalog (the anonymous answer cache, list totals, the search
// vocabulary's memo) listens and drops them. Sales and views do not fire it: they move the popularity
// order a little, and the caches' freshness window (30 s) covers that.
export type CatalogListener = () => void;

export class CatalogChanges {
  private readonly listeners = new Set<CatalogListener>();
  private count = 0;

  /** How many changes there have been (answers made before a change are not kept). */
  get version(): number {
    return this.count;
  }

  /** Calls listener after every change; returns the function that stops it. */
  onChange(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The catalog changed: every listener drops what it kept. */
  changed(): void {
    this.count += 1;
    for (const listener of this.listeners) listener();
  }
}
