// Pictures that show their prompt (issue 22): every demo prompt names its subject from the one table
// (server/images/subjects.ts), every illustration of the table exists in the shipped set, the treatment
// follows the generator, no two prompts get the same picture (not even in other colours), and a
// prompt's examples are variations of its subject rather than recolours of one picture.
import { describe, expect, it } from 'vitest';
import { treatmentFor } from '../../server/images/compose.ts';
import { hasIcon } from '../../server/images/illustrations.ts';
import { renderPromptSvg } from '../../server/images/render.ts';
import { SUBJECTS, isSubjectKey, type SubjectDef } from '../../server/images/subjects.ts';
import { validateCatalogLine, type LineError } from '../../server/operator/catalog-format.ts';
import { seedPromptLine } from '../../server/seed/index.ts';
import { PROMPT_SUBJECTS } from '../../server/seed/content/art-subjects.ts';
import { buildPrompts } from '../../server/seed/content/prompts.ts';

const prompts = buildPrompts();
const subjectOf = (slug: string): SubjectDef => {
  const p = prompts.find((x) => x.slug === slug);
  return SUBJECTS[p?.art.subject as keyof typeof SUBJECTS] as SubjectDef;
};

/** The picture without its colours: two SVGs equal here are the same drawing in another palette. */
const shape = (svg: string): string =>
  svg.replace(/#[0-9a-fA-F]{3,8}\b/g, '#').replace(/ (id|filter|fill|stroke)="url\(#[^)]*\)"/g, '');

describe('the subjects of the demo catalog', () => {
  it('names a subject of the table for every prompt, and only for prompts that exist', () => {
    const unknown = prompts.filter((p) => p.art.subject === undefined || !isSubjectKey(p.art.subject));
    expect(unknown.map((p) => `${p.slug}: ${String(p.art.subject)}`)).toEqual([]);
    const slugs = new Set(prompts.map((p) => p.slug));
    expect(Object.keys(PROMPT_SUBJECTS).filter((s) => !slugs.has(s))).toEqual([]);
  });

  it('draws every subject from illustrations the shipped set has', () => {
    const missing: string[] = [];
    for (const [key, s] of Object.entries(SUBJECTS) as [string, SubjectDef][]) {
      for (const name of [...s.figure, ...s.props]) {
        if (!hasIcon(name)) missing.push(`${key}: ${name}`);
      }
      if (s.layout !== 'scene' && s.layout !== 'field' && s.figure.length === 0)
        missing.push(`${key}: no figure`);
    }
    expect(missing).toEqual([]);
  });

  it('renders ChatGPT answers for text prompts and pictures for image and video prompts', () => {
    const wrong = prompts.filter(
      (p) => (p.generatorType === 3) !== (subjectOf(p.slug).layout === 'document'),
    );
    expect(wrong.map((p) => p.slug)).toEqual([]);
    expect([1, 2, 3, 4].map(treatmentFor)).toEqual(['painterly', 'flat', 'answer', 'motion']);
  });

  it('matches the subject to the title where the title names an animal or object', () => {
    // a sample of the mismatches the issue found: each must now show its own subject
    expect(subjectOf('corgi-astronaut-cute-3d-character').figure).toContain('dog');
    expect(subjectOf('playful-octopus-mascot-for-a-swim-school').figure).toContain('octopus');
    expect(subjectOf('wildlife-shot-of-a-humpback-whale-breaching').figure).toContain('spouting-whale');
    expect(subjectOf('isometric-witch-s-apothecary-diorama').figure).toContain('alembic');
    expect(subjectOf('impressionist-painting-of-a-lighthouse-on-a-rocky-coast').figure).toContain(
      '@lighthouse',
    );
  });

  it('gives no two prompts the same picture, not even in other colours', () => {
    const byShape = new Map<string, string>();
    const same: string[] = [];
    for (const p of prompts) {
      const key = shape(renderPromptSvg(p.art, 0, 480, 360, p.generatorType));
      const other = byShape.get(key);
      if (other !== undefined) same.push(`${other} = ${p.slug}`);
      byShape.set(key, p.slug);
    }
    expect(same).toEqual([]);
    // and no two prompts of one generator share a subject in the same scene
    const combos = new Set(prompts.map((p) => `${p.generatorType}:${p.art.scene}:${p.art.subject}`));
    expect(combos.size).toBe(prompts.length);
  });

  it('shows two to four examples per prompt, each a different arrangement of the subject', () => {
    const recoloured: string[] = [];
    for (const p of prompts) {
      expect(p.imageCount, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.imageCount, p.slug).toBeLessThanOrEqual(4);
      const shapes = Array.from({ length: p.imageCount }, (_, i) =>
        shape(renderPromptSvg(p.art, i, 480, 360, p.generatorType)),
      );
      if (new Set(shapes).size !== shapes.length) recoloured.push(p.slug);
    }
    expect(recoloured).toEqual([]);
  });

  it('goes through the catalog format: the export writes the subject and the import checks it', () => {
    const p = prompts[0]!;
    const line = seedPromptLine(p);
    expect(line.art).toMatchObject({ subject: p.art.subject });
    const errors: LineError[] = [];
    expect(validateCatalogLine(line, 1, errors)).not.toBeNull();
    expect(errors).toEqual([]);
    const bad: LineError[] = [];
    validateCatalogLine({ ...line, art: { ...line.art, subject: 'a-unicorn-nobody-drew' } }, 2, bad);
    expect(bad.map((e) => e.field)).toEqual(['art']);
  });
});
