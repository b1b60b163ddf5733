// `npm run catalog -- <command>`: the operator's catalog, through the running server's operator API
// (docs/decisions/012-operator-api.md, docs/catalog-format.md). OPERATOR_URL (default
// http://127.0.0.1:$PORT) and OPERATOR_TOKEN come from the environment.
//
//   import FILE.jsonl [--images DIR] [--dry-run]   check every line, upload the images, add or change prompts
//   export FILE.jsonl [--images DIR]               every prompt (hidden too); stored images into DIR
//   hide SLUG | show SLUG                          out of (back into) the shop
//   price SLUG (--fruit N | --cents N | --free)    a new price (and grade)
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  formatLineError,
  parseCatalogText,
  validateCatalogLines,
  type CatalogLine,
  type LineError,
} from '../server/operator/catalog-format.ts';
import { operatorClient, OperatorError, progressBar, runOperatorCommand } from './lib/operator-client.ts';

const USAGE = `Usage: npm run catalog -- <command>
  import FILE.jsonl [--images DIR] [--dry-run]
  export FILE.jsonl [--images DIR]
  hide SLUG
  show SLUG
  price SLUG (--fruit N | --cents N | --free)
The server must be running; set OPERATOR_TOKEN (and OPERATOR_URL when it is not http://127.0.0.1:$PORT).`;

interface ImportAnswer {
  added: number;
  changed: number;
  unchanged: number;
  imagesWritten: number;
  dryRun: boolean;
}

