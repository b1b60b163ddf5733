// How long drawing the whole demo catalog's example images takes: what a new shop's first visitors make
// the server render (it draws each image once, on first request, and keeps it in the image cache), and
// how large the files are. Every image of every demo prompt at the card size (480×360) and the full size
// (960×720), one after another on this process's thread, the way one server process renders them.
//
//   node --import tsx scripts/bench/images.ts                       this checkout's renderer
//   node --import tsx scripts/bench/images.ts --baseline DIR        and another checkout's, interleaved
//                                                                   prompt by prompt, so a busy machine
//                                                                   slows both alike; prints the ratio
//   flags: --limit N (first N prompts only)
//
// A baseline checkout is made with `git worktree add DIR <rev>` (its node_modules may be a symlink to
// this one's). Issue 22's rule: the catalog draws in no more time than before its pictures had subjects.
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

interface Renderer {
  label: string;
  render: (art: unknown, index: number, w: number, h: number, generator: number) => Promise<Buffer>;
  prompts: { slug: string; art: unknown; imageCount: number; generatorType: number }[];
  ms: number;
  images: number;
  cardBytes: number[];
  fullBytes: number[];
}

const { values: args } = parseArgs({
  options: { baseline: { type: 'string' }, limit: { type: 'string' } },
});

const load = async (root: string, label: string): Promise<Renderer> => {
  const url = (path: string): string => pathToFileURL(join(root, path)).href;
  const images = (await import(url('server/images/render.ts'))) as {
    renderPromptImage: Renderer['render'];
  };
  const seed = (await import(url('server/seed/content/index.ts'))) as {
    buildSeedData: () => { prompts: Renderer['prompts'] };
  };
  return {
    label,
    render: images.renderPromptImage,
    prompts: seed.buildSeedData().prompts,
    ms: 0,
    images: 0,
    cardBytes: [],
    fullBytes: [],
  };
};

const here = resolve(import.meta.dirname, '../..');
const renderers: Renderer[] = [];
if (args.baseline !== undefined) {
  const dir = isAbsolute(args.baseline) ? args.baseline : resolve(args.baseline);
  renderers.push(await load(dir, 'baseline'));
}
renderers.push(await load(here, 'this checkout'));

const limit = args.limit === undefined ? Infinity : Number(args.limit);
const count = Math.min(limit, ...renderers.map((r) => r.prompts.length));

// warm-up: the first image pays for loading sharp, fonts and the illustration set
for (const r of renderers) {
  const p = r.prompts[0]!;
  await r.render(p.art, 0, 480, 360, p.generatorType);
}

for (let i = 0; i < count; i++) {
  for (const r of i % 2 === 0 ? renderers : [...renderers].reverse()) {
    const p = r.prompts[i]!;
    for (let n = 0; n < p.imageCount; n++) {
      const t = performance.now();
      const card = await r.render(p.art, n, 480, 360, p.generatorType);
      const full = await r.render(p.art, n, 960, 720, p.generatorType);
      r.ms += performance.now() - t;
      r.images += 1;
      r.cardBytes.push(card.length);
      r.fullBytes.push(full.length);
    }
  }
  if ((i + 1) % 48 === 0) console.error(`  ${i + 1}/${count} prompts`);
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.log(`\nDemo catalog images: ${count} prompts, card 480×360 + full 960×720 per image`);
console.log('| renderer | images | total | per image (card + full) | card mean / max | full mean / max |');
console.log('|---|---|---|---|---|---|');
for (const r of renderers) {
  console.log(
    `| ${r.label} | ${r.images} | ${(r.ms / 1000).toFixed(1)} s | ${(r.ms / Math.max(1, r.images)).toFixed(0)} ms | ` +
      `${kb(mean(r.cardBytes))} / ${kb(Math.max(...r.cardBytes))} | ${kb(mean(r.fullBytes))} / ${kb(Math.max(...r.fullBytes))} |`,
  );
}
if (renderers.length === 2) {
  const [base, mine] = renderers as [Renderer, Renderer];
  const perImage = mine.ms / mine.images / (base.ms / base.images);
  console.log(
    `\nthis checkout / baseline: total ${(mine.ms / base.ms).toFixed(2)}×, per image ${perImage.toFixed(2)}× ` +
      `(${mine.images} vs ${base.images} images)`,
  );
}
