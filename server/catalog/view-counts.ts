// Prompt views counted in batches (issue 19): the detail call records a view without writing; the views
// gathered are written every so often, or once there are enough of them, in one statement (recordViews).
// A view count is a popularity signal, so a view may reach the database a moment late, and views still
// buffered when the process dies without close() are lost. A signed-in viewer's row (prompt_views, read
// by recommendations) is written with the same batch, viewed_at the time of their latest view.
import type { Queryable } from '../db/index.ts';

/**
 * Counts one view of a prompt (everyone), and remembers it for a signed-in viewer (recommendations):
 * one statement, one row per viewer and prompt.
 */
export async function recordView(db: Queryable, promptId: number, userId: string | null): Promise<void> {
  await db.query(
    `WITH counted AS (UPDATE prompts SET views = views + 1 WHERE id = $1 RETURNING id)
     INSERT INTO prompt_views (user_id, prompt_id)
     SELECT $2::uuid, id FROM counted WHERE $2::uuid IS NOT NULL
     ON CONFLICT (user_id, prompt_id) DO UPDATE SET viewed_at = now()`,
    [promptId, userId],
  );
}

/** Views counted together (ViewCounter): per prompt, and the signed-in viewers. */
export interface ViewBatch {
  /** How many views each prompt got. */
  views: { promptId: number; count: number }[];
  /** One row per viewer and prompt: when they last viewed it. */
  viewers: { userId: string; promptId: number; viewedAt: Date }[];
}

/**
 * Counts a batch of views in one statement, like recordView for each: the prompts' view counts, and each
 * signed-in viewer's row (viewed_at their latest view). Prompts or users that no longer exist are
 * skipped. The prompts are locked in id order, so two batches written at once cannot deadlock.
 */
export async function recordViews(db: Queryable, batch: ViewBatch): Promise<void> {
  if (batch.views.length === 0 && batch.viewers.length === 0) return;
  const viewers = new Map<string, ViewBatch['viewers'][number]>();
  for (const v of batch.viewers) {
    const key = `${v.userId} ${v.promptId}`;
    const seen = viewers.get(key);
    if (seen === undefined || seen.viewedAt < v.viewedAt) viewers.set(key, v);
  }
  const rows = [...viewers.values()];
  await db.query(
    `WITH v AS (
       SELECT prompt_id, sum(n)::integer AS n FROM unnest($1::integer[], $2::integer[]) AS v(prompt_id, n)
       GROUP BY prompt_id),
     locked AS (SELECT p.id FROM prompts p JOIN v ON v.prompt_id = p.id ORDER BY p.id FOR UPDATE OF p),
     counted AS (
       UPDATE prompts p SET views = p.views + v.n FROM v
       WHERE p.id = v.prompt_id AND p.id IN (SELECT id FROM locked) RETURNING p.id)
     INSERT INTO prompt_views AS pv (user_id, prompt_id, viewed_at)
     SELECT w.user_id, w.prompt_id, w.viewed_at
     FROM unnest($3::uuid[], $4::integer[], $5::timestamptz[]) AS w(user_id, prompt_id, viewed_at)
     WHERE EXISTS (SELECT 1 FROM prompts p WHERE p.id = w.prompt_id)
       AND EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)
     ON CONFLICT (user_id, prompt_id) DO UPDATE SET viewed_at = GREATEST(pv.viewed_at, EXCLUDED.viewed_at)`,
    [
      batch.views.map((v) => v.promptId),
      batch.views.map((v) => v.count),
      rows.map((v) => v.userId),
      rows.map((v) => v.promptId),
      rows.map((v) => v.viewedAt.toISOString()),
    ],
  );
}

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
