// A throwaway PostgreSQL cluster for the bench: Debian's server binaries (/usr/lib/postgresql/<newest>/bin,
// or PG_BIN), installed with `apt-get install -y postgresql` when they are missing and the bench runs as
// root; `initdb` into a fresh temporary directory, `pg_ctl start` on a free port of 127.0.0.1 (and a Unix
// socket in that directory only), databases made on demand, and stop() stops the server and deletes the
// directory. The cluster is also stopped and deleted when the bench process exits any other way (an error,
// Ctrl-C); only a SIGKILL of the bench leaves it behind (a `fruitprompt-bench-pg-*` directory in the temp
// folder and a postgres process started from it).
//
// initdb and the server refuse to run as root, so as root both run as the `postgres` system user (which
// Debian's package creates) through `runuser -u postgres --`, in a directory owned by that user.
//
// Settings: durability is off (fsync, synchronous_commit, full_page_writes): nothing in a scratch cluster
// needs to survive a crash, and the bench measures reads. Everything the planner and executor use keeps
// PostgreSQL's defaults (shared_buffers 128 MB, work_mem 4 MB, JIT, parallel workers), like a fresh install.
// The databases use the C collation with a C.UTF-8 character type, which is what PGlite's databases have,
// so sorting and lower() behave the same on both engines.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../tests/support/free-port.ts';

const run = promisify(execFile);

/** What the bench changes from PostgreSQL's defaults (passed as `-c name=value` to the server). */
export const BENCH_PG_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '100',
};

export interface PgCluster {
  /** The server's version, as `SHOW server_version` gives it (e.g. "15.18 (Debian 15.18-0+deb12u1)"). */
  version: string;
  bin: string;
  dir: string;
  port: number;
  /** The settings changed from the defaults, and a few defaults that matter for reading the numbers. */
  settings: Record<string, string>;
  /** Creates an empty database and returns its DATABASE_URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and deletes the cluster's directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface PgBinaries {
  bin: string;
  /** The system user initdb and the server run as (null: as ourselves, when we are not root). */
  runAs: string | null;
}

export interface PgOptions {
  /** apt-get's output, when it has to install PostgreSQL. */
  logFile: string;
  log: (line: string) => void;
  /** false: never install, only use what is there. */
  install?: boolean;
  /** Where the versions' folders are (tests); default /usr/lib/postgresql. */
  pgRoot?: string;
}

const isRoot = () => process.getuid?.() === 0;

/** The newest /usr/lib/postgresql/<version>/bin with initdb, pg_ctl and postgres (PG_BIN first). */
export function findPgBin(root = '/usr/lib/postgresql'): string | null {
  const dirs = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(existsSync(root)
      ? readdirSync(root)
          .filter((v) => /^\d+(\.\d+)?$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => join(root, v, 'bin'))
      : []),
  ];
  return (
    dirs.find((d) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(d, tool)))) ?? null
  );
}

/**
 * The server binaries, installing Debian's `postgresql` package first when they are missing and we are
 * root (apt-get's output goes to logFile). Throws an Error whose message says why PostgreSQL can't be had.
 */
