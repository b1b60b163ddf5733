// The keys that sign access tokens when JWT_SECRET is unset (issue 20, migration 009): kept in the
// database, so every process on one database signs and verifies with the same keys. A token's header names
// its key (`kid`); the key of the highest generation is the current one and signs new tokens, older keys
// only verify. `npm run keys -- rotate` (scripts/keys.ts) adds a new current key; the old ones are pruned
// once every token they can have signed has expired.
//
// Each process keeps the keys in memory (SigningKeys) and reads them again every `refreshMs` (so a
// rotation made elsewhere is signed with within a minute) and when a token names a key it does not know
// (so a token signed by a process that already uses the new key is accepted at once).
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';

/** The longest lifetime of any access token ("remember me"); signToken refuses longer ones. */
export const LONGEST_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** How often a process reads the keys again (a rotation elsewhere is used for signing after this). */
export const KEY_REFRESH_MS = 60_000;
/**
 * A key is deleted when its successor is older than this: the longest token lifetime, plus time for every
 * process to have moved to the successor (refreshMs) with a wide margin.
 */
export const KEY_RETENTION_SECONDS = LONGEST_TOKEN_TTL_SECONDS + 3600;

const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Whether a token header's kid can name a key at all (checked before asking the database). */
export const isKeyId = (kid: unknown): kid is string => typeof kid === 'string' && KEY_ID.test(kid);

export interface SigningKey {
  id: string;
  generation: number;
  createdAt: Date;
  /** The HMAC key (HS256). */
  key: Uint8Array;
}

export interface SigningKeyInfo {
  id: string;
  generation: number;
  createdAt: Date;
  current: boolean;
}

interface KeyRow {
  id: string;
  generation: number;
  secret: string;
  created_at: Date;
}

const COLUMNS = 'id, generation, secret, created_at';
const toKey = (row: KeyRow): SigningKey => ({
  id: row.id,
  generation: row.generation,
  createdAt: row.created_at,
  key: new Uint8Array(Buffer.from(row.secret, 'base64url')),
});
const newKey = (): [id: string, secret: string] => [
  randomBytes(9).toString('base64url'),
  randomBytes(32).toString('base64url'),
];

const readKeys = (q: Queryable): Promise<KeyRow[]> =>
  q.query<KeyRow>(`SELECT ${COLUMNS} FROM signing_keys ORDER BY generation`);

/**
 * Creates the first key unless there is one. Race-free: generation is unique, so of two processes that
 * both find the table empty one inserts generation 1 and the other's insert does nothing.
 */