/** Options of the form --name VALUE and flags; the rest are positional. */
function parseArgs(args: string[]): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (['dry-run', 'free'].includes(name)) options.set(name, true);
    else {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value\n\n${USAGE}`);
      options.set(name, value);
      i += 1;
    }
  }
  return { positional, options };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

class LineErrors extends Error {
  constructor(errors: LineError[]) {
    super(
      `${errors.map(formatLineError).join('\n')}\n${plural(errors.length, 'error')}: nothing was imported.`,
    );
  }
}

async function importCommand(file: string, imagesDir: string | null, dryRun: boolean): Promise<void> {
  const text = await readFile(file, 'utf8');
  const parsed = parseCatalogText(text);
  const { prompts, errors } = validateCatalogLines(parsed.values, parsed.lines);
  const all = [...parsed.errors, ...errors].sort((a, b) => a.line - b.line);
  if (all.length > 0) throw new LineErrors(all);

  // The image files: each must exist; its sha256 names it to the server.
  const dir = resolve(imagesDir ?? dirname(file));
  const names = [...new Set(prompts.flatMap((p) => ('files' in p.images ? p.images.files : [])))];
  const missing: LineError[] = [];
  const bytes = new Map<string, Buffer>();
  for (const [i, prompt] of prompts.entries()) {
    if (!('files' in prompt.images)) continue;
    for (const [n, name] of prompt.images.files.entries()) {
      if (bytes.has(name)) continue;
      try {
        await access(join(dir, name));
        bytes.set(name, await readFile(join(dir, name)));
      } catch {
        missing.push({ line: parsed.lines[i]!, field: `images[${n}]`, why: `no file ${join(dir, name)}` });
      }
    }
  }
  if (missing.length > 0) throw new LineErrors(missing);
  const images: Record<string, string> = {};
  for (const name of names) images[name] = createHash('sha256').update(bytes.get(name)!).digest('hex');

  const client = operatorClient();
  let uploaded = 0;
  if (!dryRun && names.length > 0) {
    const bar = progressBar(names.length, 'Uploading images');
    for (const name of names) {
      const answer = await client
        .raw<{ sha256: string; written: boolean }>(
          'POST',
          '/api/operator/catalog/images',
          new Uint8Array(bytes.get(name)!),
          'application/octet-stream',
        )
        .catch((error: unknown) => {
          bar.done();
          throw error instanceof OperatorError ? new Error(`${name}: ${error.message}`) : error;
        });
      if (answer.written) uploaded += 1;
      bar.tick();
    }
    bar.done();
  }
  let result: ImportAnswer;
  try {
    result = await client.call<ImportAnswer>('POST', '/api/operator/catalog/import', {
      lines: parsed.values,
      lineNumbers: parsed.lines,
      images,
      dryRun,
    });
  } catch (error) {
    const lineErrors =
      error instanceof OperatorError ? (error.extend.errors as LineError[] | undefined) : undefined;
    if (lineErrors) throw new LineErrors(lineErrors);
    throw error;
  }
  const summary =
    `${dryRun ? 'Dry run (nothing written): would add' : 'Added'} ${result.added}, ` +
    `${dryRun ? 'change' : 'changed'} ${result.changed}, unchanged ${result.unchanged}; ` +
    `images written ${result.imagesWritten}` +
    (dryRun ? '' : ` (${plural(uploaded, 'new image file')} of ${names.length} uploaded)`);
  process.stdout.write(`${summary}\n`);
  if (!dryRun && result.added + result.changed === 0) process.stdout.write('Nothing changed.\n');
}

async function exportCommand(file: string, imagesDir: string | null): Promise<void> {
  const client = operatorClient();
  const { lines } = await client.call<{ lines: CatalogLine[] }>('GET', '/api/operator/catalog/export');
  const dir = resolve(imagesDir ?? dirname(file));
  const files = [...new Set(lines.flatMap((l) => l.images ?? []))];
  if (files.length > 0) {
    await mkdir(dir, { recursive: true });
    const bar = progressBar(files.length, 'Downloading images');
    for (const name of files) {
      const target = join(dir, name);
      const have = await access(target).then(
        () => true,
        () => false,
      );
      if (!have) {
        const response = await client.response(
          'GET',
          `/api/operator/catalog/images/${name.replace(/\.webp$/, '')}`,
        );
        await writeFile(target, new Uint8Array(await response.arrayBuffer()));
      }
      bar.tick();
    }
    bar.done();
  }
  await mkdir(dirname(resolve(file)), { recursive: true });
  await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length > 0 ? '\n' : ''));
  const hidden = lines.filter((l) => l.hidden === true).length;
  process.stdout.write(
    `Exported ${plural(lines.length, 'prompt')} (${hidden} hidden) to ${file}` +
      (files.length > 0 ? `, ${plural(files.length, 'image file')} in ${dir}` : '') +
      '\n',
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { positional, options } = parseArgs(rest);
  const option = (name: string): string | null => {
    const v = options.get(name);
    return typeof v === 'string' ? v : null;
  };
  const one = (what: string): string => {
    if (positional.length !== 1) throw new Error(`${command} needs one ${what}\n\n${USAGE}`);
    return positional[0]!;
  };
  switch (command) {
    case 'import':
      return importCommand(one('FILE.jsonl'), option('images'), options.has('dry-run'));
    case 'export':
      return exportCommand(one('FILE.jsonl'), option('images'));
    case 'hide':
    case 'show': {
      const slug = one('SLUG');
      const answer = await operatorClient().call<{ changed: boolean }>(
        'POST',
        `/api/operator/catalog/prompts/${encodeURIComponent(slug)}/${command}`,
      );
      const state = command === 'hide' ? 'hidden' : 'shown';
      process.stdout.write(answer.changed ? `${slug} is now ${state}.\n` : `${slug} was already ${state}.\n`);
      return;
    }
    case 'price': {
      const slug = one('SLUG');
      const given = ['fruit', 'cents', 'free'].filter((k) => options.has(k));
      if (given.length !== 1)
        throw new Error(`price needs one of --fruit N, --cents N or --free\n\n${USAGE}`);
      const key = given[0]!;
      let body: Record<string, unknown> = { free: true };
      if (key !== 'free') {
        const n = Number(option(key));
        if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${key} needs a whole number of at least 1`);
        body = { [key]: n };
      }
      const answer = await operatorClient().call<{ changed: boolean }>(
        'POST',
        `/api/operator/catalog/prompts/${encodeURIComponent(slug)}/price`,
        body,
      );
      const what =
        key === 'free' ? 'free' : key === 'fruit' ? `${body.fruit} FruitCoins` : `${body.cents} cents`;
      process.stdout.write(
        answer.changed ? `${slug} now costs ${what}.\n` : `${slug} already cost ${what}.\n`,
      );
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

await runOperatorCommand(() => main(process.argv.slice(2)));
