// Assembles the demo catalogue: runs every recipe, assigns grades, prices, ids, artwork and statistics.
import type { GeneratorType, Grade } from '../../../domain/catalog.ts';
import type { SeedPrompt } from '../types.ts';
import { PROMPT_SUBJECTS } from './art-subjects.ts';
import { CHATGPT_RECIPES } from './chatgpt.ts';
import { DALLE_RECIPES } from './dalle.ts';
import { KLING_RECIPES } from './kling.ts';
import { createRng, hashSeed, slugify, subject } from './lib.ts';
import { MIDJOURNEY_RECIPES } from './midjourney.ts';
import { palette } from './palettes.ts';
import type { Draft, Recipe } from './recipe.ts';

/** Recipes per generator type (72 prompts each). */
export const RECIPES: Record<GeneratorType, Recipe[]> = {
  1: MIDJOURNEY_RECIPES,
  2: DALLE_RECIPES,
  3: CHATGPT_RECIPES,
  4: KLING_RECIPES,
};

/** Share of each grade per generator: about 40% free, 35% FruitCoin, 25% premium. */
const gradeMix = (n: number): Grade[] => {
  const free = Math.round(n * 0.4);
  const fruit = Math.round(n * 0.35);
  return [
    ...Array.from({ length: free }, (): Grade => 0),
    ...Array.from({ length: fruit }, (): Grade => 1),
    ...Array.from({ length: n - free - fruit }, (): Grade => 2),
  ];
};

const FRUIT_PRICES = [5, 8, 10, 12, 15, 15, 20, 20, 25, 25, 30, 35, 40, 45, 50, 60, 75, 90, 120];
const CENT_PRICES = [199, 299, 299, 349, 399, 399, 499, 499, 599, 699, 799, 899, 999, 1299, 1499, 1999];
// Two to four examples per prompt: a detail page shows variations of its subject (issue 22).
const IMAGE_COUNTS = [2, 2, 2, 3, 3, 3, 4, 4, 4];

const YEAR_START = Date.UTC(2025, 10, 1); // 2025-11-01
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Tags used by fewer prompts than this are dropped (when the prompt keeps at least 3 tags). */
const MIN_TAG_USES = 3;

/**
 * Finishing touches per generator, added (in order) to a template that would otherwise repeat one
 * already in the catalogue, so that no two prompts sell the same text.
 */
const FLAVOURS: Record<GeneratorType, string[]> = {
  1: [
    'intricate detail',
    'rich textures',
    'balanced composition',
    'soft atmospheric haze',
    'crisp focus',
    'subtle film grain',
  ],
  2: [
    'Keep the composition uncluttered, with one clear focal point.',
    'Add a few small, delightful details that reward a closer look.',
    'Use gentle contrast so the image feels calm and inviting.',
    'Make the light feel natural and consistent across the whole scene.',
    'Aim for a timeless look rather than a trendy one.',
    'Keep the edges quiet so the image can be cropped easily.',
  ],
  3: [
    'Use British English spelling.',
    'Use American English spelling.',
    'Keep the language simple enough for non-native speakers.',
    'Write in a confident, friendly voice.',
  ],
  4: [
    'Smooth motion with no sudden changes.',
    'Keep colour and light consistent from the first frame to the last.',
    'Gentle ease-in and ease-out on the camera move.',
    'A touch of natural handheld sway for realism.',
    'Keep the subject sharp throughout the clip.',
  ],
};

const withFlavour = (template: string, generator: GeneratorType, flavour: string): string => {
  if (generator === 1) {
    const at = template.indexOf(' --');
    return at < 0 ? `${template}, ${flavour}` : `${template.slice(0, at)}, ${flavour}${template.slice(at)}`;
  }
  if (generator === 4) {
    const at = template.indexOf(' Duration:');
    return at < 0 ? `${template} ${flavour}` : `${template.slice(0, at)} ${flavour}${template.slice(at)}`;
  }
  if (generator === 2) {
    const at = template.search(/ (Wide|Square|Portrait) \d{4}×\d{4} format\./);
    return at < 0 ? `${template} ${flavour}` : `${template.slice(0, at)} ${flavour}${template.slice(at)}`;
  }
  return `${template}\n${flavour}`;
};