export async function ensureSigningKey(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO signing_keys (id, generation, secret)
     SELECT $1, 1, $2 WHERE NOT EXISTS (SELECT 1 FROM signing_keys)
     ON CONFLICT DO NOTHING`,
    newKey(),
  );
}

/**
 * Adds a new current key (generation one above the highest). Two rotations at the same moment add one key
 * between them: the second finds the generation taken and does nothing. Returns the id of the key added,
 * or null when a concurrent rotation added it.
 */
export async function rotateSigningKey(q: Queryable): Promise<string | null> {
  const row = await q.maybeOne<{ id: string }>(
    `INSERT INTO signing_keys (id, generation, secret)
     SELECT $1, coalesce(max(generation), 0) + 1, $2 FROM signing_keys
     ON CONFLICT DO NOTHING
     RETURNING id`,
    newKey(),
  );
  return row?.id ?? null;
}

/**
 * Deletes the keys whose successor was made more than `olderThanSeconds` ago (default: the longest token
 * lifetime and a margin), i.e. keys no valid token can name any more. Never the current key. Returns the
 * ids deleted.
 */
export async function pruneSigningKeys(
  q: Queryable,
  olderThanSeconds: number = KEY_RETENTION_SECONDS,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `DELETE FROM signing_keys k
     WHERE EXISTS (
       SELECT 1 FROM signing_keys n
       WHERE n.generation > k.generation AND n.created_at < now() - make_interval(secs => $1)
     )
     RETURNING id`,
    [olderThanSeconds],
  );
  return rows.map((r) => r.id).sort();
}

/** The keys, oldest first, the current one marked. */
export async function listSigningKeys(q: Queryable): Promise<SigningKeyInfo[]> {
  const rows = await readKeys(q);
  const newest = rows.at(-1)?.generation;
  return rows.map((r) => ({
    id: r.id,
    generation: r.generation,
    createdAt: r.created_at,
    current: r.generation === newest,
  }));
}

export interface SigningKeysOptions {
  /** How long the keys read are used before reading them again; default KEY_REFRESH_MS. */
  refreshMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** One process's view of the database's keys: the current key to sign with, any key by id to verify. */
export class SigningKeys {
  readonly #db: Queryable;
  readonly #refreshMs: number;
  readonly #now: () => number;
  #keys = new Map<string, SigningKey>();
  #current: SigningKey | null = null;
  #loadedAt = -Infinity;
  #loading: Promise<void> | null = null;
  #pruned = false;

  constructor(db: Queryable, options: SigningKeysOptions = {}) {
    this.#db = db;
    this.#refreshMs = options.refreshMs ?? KEY_REFRESH_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Reads every key (creating the first one when there is none); concurrent callers share one read. */
  #load(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        if (!this.#pruned) {
          // once per process: the clean-up of keys no token can name any more
          await pruneSigningKeys(this.#db);
          this.#pruned = true;
        }
        let rows = await readKeys(this.#db);
        if (rows.length === 0) {
          await ensureSigningKey(this.#db);
          rows = await readKeys(this.#db);
        }
        const keys = rows.map(toKey);
        this.#keys = new Map(keys.map((k) => [k.id, k]));
        this.#current = keys.at(-1) ?? null;
        this.#loadedAt = this.#now();
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  #stale(): boolean {
    return this.#now() - this.#loadedAt >= this.#refreshMs;
  }

  /** The key new tokens are signed with. */
  async current(): Promise<SigningKey> {
    if (this.#current === null || this.#stale()) await this.#load();
    if (this.#current === null) throw new Error('signing_keys has no key after creating one');
    return this.#current;
  }

  /** The key a token's kid names, or null when there is no such key. */
  async byId(kid: string): Promise<SigningKey | null> {
    if (!isKeyId(kid)) return null;
    if (this.#stale()) {
      // keep verifying with the keys known when the database is briefly unreachable
      await this.#load().catch((error: unknown) => {
        if (this.#keys.size === 0) throw error;
      });
    }
    const known = this.#keys.get(kid);
    if (known !== undefined) return known;
    // A key made since the last read (a rotation by another process) or no key at all: one indexed
    // lookup, and a full read only when the key exists, so made-up kids cost no more than that lookup.
    const row = await this.#db.maybeOne<KeyRow>(`SELECT ${COLUMNS} FROM signing_keys WHERE id = $1`, [kid]);
    if (row === null) return null;
    await this.#load();
    return this.#keys.get(kid) ?? toKey(row);
  }

  /** Adds a new current key and signs with it from now on (in this process; others within refreshMs). */
  async rotate(): Promise<SigningKey> {
    await rotateSigningKey(this.#db);
    await this.#load();
    return this.current();
  }
}

// --- the process's database keys ----------------------------------------------------------------------
// Without JWT_SECRET, config.jwtSecret is null and the sign-in routes pass that null to signToken: "the
// database's keys". The app's auth plugin binds them here (useDatabaseKeys) for as long as the app is
// open. A process serves one database: apps on it (also through pools of their own) share its keys, which
// ready() checks, and an app on another database refuses to start.

interface Binding {
  db: Db;
  keys: SigningKeys;
  users: number;
}
const bindings: Binding[] = [];

/** Binds the database's keys as the process's own until release() (called by the auth plugin). */
export function useDatabaseKeys(db: Db): {
  keys: SigningKeys;
  /** Reads the keys (the first one created); rejects when another bound database has other keys. */
  ready: () => Promise<void>;
  release: () => void;
} {
  let binding = bindings.find((b) => b.db === db);
  if (binding === undefined) {
    binding = { db, keys: new SigningKeys(db), users: 0 };
    bindings.push(binding);
  }
  const own = binding;
  own.users += 1;
  let released = false;
  return {
    keys: own.keys,
    async ready() {
      const current = await own.keys.current();
      for (const other of bindings) {
        if (other !== own && (await other.keys.byId(current.id)) === null) {
          throw new Error(
            'Two databases in one process without JWT_SECRET: tokens are signed with the keys of the one ' +
              'database the process serves; set JWT_SECRET or serve one database',
          );
        }
      }
    },
    release() {
      if (released) return;
      released = true;
      own.users -= 1;
      if (own.users === 0) bindings.splice(bindings.indexOf(own), 1);
    },
  };
}

/** The process's database keys (what a null jwtSecret means); throws when no app has bound them. */
export function databaseKeys(): SigningKeys {
  const binding = bindings[0];
  if (binding === undefined) {
    throw new Error('No signing keys: JWT_SECRET is unset and no app has opened the database keys');
  }
  return binding.keys;
}
