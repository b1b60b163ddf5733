// Composes a prompt's subject (server/images/subjects.ts) into its example image: the subject's
// illustrations placed by its layout (server/images/layouts/) in the prompt's procedural scene, each image
// index a different arrangement (another pose, another illustration of the subject, other props, another
// camera), and the treatment of the prompt's generator: painterly for Midjourney (finished by pipeline.ts's
// brush pass), clean flat stickers for DALL·E, motion frames for Kling, and for ChatGPT the answer itself,
// rendered.
import { answer, text } from './layouts/document.ts';
import { field, hero, landmark, sprinkle } from './layouts/in-scene.ts';
import { coloring, logo, stickerSheet } from './layouts/print.ts';
import type { Stage, Treatment } from './layouts/stage.ts';
import { food, portrait, product, room } from './layouts/studio.ts';
import { SUBJECTS, type SubjectDef, type SubjectKey } from './subjects.ts';
import { type Ctx, H, W, f, glow, lighten, sparkle, vignette } from './svg.ts';

export type { Treatment } from './layouts/stage.ts';

/** The treatment of each generator type (1 Midjourney, 2 DALL·E, 3 ChatGPT, 4 Kling). */
export const treatmentFor = (generator: number): Treatment =>
  generator === 2 ? 'flat' : generator === 3 ? 'answer' : generator === 4 ? 'motion' : 'painterly';

export interface ComposeInput {
  subject: SubjectKey;
  index: number;
  treatment: Treatment;
  /** draws the prompt's scene (the background) */
  scene: (ctx: Ctx) => string;
}

// ---------------------------------------------------------------------------------------------
// Finishing touches per treatment

function motionFrame(ctx: Ctx, index: number): string {
  const bar = H * 0.085;
  let out = `<rect width="${W}" height="${f(bar)}" fill="#000000"/><rect y="${f(H - bar)}" width="${W}" height="${f(bar)}" fill="#000000"/>`;
  // the clip's timeline with its playhead further along in each image
  const y = H - bar / 2;
  const t = 0.18 + ((index * 0.27) % 0.8);
  out += `<rect x="70" y="${f(y - 3)}" width="${W - 140}" height="6" rx="3" fill="#ffffff" opacity="0.35"/>`;
  out += `<rect x="70" y="${f(y - 3)}" width="${f((W - 140) * t)}" height="6" rx="3" fill="#ffffff"/>`;
  out += `<circle cx="${f(70 + (W - 140) * t)}" cy="${f(y)}" r="10" fill="#ffffff"/>`;
  out += `<path d="M28,${f(y - 12)}l20,12l-20,12z" fill="#ffffff"/>`;
  // frame ticks along the top bar, like a strip of film
  for (let x = 18; x < W; x += 36) {
    out += `<rect x="${x}" y="${f(bar * 0.3)}" width="18" height="${f(bar * 0.4)}" rx="3" fill="#ffffff" opacity="0.22"/>`;
  }
  const secs = 2 + index * 3;
  out += text(
    W - 150,
    bar * 0.68 + bar,
    22,
    '#ffffff',
    `● 00:0${Math.min(9, secs)}:${String((index * 7 + 12) % 24).padStart(2, '0')}`,
    ' opacity="0.85"',
  );
  return out;
}

// ---------------------------------------------------------------------------------------------

/** The picture of one image of a subject: everything inside the SVG root. */
export function composeSubject(ctx: Ctx, input: ComposeInput): string {
  const s = SUBJECTS[input.subject] as SubjectDef;
  // ctx.variant already counts the image index: four images of a prompt take the four arrangements
  const v = ctx.variant % 4;
  const st: Stage = { ctx, s, index: input.index, v, treatment: input.treatment };
  let out: string;
  switch (s.layout) {
    case 'document':
      out = answer(st);
      break;
    case 'portrait':
      out = portrait(st);
      break;
    case 'product':
      out = product(st);
      break;
    case 'food':
      out = food(st);
      break;
    case 'logo':
      out = logo(st);
      break;
    case 'sheet':
      out = stickerSheet(st);
      break;
    case 'coloring':
      out = coloring(st);
      break;
    case 'room':
      out = room(st);
      break;
    case 'scene':
      out = input.scene(ctx) + sprinkle(st);
      break;
    case 'field':
      out = input.scene(ctx) + field(st);
      break;
    case 'place':
      out = input.scene(ctx) + landmark(st);
      break;
    case 'sky':
      out = input.scene(ctx) + hero(st, H * 0.9, true);
      break;
    default:
      out = input.scene(ctx) + hero(st, H * 0.9, false);
  }
  if (input.treatment === 'painterly') {
    // a warm light and a vignette; pipeline.ts then breaks the edges into brush strokes
    out +=
      glow(ctx, W * 0.3, H * 0.25, W * 0.7, lighten(ctx.p[ctx.p.length - 1] as string, 0.4), 0.22) +
      vignette(ctx, 0.32);
  }
  if (input.treatment === 'motion') out += vignette(ctx, 0.2) + motionFrame(ctx, input.index);
  if (input.treatment === 'flat' && s.layout !== 'sheet' && s.layout !== 'logo' && s.layout !== 'coloring') {
    out += sparkle(W * 0.9, H * 0.12, 22, '#ffffff', 0.8) + sparkle(W * 0.08, H * 0.2, 14, '#ffffff', 0.6);
  }
  return out;
}
