// Rendered example images, cached by content key: on disk under $DATA_DIR/cache/images in the server, in
// memory in tests. Concurrent requests for the same image share one rendering.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ImageStore {
  get(key: string): Promise<Buffer | null>;
  set(key: string, bytes: Buffer): Promise<void>;
}

export const memoryImageStore = (): ImageStore => {
  const entries = new Map<string, Buffer>();
  return {
    get: async (key) => entries.get(key) ?? null,
    set: async (key, bytes) => {
      entries.set(key, bytes);
    },
  };
};

/** Files named by key; written to a temporary name first so a reader never sees half an image. */
export const diskImageStore = (dir: string): ImageStore => {
  let ready: Promise<unknown> | null = null;
  return {
    async get(key) {
      try {
        return await readFile(join(dir, `${key}.webp`));
      } catch {
        return null;
      }
    },
    async set(key, bytes) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const tmp = join(dir, `${key}.${process.pid}.${Date.now()}.tmp`);
      await writeFile(tmp, bytes);
      await rename(tmp, join(dir, `${key}.webp`));
    },
  };
};

export const sha1 = (text: string | Buffer): string => createHash('sha1').update(text).digest('hex');

export class ImageCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(private readonly store: ImageStore) {}

  /** The cached bytes of key, rendering (once, even for concurrent callers) on a miss. */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = await this.store.get(key);
    if (cached !== null) return cached;
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = (async () => {
        const bytes = await render();
        // A full disk costs the cache, not the answer.
        await this.store.set(key, bytes).catch(() => {});
        return bytes;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}
