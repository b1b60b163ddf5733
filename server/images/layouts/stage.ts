// What the layouts of a subject (server/images/compose.ts) draw with: its illustrations placed, restyled
// (outline, two-tone mark) and made stickers of, their shadows, the subject's figure and props for an
// image, and the stage a layout draws on (the image's context, subject, arrangement and treatment).
import { iconBody } from '../illustrations.ts';
import type { SubjectDef } from '../subjects.ts';
import { type Ctx, f, lighten, luminance, radial, range } from '../svg.ts';

/** How an illustration is drawn. */
type IconStyle = 'colour' | 'outline' | 'mark';

/** How a generator's images are finished (compose.ts's treatmentFor picks it). */
export type Treatment = 'painterly' | 'flat' | 'motion' | 'answer';

// ---------------------------------------------------------------------------------------------
// Placing illustrations

export interface Place {
  name: string;
  /** centre of the illustration */
  x: number;
  y: number;
  /** edge length in the 960×720 drawing space */
  size: number;
  flip?: boolean;
  rotate?: number;
  opacity?: number;
  style?: IconStyle;
  /** for 'mark': the ink and paper colours */
  ink?: string;
  paper?: string;
}

let uid = 0;

/** An icon body with its ids made unique, so two copies in one picture don't share gradients. */
const uniqueIds = (body: string): string => {
  if (!body.includes('id="')) return body;
  const prefix = `i${(uid = (uid + 1) % 1e6)}`;
  return body.replace(/id="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`);
};

const restyle = (body: string, style: IconStyle, ink: string, paper: string): string => {
  if (style === 'outline') {
    return body.replace(
      /fill="#[0-9a-fA-F]{3,8}"/g,
      'fill="#ffffff" stroke="#2b2b2b" stroke-width="0.42" stroke-linejoin="round"',
    );
  }
  if (style === 'mark') {
    // two tones: the darker half of the illustration's colours in ink, the lighter half in paper, so
    // that the features (eyes, ears, waves) stay readable in a one-colour mark
    const colours = [...new Set([...body.matchAll(/fill="(#[0-9a-fA-F]{6})/g)].map((m) => m[1] as string))];
    const levels = colours.map((c) => luminance(c)).sort((a, b) => a - b);
    const cut = levels.length < 2 ? 1 : (levels[Math.floor((levels.length - 1) / 2)] as number);
    return body.replace(/fill="(#[0-9a-fA-F]{3,8})"/g, (_, c: string) =>
      luminance(c.slice(0, 7)) <= cut ? `fill="${ink}"` : `fill="${paper}"`,
    );
  }
  return body;
};

/** The white cut edge of a sticker: the illustration's shapes, white, with a wide white stroke. */
const stickerEdge = (body: string): string =>
  body
    .replace(
      /fill="#[0-9a-fA-F]{3,8}"/g,
      'fill="#ffffff" stroke="#ffffff" stroke-width="2.6" stroke-linejoin="round"',
    )
    .replace(/fill="url\([^)]*\)"/g, 'fill="#ffffff"');

/** One illustration, placed; a sticker has a white edge drawn under it (DALL·E's flat treatment). */
export const icon = (p: Place, sticker = false): string => {
  const style = p.style ?? 'colour';
  const own = uniqueIds(iconBody(p.name));
  const body = restyle(own, style, p.ink ?? '#1d1d1d', p.paper ?? '#ffffff');
  const s = Math.max(0.001, Math.round((p.size / 32) * 1000) / 1000);
  const flip = p.flip === true ? ' transform="matrix(-1 0 0 1 32 0)"' : '';
  const rot = p.rotate ? ` rotate(${f(p.rotate)})` : '';
  const opacity = p.opacity === undefined ? '' : ` opacity="${f(p.opacity)}"`;
  return (
    `<g transform="translate(${f(p.x)} ${f(p.y)})${rot} scale(${s}) translate(-16 -16)"${opacity}>` +
    `<g${flip}>${sticker ? stickerEdge(own) : ''}${body}</g></g>`
  );
};

/** A soft shadow on the ground under an illustration. */
export const shadow = (ctx: Ctx, x: number, y: number, w: number, opacity = 0.35): string =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(w / 9)}" fill="${radial(ctx, [
    [0, '#000000', opacity],
    [1, '#000000', 0],
  ])}"/>`;

/** The subject's illustration for this image: the variations take them in turn. */
export const figureFor = (s: SubjectDef, index: number): string | undefined =>
  s.figure.length === 0 ? undefined : s.figure[index % s.figure.length];

/** n props for this image, starting at a different one each time. */
export const propsFor = (s: SubjectDef, index: number, n: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < Math.min(n, s.props.length); i++) {
    out.push(s.props[(index * 2 + i) % s.props.length] as string);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// The stage of a layout

export interface Stage {
  ctx: Ctx;
  s: SubjectDef;
  index: number;
  /** arrangement of this image, 0..3 */
  v: number;
  treatment: Treatment;
}

export const place = (st: Stage, p: Place): string => icon(p, st.treatment === 'flat');

/** Ghost copies behind a moving figure (Kling's motion frames). */
export const trail = (st: Stage, p: Place, dx: number, dy: number): string => {
  if (st.treatment !== 'motion') return '';
  let out = '';
  for (let k = 2; k >= 1; k--) {
    out += icon({ ...p, x: p.x - dx * k * 1.4, y: p.y - dy * k * 1.4, opacity: 0.14 + 0.12 * (2 - k) });
  }
  const c = lighten(st.ctx.p[st.ctx.p.length - 1] as string, 0.5);
  for (let k = 0; k < 4; k++) {
    const y = p.y - p.size * 0.3 + k * p.size * 0.2;
    const len = p.size * range(st.ctx.rng, 0.4, 0.9);
    const x0 = p.x - Math.sign(dx || 1) * p.size * 0.55;
    out += `<path d="M${f(x0)},${f(y)}h${f(-Math.sign(dx || 1) * len)}" stroke="${c}" stroke-width="${f(range(st.ctx.rng, 3, 7))}" stroke-linecap="round" opacity="0.45"/>`;
  }
  return out;
};
