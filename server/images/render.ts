// Example images that the server generates itself (requirements §C3: nothing is fetched).
// Every prompt carries an ArtSpec (scene, palette, seed); renderPromptImage draws one poster-like
// illustration of that scene as SVG, procedurally and deterministically (the scenes in scenes/, a subject
// composed into them by compose.ts), and rasterises it to WebP with sharp (pipeline.ts). The same
// (spec, index, size) always gives the same bytes; another index gives another composition of the same
// scene and palette.
import type { ArtSpec } from './art-spec.ts';
import { composeSubject, treatmentFor } from './compose.ts';
import { toWebp } from './pipeline.ts';
import { abstract } from './scenes/graphic.ts';
import { SCENES } from './scenes/index.ts';
import { landscape } from './scenes/outdoors.ts';
import { SUBJECTS, isSubjectKey, type SubjectDef, type SubjectKey } from './subjects.ts';
import { type Ctx, H, W, hashString, mulberry32, normalisePalette } from './svg.ts';

export { renderAvatar } from './avatar.ts';
export { CARD_BYTES_BUDGET } from './pipeline.ts';

export const IMAGE_SIZES = {
  card: { width: 480, height: 360 },
  full: { width: 960, height: 720 },
} as const;

/**
 * The SVG source of one example image (exported for tests and debugging). With a subject (issue 22) the
 * subject is composed into the scene with the generator's treatment (compose.ts); without one, the
 * scene alone is drawn, as catalog files written before subjects ask.
 */
export function renderPromptSvg(
  spec: ArtSpec,
  index: number,
  width: number,
  height: number,
  generator = 1,
): string {
  const draw = SCENES[spec.scene] ?? abstract;
  const seed = hashString(`${spec.scene}:${spec.seed}:${index}`);
  let counter = 0;
  const subject = subjectOf(spec);
  const ctx: Ctx = {
    rng: mulberry32(seed),
    variant: (hashString(`variant:${spec.seed}`) + index) >>> 0,
    p: normalisePalette(spec.palette),
    defs: [],
    nextId: () => `g${counter++}`,
    ...(subject === undefined ? {} : { features: new Set(SUBJECT_FEATURES(subject)) }),
  };
  const body =
    subject === undefined
      ? draw(ctx)
      : composeSubject(ctx, {
          subject,
          index,
          treatment: treatmentFor(generator),
          // the subject's scene: the portrait, creature and interior scenes draw figures of their own,
          // so a subject stands in a landscape there instead
          scene: SUBJECT_BACKDROP[spec.scene] ?? draw,
        });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${ctx.defs.join('')}</defs>${body}</svg>`
  );
}

/** The spec's subject, when it names one of the table (an older catalog line may have none). */
const subjectOf = (spec: ArtSpec): SubjectKey | undefined =>
  spec.subject !== undefined && isSubjectKey(spec.subject) ? spec.subject : undefined;

const SUBJECT_FEATURES = (subject: SubjectKey): readonly string[] =>
  (SUBJECTS[subject] as SubjectDef).features ?? [];

const SUBJECT_BACKDROP: Partial<Record<ArtSpec['scene'], (ctx: Ctx) => string>> = {
  portrait: landscape,
  creature: landscape,
  interior: landscape,
  geometric: abstract,
};

/**
 * One example image of a prompt as WebP: the spec's scene in its palette, with details drawn from the
 * spec's seed and the image index (0-based), so each of a prompt's images differs.
 */
export async function renderPromptImage(
  spec: ArtSpec,
  index: number,
  width: number,
  height: number,
  generator = 1,
): Promise<Buffer> {
  const w = Math.max(16, Math.min(2400, Math.round(width)));
  const h = Math.max(16, Math.min(2400, Math.round(height)));
  const treatment = subjectOf(spec) === undefined ? null : treatmentFor(generator);
  return toWebp(renderPromptSvg(spec, index, w, h, generator), w, h, treatment);
}