export async function pgBinaries(opts: PgOptions): Promise<PgBinaries> {
  let bin = findPgBin(opts.pgRoot);
  if (bin === null) {
    if (!isRoot() || opts.install === false) {
      throw new Error(
        "PostgreSQL's server binaries are not installed (no /usr/lib/postgresql/*/bin/initdb, PG_BIN unset)" +
          (isRoot()
            ? ''
            : ' and the bench is not root, so it cannot install them: apt-get install postgresql'),
      );
    }
    opts.log(`PostgreSQL is not installed: apt-get install -y postgresql (log ${opts.logFile})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const apt = async (args: string[]) => {
      try {
        const { stdout, stderr } = await run('apt-get', args, { env, maxBuffer: 64 * 1024 * 1024 });
        writeFileSync(opts.logFile, `$ apt-get ${args.join(' ')}\n${stdout}${stderr}`, { flag: 'a' });
        return true;
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; message: string };
        writeFileSync(
          opts.logFile,
          `$ apt-get ${args.join(' ')}\n${e.stdout ?? ''}${e.stderr ?? e.message}\n`,
          { flag: 'a' },
        );
        return false;
      }
    };
    // A fresh container has no package lists: update once if the first attempt finds nothing.
    const installed =
      (await apt(['install', '-y', 'postgresql'])) ||
      ((await apt(['update'])) && (await apt(['install', '-y', 'postgresql'])));
    bin = findPgBin(opts.pgRoot);
    if (!installed || bin === null) {
      throw new Error(`apt-get install -y postgresql failed (see ${opts.logFile})`);
    }
  }
  if (!isRoot()) return { bin, runAs: null };
  for (const [tool, args] of [
    ['id', ['-u', 'postgres']],
    ['runuser', ['--help']],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'ignore' });
    } catch {
      throw new Error(
        tool === 'id'
          ? 'running as root and there is no `postgres` system user to run initdb and the server as'
          : 'running as root and `runuser` (util-linux) is missing, so initdb cannot run as another user',
      );
    }
  }
  return { bin, runAs: 'postgres' };
}

/** The command line that runs one of the cluster's tools, as the cluster's user. */
const command = (b: PgBinaries, tool: string, args: string[]): [string, string[]] =>
  b.runAs === null
    ? [join(b.bin, tool), args]
    : ['runuser', ['-u', b.runAs, '--', join(b.bin, tool), ...args]];

/**
 * initdb, start, connect: the running cluster. On any failure the directory is removed again and the error
 * says what failed (with the end of the server's log when the server would not start).
 */
export async function startPostgres(opts: PgOptions): Promise<PgCluster> {
  const b = await pgBinaries(opts);
  const dir = mkdtempSync(join(tmpdir(), 'fruitprompt-bench-pg-'));
  const data = join(dir, 'data');
  const serverLog = join(dir, 'server.log');
  let started = false;
  let removed = false;

  const tool = async (name: string, args: string[], timeout = 120_000) => {
    const [cmd, argv] = command(b, name, args);
    try {
      await run(cmd, argv, { timeout });
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      throw new Error(`${name} failed: ${(e.stderr ?? '').trim() || e.message}`, { cause: error });
    }
  };
  /** Synchronous, for the exit handler: an immediate stop (nothing to keep) and the directory removed. */
  const stopSync = () => {
    if (removed) return;
    removed = true;
    if (started) {
      try {
        const [cmd, argv] = command(b, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
        execFileSync(cmd, argv, { stdio: 'ignore', timeout: 40_000 });
      } catch {
        /* already gone */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  try {
    if (b.runAs !== null) {
      const id = (flag: string) => Number(execFileSync('id', [flag, b.runAs!], { encoding: 'utf8' }).trim());
      chownSync(dir, id('-u'), id('-g'));
    }
    await tool('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--lc-collate=C',
      '--lc-ctype=C.UTF-8',
      '--no-sync',
    ]);
    const settings = { ...BENCH_PG_SETTINGS, listen_addresses: '127.0.0.1', unix_socket_directories: dir };
    // A free port can be taken between our probe and the server's bind: one more try on another port.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        ...Object.entries(settings).map(([k, v]) => `-c ${k}=${/^[\w./-]+$/.test(v) ? v : `'${v}'`}`),
      ].join(' ');
      try {
        await tool('pg_ctl', ['-D', data, '-l', serverLog, '-o', options, '-w', '-t', '60', 'start']);
        started = true;
        break;
      } catch (error) {
        // pg_ctl may have left a half-started postmaster; make sure it is gone before trying again.
        const [cmd, argv] = command(b, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        try {
          execFileSync(cmd, argv, { stdio: 'ignore' });
        } catch {
          /* not running */
        }
        if (attempt >= 2) {
          let tail = '';
          try {
            tail = execFileSync('tail', ['-n', '5', serverLog], { encoding: 'utf8' }).trim();
          } catch {
            /* no log */
          }
          throw new Error(`${(error as Error).message}${tail ? `; server log: ${tail}` : ''}`, {
            cause: error,
          });
        }
      }
    }

    const url = (database: string) =>
      `postgresql://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    const shown: Record<string, string> = {};
    try {
      for (const name of [
        'server_version',
        'fsync',
        'synchronous_commit',
        'full_page_writes',
        'shared_buffers',
        'work_mem',
        'jit',
        'max_parallel_workers_per_gather',
      ]) {
        const res = await admin.query<Record<string, string>>(`SHOW ${name}`);
        shown[name] = res.rows[0]?.[name] ?? '?';
      }
    } finally {
      await admin.end();
    }
    const { server_version: version = '?', ...settingsShown } = shown;
    opts.log(
      `PostgreSQL ${version} on 127.0.0.1:${port} (cluster ${dir}${b.runAs ? `, run as ${b.runAs}` : ''})`,
    );

    return {
      version,
      bin: b.bin,
      dir,
      port,
      settings: settingsShown,
      async createDatabase(name: string): Promise<string> {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
        const client = new pg.Client({ connectionString: url('postgres') });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name}`);
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      async stop(): Promise<void> {
        if (removed) return;
        process.removeListener('exit', stopSync);
        try {
          if (started) await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000);
          started = false;
        } catch {
          /* stopSync below stops it immediately */
        }
        stopSync();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}
