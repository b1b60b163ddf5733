// Prompt views counted in batches (issue 19): the detail call records a view without writing; the views
// gathered are written every so often, or once there are enough of them, in one statement (recordViews).
// A view count is a popularity signal, so a view may reach the database a moment late, and views still
// buffered when the process dies without close() are lost. A signed-in viewer's row (prompt_views, read
// by recommendations) is written with the same batch, viewed_at the time of their latest view.
import type { Queryable } from '../db/index.ts';
import { recordViews, type ViewBatch } from './repository.ts';

export interface ViewCounterOptions {
  /** Writes the buffered views this long after the first of them (default 1000 ms). */
  flushEveryMs?: number;
  /** Writes at once when this many views are buffered (default 500). */
  flushAtViews?: number;
  /** Told when a write fails (its views are dropped); default: a line on stderr. */
  onError?: (error: unknown, views: number) => void;
}

const defaultOnError = (error: unknown, views: number): void => {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`view counts: could not write ${views} views: ${reason}\n`);
};

export class ViewCounter {
  private readonly flushEveryMs: number;
  private readonly flushAtViews: number;
  private readonly onError: (error: unknown, views: number) => void;
  /** Views per prompt since the last write. */
  private views = new Map<number, number>();
  /** Signed-in viewers since the last write: "user prompt" → the latest view. */
  private viewers = new Map<string, ViewBatch['viewers'][number]>();
  private pending = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The writes in progress, one after the other. */
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Queryable,
    options: ViewCounterOptions = {},
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 1000;
    this.flushAtViews = options.flushAtViews ?? 500;
    this.onError = options.onError ?? defaultOnError;
  }

  /** Counts one view of a prompt, by a signed-in user or anonymous (null). Never waits, never throws. */
  record(promptId: number, userId: string | null): void {
    if (this.closed) return;
    this.views.set(promptId, (this.views.get(promptId) ?? 0) + 1);
    if (userId !== null)
      this.viewers.set(`${userId} ${promptId}`, { userId, promptId, viewedAt: new Date() });
    this.pending++;
    if (this.pending >= this.flushAtViews) {
      void this.flush();
    } else if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
      this.timer.unref();
    }
  }

  /** How many views are buffered, not yet written. */
  get buffered(): number {
    return this.pending;
  }

  /** Writes the buffered views; resolves when they (and any write before) are written or have failed. */
  flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending === 0) return this.writing;
    const batch: ViewBatch = {
      views: [...this.views].map(([promptId, count]) => ({ promptId, count })),
      viewers: [...this.viewers.values()],
    };
    const views = this.pending;
    this.views = new Map();
    this.viewers = new Map();
    this.pending = 0;
    this.writing = this.writing.then(async () => {
      try {
        await recordViews(this.db, batch);
      } catch (error) {
        this.onError(error, views);
      }
    });
    return this.writing;
  }

  /** Stops counting: writes what is buffered; later views are ignored. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
