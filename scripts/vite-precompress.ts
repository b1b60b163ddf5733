// Compresses the hashed assets once, at build: after Vite writes the bundle, every compressible file under
// dist/assets/ gets a brotli sibling (`x.js.br`, quality 11) and a gzip one (`x.js.gz`, level 9), each kept
// only when it is smaller than the file. The server (server/pages/spa.ts, @fastify/static `preCompressed`) sends
// them as they are, so the run-time compressor never touches an asset a client can take compressed.
//
// Small files are compressed too: @fastify/compress's 1 KB threshold does not apply to files (it streams
// them), so an asset left without siblings would be compressed again on every request. index.html stays
// out: it is not under assets/, and the server rewrites it per page (server/pages/); a
// dist/index.html.br would be sent for `/` instead.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing; text is compressed in brotli's text mode, the rest in its generic mode. */
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
]);
const BINARY = new Set(['.wasm']);

/** Worth compressing: by its extension; never an index.html, which the server rewrites per page. */
export const isCompressible = (file: string): boolean => {
  const ext = extname(file).toLowerCase();
  return (TEXT.has(ext) || BINARY.has(ext)) && basename(file) !== 'index.html';
};

export interface Precompressed {
  /** Path as given (relative to the directory passed to precompressFiles). */
  file: string;
  bytes: number;
  /** Size of the .br sibling, or null when brotli did not make the file smaller (no sibling written). */
  br: number | null;
  /** Size of the .gz sibling, or null when gzip did not make the file smaller (no sibling written). */
  gz: number | null;
}

export function brotliOf(bytes: Buffer, file: string): Promise<Buffer> {
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: TEXT.has(extname(file).toLowerCase())
        ? constants.BROTLI_MODE_TEXT
        : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export const gzipOf = (bytes: Buffer): Promise<Buffer> =>
  gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 });

/** Writes `<file>.br` and `<file>.gz` next to one file, each only when smaller than the file. */
async function precompressFile(dir: string, file: string): Promise<Precompressed> {
  const path = join(dir, file);
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([brotliOf(bytes, file), gzipOf(bytes)]);
  const keep = async (packed: Buffer, suffix: string): Promise<number | null> => {
    if (packed.length >= bytes.length) return null;
    await writeFile(path + suffix, packed);
    return packed.length;
  };
  return { file, bytes: bytes.length, br: await keep(br, '.br'), gz: await keep(gz, '.gz') };
}

/**
 * Precompresses the compressible ones of `files` (paths relative to `dir`). zlib runs on libuv's thread
 * pool, so the files are compressed in parallel, as many at a time as it has threads.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<Precompressed[]> {
  const queue = files.filter(isCompressible);
  const done: Precompressed[] = [];
  const workers = Math.max(1, Number(process.env.UV_THREADPOOL_SIZE ?? 4));
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        done.push(await precompressFile(dir, file));
      }
    }),
  );
  return done.sort((a, b) => a.file.localeCompare(b.file));
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} kB`;

/** The Vite plugin: precompresses the files of this build under build.assetsDir, after they are written. */
export function precompress(): Plugin {
  let assetsDir = 'assets';
  let log: (message: string) => void = () => {};
  return {
    name: 'fruitprompt:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
      log = (message) => config.logger.info(message);
    },
    async writeBundle(output, bundle) {
      if (output.dir === undefined) return;
      const prefix = assetsDir.replace(/\/+$/, '') + '/';
      const files = Object.keys(bundle).filter((name) => name.startsWith(prefix));
      const started = performance.now();
      const done = await precompressFiles(output.dir, files);
      const sum = (pick: (p: Precompressed) => number | null) =>
        done.reduce((total, p) => total + (pick(p) ?? p.bytes), 0);
      log(
        `precompressed ${done.length} files in ${Math.round(performance.now() - started)} ms: ` +
          `${kb(sum((p) => p.bytes))} → gzip ${kb(sum((p) => p.gz))}, brotli ${kb(sum((p) => p.br))}`,
      );
    },
  };
}
