// Shared vocabularies: photographic kit, Midjourney parameters, Kling shot settings, DALL.E formats,
// and the closing "how to use it" sentences of descriptions, per generator.
import type { PromptVariable } from '../../../domain/catalog.ts';
import { listing, type Rng } from './lib.ts';

export const CAMERAS = [
  'Hasselblad X2D',
  'Sony A7R V',
  'Canon EOS R5',
  'Fujifilm GFX 100S',
  'Leica M11',
  'Nikon Z8',
  'Phase One IQ4',
] as const;

export const FILMS = [
  'Kodak Portra 400',
  'Fujifilm Velvia 50',
  'Kodak Ektar 100',
  'Cinestill 800T',
  'Fujifilm Pro 400H',
  'Kodak Gold 200',
] as const;

export interface MjOptions {
  ar: readonly string[];
  /** chance of --style raw */
  raw?: number;
  niji?: boolean;
  stylize?: readonly [number, number];
  no?: string;
  chaos?: number;
}

/** Midjourney parameters in the usual order. */
export function mjParams(r: Rng, o: MjOptions): string {
  const parts = [`--ar ${r.pick(o.ar)}`];
  if (o.niji) parts.push('--niji 6');
  else parts.push(`--v ${r.pick(['6', '6.1', '6.1', '7'])}`);
  if (!o.niji && r.chance(o.raw ?? 0)) parts.push('--style raw');
  const [lo, hi] = o.stylize ?? [100, 400];
  parts.push(`--stylize ${Math.round((lo + r.next() * (hi - lo)) / 50) * 50}`);
  if (o.chaos && r.chance(0.35)) parts.push(`--chaos ${r.pick([5, 10, 15, 20])}`);
  if (o.no) parts.push(`--no ${o.no}`);
  return parts.join(' ');
}

/** Kling clip settings appended to video prompts. */
export function klingSpecs(r: Rng, ratios: readonly string[] = ['16:9']): { line: string; seconds: number } {
  const seconds = r.pick([5, 5, 10]);
  const ratio = r.pick(ratios);
  const negative = r.pick([
    'blur, flicker, warped faces, extra limbs, text, watermark',
    'jitter, morphing, distorted hands, low resolution, watermark',
    'shaky camera, overexposure, cartoonish look, text overlays',
    'flicker, smeared motion, duplicated subjects, logos',
  ]);
  return { line: `Duration: ${seconds} s. Aspect ratio: ${ratio}. Negative prompt: ${negative}.`, seconds };
}

export const DALLE_FORMATS = {
  wide: 'Wide 1792×1024 format.',
  square: 'Square 1024×1024 format.',
  tall: 'Portrait 1024×1792 format.',
} as const;

const labels = (vars: readonly PromptVariable[]): string => listing(vars.map((v) => v.label.toLowerCase()));

/** The closing sentence of a description: how to use the prompt in its generator. */
export function usageTip(
  r: Rng,
  generator: 1 | 2 | 3 | 4,
  vars: readonly PromptVariable[],
  seconds = 5,
): string {
  const first = (vars[0]?.label ?? 'subject').toLowerCase();
  const all = labels(vars);
  const byGenerator: Record<1 | 2 | 3 | 4, string[]> = {
    1: [
      `Paste it after /imagine, fill in the ${all}, and keep the parameters: they fix the aspect ratio, model version and stylisation`,
      `Swap the ${first} for your own idea and the rest of the prompt keeps the look consistent across a whole series`,
      vars.length > 1
        ? `Change the ${first} first, then vary the ${(vars[1] as PromptVariable).label.toLowerCase()} to explore different directions`
        : `Only the ${first} needs filling in; run a few variations and upscale the one you like`,
      `Tested on Midjourney v6 and later; lower the --stylize value if you want a more literal result`,
    ],
    2: [
      `Paste it into ChatGPT or the DALL.E editor, fill in the ${all}, then ask for variations once you like the direction`,
      `DALL.E follows plain sentences closely, so describe the ${first} in a few concrete words`,
      `Fill in the ${all}; the fixed wording takes care of style, composition and format`,
    ],
    3: [
      `Paste it into ChatGPT, replace the ${all}, and ask follow-up questions to refine the draft`,
      `Fill in the ${all}; the prompt already tells ChatGPT the role, the structure and the tone to use`,
      `Works with GPT-4o and newer models; keep the output format section so the answer is easy to copy`,
    ],
    4: [
      `Use it in Kling's text-to-video mode with a ${seconds}-second clip and fill in the ${all}`,
      `Camera, pacing and clip settings are already written in, so you only need to fill in the ${all}`,
      `For the smoothest motion pick the Professional mode and keep the negative prompt as it is`,
    ],
  };
  return r.pick(byGenerator[generator]);
}