function draftsFor(generator: GeneratorType, templates: Set<string>): Draft[] {
  const drafts: Draft[] = [];
  const titles = new Set<string>();
  for (const recipe of RECIPES[generator]) {
    const r = createRng(hashSeed(`recipe:${recipe.key}`));
    const subjects = r.shuffle(recipe.subjects);
    let made = 0;
    for (const text of subjects) {
      if (made === recipe.count) break;
      const d = recipe.make(subject(text), r, recipe.subjects.indexOf(text));
      const slug = slugify(d.title);
      if (titles.has(slug)) continue;
      titles.add(slug);
      let template = d.template;
      for (const flavour of FLAVOURS[generator]) {
        if (!templates.has(template)) break;
        template = withFlavour(d.template, generator, flavour);
      }
      if (templates.has(template)) throw new Error(`recipe ${recipe.key} repeats a template: ${d.title}`);
      templates.add(template);
      drafts.push({ ...d, template });
      made++;
    }
    if (made < recipe.count) throw new Error(`recipe ${recipe.key} made ${made} of ${recipe.count} prompts`);
  }
  return drafts;
}

export function buildPrompts(): SeedPrompt[] {
  const r = createRng(hashSeed('fruitprompt:catalogue'));
  const pool: { draft: Draft; generator: GeneratorType; grade: Grade }[] = [];
  const templates = new Set<string>();
  for (const generator of [1, 2, 3, 4] as const) {
    const drafts = draftsFor(generator, templates);
    const grades = r.shuffle(gradeMix(drafts.length));
    drafts.forEach((draft, i) => pool.push({ draft, generator, grade: grades[i] as Grade }));
  }
  const ordered = r.shuffle(pool);

  // tag clean-up: keep the shared vocabulary dense enough for tag filters to be useful
  const uses = new Map<string, number>();
  for (const { draft } of ordered) for (const t of new Set(draft.tags)) uses.set(t, (uses.get(t) ?? 0) + 1);

  const slugs = new Set<string>();
  return ordered.map(({ draft, generator, grade }, i): SeedPrompt => {
    const id = i + 1;
    let slug = slugify(draft.title);
    if (slugs.has(slug)) slug = `${slug}-${generator}`;
    slugs.add(slug);
    const subject = PROMPT_SUBJECTS[slug];
    if (subject === undefined) throw new Error(`no subject for the demo prompt ${slug} (art-subjects.ts)`);
    const unique = [...new Set(draft.tags.map((t) => t.toLowerCase()))];
    const common = unique.filter((t) => (uses.get(t) ?? 0) >= MIN_TAG_USES);
    const tags = (common.length >= 3 ? common : unique).slice(0, 6);

    const popularity = r.next() ** 2.4;
    const views = Math.round(120 + popularity * 24000 + r.int(0, 400));
    const rate =
      grade === 0 ? 0.03 + r.next() * 0.05 : grade === 1 ? 0.012 + r.next() * 0.03 : 0.004 + r.next() * 0.012;
    const created = YEAR_START + Math.floor((r.next() * (YEAR_MS - 3600_000)) / 60_000) * 60_000;
    return {
      id,
      sortId: id,
      slug,
      title: draft.title,
      description: draft.description,
      generatorType: generator,
      grade,
      priceFruit: grade === 1 ? r.pick(FRUIT_PRICES) : null,
      priceCents: grade === 2 ? r.pick(CENT_PRICES) : null,
      tags,
      template: draft.template,
      variables: draft.variables,
      imageCount: r.pick(IMAGE_COUNTS),
      art: { scene: draft.scene, palette: palette(draft.palette), seed: r.int(1, 2_147_483_646), subject },
      views,
      sales: Math.round(views * rate),
      createdAt: new Date(created).toISOString(),
    };
  });
}
