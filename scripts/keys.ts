// `npm run keys -- <list|rotate|prune>`: the token signing keys kept in the database (migration 009,
// server/auth/signing-keys.ts), which sign access tokens when JWT_SECRET is unset.
//   list    the keys: id (a token header's kid), generation, created, which is current
//   rotate  adds a new current key. Running processes sign with it within a minute (at once when they
//           see a token of it); tokens of the old keys stay valid until they expire.
//   prune   deletes the keys no valid token can name any more (their successor is older than the longest
//           token lifetime). Servers also do this when they start.
// It works on the configured database (DATABASE_URL, or the embedded one in DATA_DIR: then only while the
// server is stopped, since the embedded database belongs to one process at a time).
import { pathToFileURL } from 'node:url';
import {
  listSigningKeys,
  pruneSigningKeys,
  rotateSigningKey,
  LONGEST_TOKEN_TTL_SECONDS,
} from '../server/auth/signing-keys.ts';
import { exitWith, loadCommandConfig, withCommandDb } from './lib/command-config.ts';
import type { Db } from '../server/db/index.ts';

const USAGE = `Usage: npm run keys -- list | rotate | prune

  list    the signing keys (id = the kid of a token's header), the current one marked
  rotate  add a new current key; tokens signed with older keys keep working until they expire
  prune   delete keys whose tokens have all expired (successor older than ${LONGEST_TOKEN_TTL_SECONDS / 86400} days + 1 hour)
`;

const table = async (db: Db): Promise<string> => {
  const keys = await listSigningKeys(db);
  if (keys.length === 0) return 'No signing keys yet (the first server start creates one).\n';
  const rows = keys.map((k) => [
    k.id,
    String(k.generation),
    k.createdAt.toISOString(),
    k.current ? 'current' : '',
  ]);
  const head = ['id', 'generation', 'created', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return (
    [head, ...rows]
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
};

/** Runs one command on an open database; returns the exit code. Written out through `out`. */
export async function runKeysCommand(
  db: Db,
  args: readonly string[],
  out: (text: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  if (rest.length > 0 || (command !== 'list' && command !== 'rotate' && command !== 'prune')) {
    out(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const migrated = await db.one<{ t: string | null }>(`SELECT to_regclass('signing_keys')::text AS t`);
  if (migrated.t === null) {
    out('The database has no signing_keys table yet: run `npm run migrate` first.\n');
    return 1;
  }
  if (command === 'rotate') {
    const id = await rotateSigningKey(db);
    out(
      id !== null
        ? `Added key ${id}; it is the current key now.\n`
        : 'Another rotation added a key just now.\n',
    );
  } else if (command === 'prune') {
    const deleted = await pruneSigningKeys(db);
    out(
      deleted.length > 0
        ? `Deleted ${deleted.length} key(s): ${deleted.join(', ')}\n`
        : 'Nothing to prune.\n',
    );
  }
  out(await table(db));
  return 0;
}

async function main(): Promise<number> {
  const config = loadCommandConfig();
  if (config === null) return 1;
  if (config.jwtSecret !== null) {
    process.stderr.write(
      'Note: this configuration signs tokens with ' +
        (process.env.JWT_SECRET?.trim()
          ? 'JWT_SECRET'
          : `the earlier version's ${config.dataDir}/jwt-secret`) +
        ', not with the keys below.\n',
    );
  }
  return withCommandDb(config, (db) =>
    runKeysCommand(db, process.argv.slice(2), (text) => process.stdout.write(text)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) exitWith('keys', main);
