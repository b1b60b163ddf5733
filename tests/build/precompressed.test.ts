// The production build (dist/, made by `npx vite build` before this project runs) carries its assets
// compressed once (scripts/vite-precompress.ts): next to every compressible file of dist/assets/ a brotli
// (`.br`) and a gzip (`.gz`) sibling, each smaller than the file and decoding to it byte for byte, which
// the server sends as they are (server/pages/spa.ts). A file goes without one only when that compression would
// not shrink it; index.html and the other files outside assets/ have none.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { brotliOf, gzipOf, isCompressible } from '../../scripts/vite-precompress.ts';
import { distFiles, DIST, kb } from './support/bundle.ts';

const SIBLING = /\.(br|gz)$/;
const CODE = /\.(js|css)$/;
const KB = 1024;

let files: string[];
let assets: string[];

const read = (file: string): Buffer => readFileSync(join(DIST, file));

beforeAll(() => {
  files = distFiles();
  assets = files.filter((f) => f.startsWith('assets/') && !SIBLING.test(f) && isCompressible(f));

  const code = assets.filter((f) => CODE.test(f));
  const size = (f: string) => read(f).length;
  const sizeOr = (f: string, fallback: string) => (files.includes(f) ? size(f) : size(fallback));
  const sum = (list: string[], of: (f: string) => number) => list.reduce((total, f) => total + of(f), 0);
  console.log('dist/assets js + css, as sent to a client that takes each encoding:');
  console.table([
    { files: code.length, encoding: 'identity', bytes: kb(sum(code, size)) },
    { files: code.length, encoding: 'gzip', bytes: kb(sum(code, (f) => sizeOr(`${f}.gz`, f))) },
    { files: code.length, encoding: 'br', bytes: kb(sum(code, (f) => sizeOr(`${f}.br`, f))) },
  ]);
});

describe('the precompressed assets of dist/', () => {
  it('has code to check', () => {
    expect(assets.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(10);
    expect(assets.some((f) => f.endsWith('.css'))).toBe(true);
  });

  it('every js and css file of 1 KB or more has a .br and a .gz sibling', () => {
    const missing = assets
      .filter((f) => CODE.test(f) && read(f).length >= KB)
      .flatMap((f) => [`${f}.br`, `${f}.gz`].filter((sibling) => !files.includes(sibling)));
    expect(missing).toEqual([]);
  });

  it('every sibling is smaller than its file and decodes to it byte for byte', () => {
    const bad: string[] = [];
    for (const file of assets) {
      const original = read(file);
      for (const [suffix, decode] of [
        ['.br', brotliDecompressSync],
        ['.gz', gunzipSync],
      ] as const) {
        if (!files.includes(file + suffix)) continue;
        const packed = read(file + suffix);
        if (packed.length >= original.length) bad.push(`${file}${suffix}: not smaller`);
        else if (!decode(packed).equals(original)) bad.push(`${file}${suffix}: decodes to something else`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('a file goes without a sibling only when brotli 11 or gzip 9 would not shrink it', async () => {
    const wrong: string[] = [];
    for (const file of assets) {
      const original = read(file);
      if (!files.includes(`${file}.br`) && (await brotliOf(original, file)).length < original.length)
        wrong.push(`${file}.br`);
      if (!files.includes(`${file}.gz`) && (await gzipOf(original)).length < original.length)
        wrong.push(`${file}.gz`);
    }
    expect(wrong).toEqual([]);
  });

  it('has no sibling without its file, and none outside assets/ (index.html is rewritten per page)', () => {
    const orphans = files.filter((f) => SIBLING.test(f) && !files.includes(f.replace(SIBLING, '')));
    expect(orphans).toEqual([]);
    const outside = files.filter((f) => SIBLING.test(f) && !f.startsWith('assets/'));
    expect(outside).toEqual([]);
  });
});
