// Composes a prompt's subject (server/images/subjects.ts) into its example image: the subject's
// illustrations placed by its layout in the prompt's procedural scene, each image index a different
// arrangement (another pose, another illustration of the subject, other props, another camera), and the
// treatment of the prompt's generator: painterly for Midjourney (finished by render.ts's brush pass),
// clean flat stickers for DALL·E, motion frames for Kling, and for ChatGPT the answer itself, rendered.
import { iconBody } from './illustrations.ts';
import { SUBJECTS, type DocKind, type SubjectDef, type SubjectKey } from './subjects.ts';
import {
  type Ctx,
  H,
  W,
  darken,
  f,
  glow,
  lighten,
  linear,
  luminance,
  mix,
  radial,
  range,
  ramp,
  sparkle,
  vignette,
} from './svg.ts';

/** How an illustration is drawn. */
type IconStyle = 'colour' | 'outline' | 'mark';

export type Treatment = 'painterly' | 'flat' | 'motion' | 'answer';

/** The treatment of each generator type (1 Midjourney, 2 DALL·E, 3 ChatGPT, 4 Kling). */
export const treatmentFor = (generator: number): Treatment =>
  generator === 2 ? 'flat' : generator === 3 ? 'answer' : generator === 4 ? 'motion' : 'painterly';

/** Illustrations that belong in the sky of a scene rather than on its ground. */
const SKY_ICONS = new Set([
  'sun',
  'sunset',
  'sunrise',
  'cloud',
  'cloud-with-rain',
  'cloud-with-snow',
  'cloud-with-lightning',
  'sun-behind-cloud',
  'crescent-moon',
  'full-moon',
  'first-quarter-moon',
  'star',
  'glowing-star',
  'comet',
  'bird',
  'eagle',
  'milky-way',
  'rainbow',
  'airplane',
  'ringed-planet',
  'satellite',
  'globe-showing-europe-africa',
  'globe-showing-americas',
  'wind-face',
  'fog',
  'snowflake',
  'sparkles',
  'high-voltage',
  'flying-saucer',
  'balloon',
  'kite',
  'feather',
  'cyclone',
]);

export interface ComposeInput {
  subject: SubjectKey;
  index: number;
  treatment: Treatment;
  /** draws the prompt's scene (the background) */
  scene: (ctx: Ctx) => string;
}

// ---------------------------------------------------------------------------------------------
// Placing illustrations

interface Place {
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
const icon = (p: Place, sticker = false): string => {
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
const shadow = (ctx: Ctx, x: number, y: number, w: number, opacity = 0.35): string =>
  `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(w / 9)}" fill="${radial(ctx, [
    [0, '#000000', opacity],
    [1, '#000000', 0],
  ])}"/>`;

/** The subject's illustration for this image: the variations take them in turn. */
const figureFor = (s: SubjectDef, index: number): string | undefined =>
  s.figure.length === 0 ? undefined : s.figure[index % s.figure.length];

/** n props for this image, starting at a different one each time. */
const propsFor = (s: SubjectDef, index: number, n: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < Math.min(n, s.props.length); i++) {
    out.push(s.props[(index * 2 + i) % s.props.length] as string);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Backdrops for layouts that don't stand in the scene

const paper = (ctx: Ctx, base: string): string =>
  `<rect width="${W}" height="${H}" fill="${base}"/>` +
  `<rect width="${W}" height="${H}" fill="${radial(ctx, [
    [0, '#ffffff', 0.35],
    [1, '#ffffff', 0],
  ])}"/>`;

/** A photo studio: a seamless backdrop bending into the floor, with a soft key light. */
const studio = (ctx: Ctx, light: boolean): string => {
  const { p } = ctx;
  const top = light ? lighten(p[3] as string, 0.35) : darken(p[1] as string, 0.25);
  const floor = light ? lighten(p[2] as string, 0.25) : darken(p[0] as string, 0.1);
  return (
    `<rect width="${W}" height="${H}" fill="${linear(ctx, [
      [0, top],
      [0.66, mix(top, floor, 0.55)],
      [0.72, floor],
      [1, darken(floor, 0.12)],
    ])}"/>` + glow(ctx, W * 0.5, H * 0.42, W * 0.55, lighten(p[3] as string, 0.5), light ? 0.55 : 0.35)
  );
};

// ---------------------------------------------------------------------------------------------
// Layouts

interface Stage {
  ctx: Ctx;
  s: SubjectDef;
  index: number;
  /** arrangement of this image, 0..3 */
  v: number;
  treatment: Treatment;
}

const place = (st: Stage, p: Place): string => icon(p, st.treatment === 'flat');

/** Ghost copies behind a moving figure (Kling's motion frames). */
const trail = (st: Stage, p: Place, dx: number, dy: number): string => {
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

const HERO_POSES = [
  { x: 0.5, size: 0.56, flip: false },
  { x: 0.36, size: 0.5, flip: false },
  { x: 0.5, size: 0.8, flip: true },
  { x: 0.64, size: 0.5, flip: true },
] as const;

function hero(st: Stage, ground: number, floating: boolean): string {
  const { ctx, s, index, v } = st;
  const pose = HERO_POSES[v] as (typeof HERO_POSES)[number];
  const size = H * pose.size;
  const x = W * pose.x;
  const y = floating ? H * 0.46 : ground - size * 0.5;
  const name = figureFor(s, index);
  let out = '';
  const props = propsFor(s, index, v === 2 ? 2 : 3);
  // props first (behind), on the side away from the figure, sky props up high
  props.forEach((prop, i) => {
    const inSky = SKY_ICONS.has(prop) || floating;
    const side = pose.x < 0.5 ? 1 : pose.x > 0.5 ? -1 : i % 2 === 0 ? 1 : -1;
    const px = x + side * (size * 0.55 + H * 0.12 + i * H * 0.09) * (v === 2 ? 0.9 : 1);
    const psize = H * (v === 2 ? 0.2 : range(ctx.rng, 0.16, 0.22));
    const py = inSky ? H * range(ctx.rng, 0.14, 0.3) : ground - psize * 0.5 + i * 6;
    const cx = Math.max(psize * 0.6, Math.min(W - psize * 0.6, px));
    if (!inSky) out += shadow(ctx, cx, ground + 4, psize * 0.9, 0.25);
    out += place(st, { name: prop, x: cx, y: py, size: psize, rotate: inSky ? range(ctx.rng, -10, 10) : 0 });
  });
  if (name !== undefined) {
    const p: Place = { name, x, y, size, flip: pose.flip };
    if (floating) out += glow(ctx, x, y, size * 0.9, lighten(ctx.p[3] as string, 0.4), 0.45);
    else out += shadow(ctx, x, ground + 6, size * 0.85);
    out += trail(st, p, (pose.flip ? -1 : 1) * size * 0.12, floating ? size * 0.03 : 0);
    out += place(st, p);
  }
  return out;
}

function landmark(st: Stage): string {
  const { ctx, s, index, v } = st;
  const name = figureFor(s, index);
  let out = '';
  const ground = H * 0.9;
  const props = propsFor(s, index, 3);
  const xs = [0.18, 0.82, 0.62, 0.3];
  props.forEach((prop, i) => {
    const inSky = SKY_ICONS.has(prop);
    const size = H * (inSky ? range(ctx.rng, 0.12, 0.17) : range(ctx.rng, 0.14, 0.2));
    const x = W * ((xs[(i + v) % xs.length] as number) + range(ctx.rng, -0.05, 0.05));
    const y = inSky ? H * range(ctx.rng, 0.12, 0.26) : ground - size * 0.5 - range(ctx.rng, 0, 30);
    if (!inSky) out += shadow(ctx, x, y + size * 0.5, size * 0.9, 0.25);
    out += place(st, { name: prop, x, y, size, flip: (i + v) % 2 === 1 });
  });
  if (name !== undefined) {
    const size = H * [0.42, 0.36, 0.52, 0.38][v]!;
    const x = W * [0.5, 0.42, 0.5, 0.58][v]!;
    const y = ground - size * 0.5;
    out += shadow(ctx, x, ground + 2, size * 0.9, 0.3);
    const p: Place = { name, x, y, size, flip: v % 2 === 1 };
    out += trail(st, p, size * 0.1, 0);
    out += place(st, p);
  }
  return out;
}

function field(st: Stage): string {
  const { ctx, s, index, v } = st;
  const row = s.props[index % Math.max(1, s.props.length)];
  let out = '';
  if (row !== undefined) {
    // the far field as a band of the plant's colour, then four rows of plants growing towards the viewer
    // (fewer, larger plants: the fine detail of many small ones cost a card 50-60 KB at 720 px)
    const counts = new Map<string, number>();
    for (const m of iconBody(row).matchAll(/fill="(#[0-9a-fA-F]{6})"/g)) {
      counts.set(m[1] as string, (counts.get(m[1] as string) ?? 0) + 1);
    }
    const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? (ctx.p[2] as string);
    out += `<rect x="0" y="${f(H * 0.6)}" width="${W}" height="${f(H * 0.4)}" fill="${linear(ctx, [
      [0, mix(main, ctx.p[1] as string, 0.45)],
      [1, darken(main, 0.35)],
    ])}"/>`;
    const rows = 4;
    for (let r = 0; r < rows; r++) {
      const t = r / (rows - 1);
      const size = H * (0.09 + t * t * 0.19);
      const y = H * (0.62 + t * 0.38);
      const step = size * 0.95;
      for (let x = -size + (r % 2) * step * 0.5 + v * 13; x < W + size; x += step) {
        out += icon({ name: row, x: x + range(ctx.rng, -6, 6), y, size, rotate: range(ctx.rng, -6, 6) });
      }
    }
  }
  const name = figureFor(s, index);
  if (name !== undefined) {
    const size = H * [0.2, 0.16, 0.26, 0.18][v]!;
    const x = W * [0.68, 0.3, 0.5, 0.75][v]!;
    const y = H * 0.6 - size * 0.35;
    const p: Place = { name, x, y, size, flip: v % 2 === 1 };
    out = place(st, p) + trail(st, p, size * 0.15, 0) + out;
  }
  return out;
}

function portrait(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  const light = luminance(p[2] as string) > 0.45 && st.treatment === 'flat';
  let out = studio(ctx, light);
  // bokeh
  for (let i = 0; i < 14; i++) {
    out += `<circle cx="${f(range(ctx.rng, 0, W))}" cy="${f(range(ctx.rng, 0, H * 0.7))}" r="${f(range(ctx.rng, 12, 46))}" fill="${lighten(p[(i % 3) + 1] as string, 0.3)}" opacity="${f(range(ctx.rng, 0.08, 0.25))}"/>`;
  }
  const name = figureFor(s, index);
  const size = H * [0.86, 0.76, 1.1, 0.78][v]!;
  const x = W * [0.5, 0.4, 0.5, 0.6][v]!;
  const y = H - size * (v === 2 ? 0.36 : 0.5) + 8;
  out += glow(ctx, x, y - size * 0.15, size * 0.75, lighten(p[p.length - 1] as string, 0.35), 0.6);
  const props = propsFor(s, index, v === 2 ? 2 : 3);
  props.forEach((prop, i) => {
    const side = x < W / 2 ? 1 : x > W / 2 ? -1 : i % 2 === 0 ? 1 : -1;
    const size2 = H * range(ctx.rng, 0.15, 0.21);
    const px = x + side * (size * 0.42 + size2 * 0.6 + (i >> 1) * size2);
    const py = H * (0.22 + i * 0.24) + range(ctx.rng, -20, 20);
    out += place(st, {
      name: prop,
      x: Math.max(size2 * 0.6, Math.min(W - size2 * 0.6, px)),
      y: py,
      size: size2,
      rotate: range(ctx.rng, -12, 12),
    });
  });
  if (name !== undefined) {
    const fig: Place = { name, x, y, size, flip: v % 2 === 1 };
    out += trail(st, fig, size * 0.06, 0);
    out += place(st, fig);
  }
  return out;
}

function product(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  let out = studio(ctx, st.treatment !== 'painterly' || luminance(p[3] as string) > 0.6);
  const cx = W * [0.5, 0.4, 0.5, 0.6][v]!;
  const top = H * (v === 2 ? 0.8 : 0.72);
  const pw = v === 2 ? 420 : 300;
  const stone = mix(p[1] as string, p[2] as string, 0.4);
  // pedestal
  out += `<rect x="${f(cx - pw / 2)}" y="${f(top)}" width="${pw}" height="${H}" fill="${linear(
    ctx,
    [
      [0, lighten(stone, 0.1)],
      [1, darken(stone, 0.3)],
    ],
    0,
    0,
    1,
    0,
  )}"/>`;
  out += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${pw / 2}" ry="${f(pw / 9)}" fill="${lighten(stone, 0.25)}"/>`;
  const name = figureFor(s, index);
  const size = H * (v === 2 ? 0.62 : 0.46);
  const floating =
    st.treatment === 'motion' || s.label.includes('floating') || s.label.includes('levitating');
  const y = top - size * 0.5 - (floating ? 60 : 0) + 10;
  const props = propsFor(s, index, v === 2 ? 2 : 4);
  props.forEach((prop, i) => {
    const size2 = H * range(ctx.rng, 0.12, 0.18);
    const ang = (i / Math.max(1, props.length)) * Math.PI * 2 + v;
    const px = cx + Math.cos(ang) * (size * 0.75 + 40);
    const py = y + Math.sin(ang) * size * 0.5;
    out += place(st, {
      name: prop,
      x: Math.max(size2, Math.min(W - size2, px)),
      y: Math.max(size2, Math.min(top - 10, py)),
      size: size2,
      rotate: range(ctx.rng, -25, 25),
    });
  });
  if (st.treatment === 'motion') {
    // a turntable's arc
    out += `<ellipse cx="${f(cx)}" cy="${f(top - 6)}" rx="${f(pw * 0.62)}" ry="${f(pw * 0.13)}" fill="none" stroke="${lighten(p[3] as string, 0.5)}" stroke-width="3" stroke-dasharray="14 10" opacity="0.6"/>`;
  }
  if (name !== undefined) {
    out += shadow(ctx, cx, top + 4, size * 0.7, floating ? 0.2 : 0.4);
    const fig: Place = { name, x: cx, y, size, flip: v % 2 === 1, rotate: floating ? -6 + v * 4 : 0 };
    out += trail(st, fig, 0, -size * 0.06);
    out += place(st, fig);
  }
  return out;
}

function food(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  const table =
    st.treatment === 'flat' ? lighten(p[3] as string, 0.3) : mix(p[1] as string, p[2] as string, 0.35);
  let out = `<rect width="${W}" height="${H}" fill="${table}"/>`;
  // wood grain or linen stripes
  for (let i = 0; i < 9; i++) {
    const y = (i + 0.5) * (H / 9) + range(ctx.rng, -10, 10);
    out += `<path d="M0,${f(y)} C${f(W * 0.3)},${f(y + range(ctx.rng, -14, 14))} ${f(W * 0.7)},${f(y + range(ctx.rng, -14, 14))} ${W},${f(y)}" stroke="${darken(table, 0.12)}" stroke-width="${f(range(ctx.rng, 2, 6))}" fill="none" opacity="0.5"/>`;
  }
  const cx = W * [0.5, 0.42, 0.5, 0.58][v]!;
  const cy = H * [0.52, 0.5, 0.56, 0.48][v]!;
  const r = v === 2 ? 330 : 230;
  out += `<circle cx="${f(cx + 10)}" cy="${f(cy + 14)}" r="${r}" fill="#000000" opacity="0.18"/>`;
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${r}" fill="${lighten(p[3] as string, 0.75)}"/>`;
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.78)}" fill="none" stroke="${darken(lighten(p[3] as string, 0.75), 0.08)}" stroke-width="4"/>`;
  const props = propsFor(s, index, 4);
  props.forEach((prop, i) => {
    const size2 = H * range(ctx.rng, 0.16, 0.22);
    const ang = Math.PI * (0.15 + i * 0.5) + v * 0.7;
    const px = cx + Math.cos(ang) * (r + size2 * 0.45);
    const py = cy + Math.sin(ang) * (r + size2 * 0.35);
    out += place(st, {
      name: prop,
      x: Math.max(size2 * 0.5, Math.min(W - size2 * 0.5, px)),
      y: Math.max(size2 * 0.5, Math.min(H - size2 * 0.5, py)),
      size: size2,
      rotate: range(ctx.rng, -40, 40),
    });
  });
  const name = figureFor(s, index);
  if (name !== undefined) {
    const fig: Place = {
      name,
      x: cx,
      y: cy,
      size: r * 1.45,
      rotate: range(ctx.rng, -8, 8),
      flip: v % 2 === 1,
    };
    out += trail(st, fig, 0, -r * 0.06);
    out += place(st, fig);
  }
  return out;
}

function logo(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  const ink = darken(p[0] as string, 0.15);
  const sheet = lighten(p[p.length - 1] as string, 0.7);
  const accent = p[2] as string;
  let out = paper(ctx, sheet);
  const name = figureFor(s, index) ?? 'star';
  const detail = s.props[0];
  if (v === 3) {
    // the mark on a business card and a tote, as a mockup
    out += `<g transform="rotate(-8 ${W * 0.34} ${H * 0.5})"><rect x="${W * 0.12}" y="${H * 0.3}" width="420" height="250" rx="12" fill="#000" opacity="0.12" transform="translate(10 14)"/><rect x="${W * 0.12}" y="${H * 0.3}" width="420" height="250" rx="12" fill="${ink}"/>`;
    out += icon({
      name,
      x: W * 0.12 + 120,
      y: H * 0.3 + 125,
      size: 150,
      style: 'mark',
      ink: sheet,
      paper: ink,
    });
    out += `<rect x="${W * 0.12 + 220}" y="${H * 0.3 + 105}" width="150" height="16" rx="8" fill="${sheet}"/><rect x="${W * 0.12 + 220}" y="${H * 0.3 + 135}" width="100" height="10" rx="5" fill="${accent}"/></g>`;
    out += `<circle cx="${W * 0.74}" cy="${H * 0.5}" r="150" fill="${accent}"/>`;
    out += icon({ name, x: W * 0.74, y: H * 0.5, size: 190, style: 'mark', ink, paper: accent });
    return out;
  }
  const cx = W / 2;
  const cy = H * 0.46;
  if (v === 0) {
    out += `<circle cx="${cx}" cy="${cy}" r="215" fill="${ink}"/>`;
    out += `<circle cx="${cx}" cy="${cy}" r="190" fill="none" stroke="${sheet}" stroke-width="4"/>`;
    out += icon({ name, x: cx, y: cy, size: 270, style: 'mark', ink: sheet, paper: ink });
  } else if (v === 1) {
    out += `<circle cx="${cx}" cy="${cy}" r="215" fill="none" stroke="${ink}" stroke-width="14"/>`;
    out += icon({ name, x: cx, y: cy, size: 280, style: 'mark', ink, paper: sheet });
  } else {
    out += `<rect x="${cx - 210}" y="${cy - 210}" width="420" height="420" rx="96" fill="${accent}"/>`;
    out += icon({ name, x: cx, y: cy, size: 300, style: 'mark', ink, paper: accent });
  }
  // the wordmark: two bars, and the prop as a small emblem
  out += `<rect x="${cx - 150}" y="${H * 0.85}" width="300" height="22" rx="11" fill="${ink}"/>`;
  out += `<rect x="${cx - 90}" y="${H * 0.85 + 38}" width="180" height="12" rx="6" fill="${accent}"/>`;
  if (detail !== undefined && v !== 2) {
    out += icon({ name: detail, x: cx + 215, y: cy + 170, size: 70, style: 'mark', ink, paper: sheet });
  }
  return out;
}

function stickerSheet(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  let out = paper(ctx, lighten(p[3] as string, 0.55));
  const names = [...s.figure, ...s.props];
  const start = index * 3;
  const tiles = v % 2 === 1;
  const cols = 4;
  const rows = 3;
  const cw = W / cols;
  const ch = H / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const name = names[(start + r * cols + c) % names.length] as string;
      const x = cw * (c + 0.5);
      const y = ch * (r + 0.5);
      if (tiles) {
        const tile = ramp(p, 0.3 + ((r + c) % 3) * 0.2);
        out += `<rect x="${f(x - 80)}" y="${f(y - 80)}" width="160" height="160" rx="38" fill="${tile}"/>`;
        out += icon({ name, x, y, size: 112 });
      } else {
        out += icon({ name, x, y, size: 150, rotate: range(ctx.rng, -14, 14) }, true);
      }
    }
  }
  return out;
}

function coloring(st: Stage): string {
  const { ctx, s, index, v } = st;
  let out = `<rect width="${W}" height="${H}" fill="#fdfcf8"/>`;
  out += `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" rx="18" fill="none" stroke="#2b2b2b" stroke-width="4"/>`;
  const props = propsFor(s, index, 5);
  props.forEach((prop, i) => {
    const a = (i / props.length) * Math.PI * 2 + v * 0.6;
    out += icon({
      name: prop,
      x: W / 2 + Math.cos(a) * W * 0.34,
      y: H / 2 + Math.sin(a) * H * 0.3,
      size: 180,
      rotate: range(ctx.rng, -15, 15),
      style: 'outline',
    });
  });
  const name = figureFor(s, index);
  if (name !== undefined) {
    out += icon({ name, x: W / 2, y: H / 2, size: v === 2 ? 500 : 420, flip: v % 2 === 1, style: 'outline' });
  }
  return out;
}

function room(st: Stage): string {
  const { ctx, s, index, v } = st;
  const { p } = ctx;
  const wall = lighten(p[3] as string, 0.35);
  const side = mix(wall, p[1] as string, 0.25);
  const floor = mix(p[1] as string, p[2] as string, 0.45);
  const fy = H * 0.62;
  const corner = W * [0.62, 0.38, 0.7, 0.3][v]!;
  let out = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  out +=
    v % 2 === 0
      ? `<path d="M${f(corner)},0L${W},0L${W},${H}L${f(corner)},${f(fy)}Z" fill="${side}"/>`
      : `<path d="M0,0L${f(corner)},0L${f(corner)},${f(fy)}L0,${H}Z" fill="${side}"/>`;
  out += `<path d="M0,${H}L${f(v % 2 === 0 ? 0 : 0)},${f(fy)}L${W},${f(fy)}L${W},${H}Z" fill="${floor}"/>`;
  out += `<path d="M0,${f(fy)}L${W},${f(fy)}" stroke="${darken(floor, 0.2)}" stroke-width="6"/>`;
  // a window with daylight
  const wx = v % 2 === 0 ? corner * 0.2 : corner + (W - corner) * 0.35;
  const sky = lighten(p[2] as string, 0.45);
  out += `<rect x="${f(wx)}" y="${f(H * 0.1)}" width="190" height="220" rx="10" fill="${sky}" stroke="${darken(wall, 0.25)}" stroke-width="10"/>`;
  out += `<path d="M${f(wx + 95)},${f(H * 0.1)}v220M${f(wx)},${f(H * 0.1 + 110)}h190" stroke="${darken(wall, 0.25)}" stroke-width="8"/>`;
  out += glow(ctx, wx + 95, fy + 60, 300, lighten(sky, 0.4), 0.35);
  // a shelf with small props
  const shelfX = v % 2 === 0 ? wx + 240 : wx - 330;
  out += `<rect x="${f(shelfX)}" y="${f(H * 0.33)}" width="280" height="12" rx="4" fill="${darken(floor, 0.15)}"/>`;
  const props = propsFor(s, index, 5);
  props.slice(0, 2).forEach((prop, i) => {
    out += place(st, { name: prop, x: shelfX + 70 + i * 140, y: H * 0.33 - 44, size: 92 });
  });
  props.slice(2).forEach((prop, i) => {
    const size2 = H * range(ctx.rng, 0.18, 0.24);
    const x = W * [0.12, 0.88, 0.3][i]!;
    const y = fy + H * 0.18 + i * 12;
    out += shadow(ctx, x, y + size2 * 0.45, size2 * 0.9, 0.3);
    out += place(st, { name: prop, x, y, size: size2, flip: i % 2 === 1 });
  });
  const name = figureFor(s, index);
  if (name !== undefined) {
    const size = H * (v === 2 ? 0.55 : 0.42);
    const x = W * [0.55, 0.5, 0.5, 0.45][v]!;
    const y = fy + H * 0.12 - size * 0.25;
    out += shadow(ctx, x, y + size * 0.48, size * 0.95, 0.35);
    const fig: Place = { name, x, y, size, flip: v % 2 === 1 };
    out += trail(st, fig, size * 0.08, 0);
    out += place(st, fig);
  }
  return out;
}

function sprinkle(st: Stage): string {
  const { ctx, s, index } = st;
  let out = '';
  const props = propsFor(s, index, 2);
  for (let i = 0; i < 5 && props.length > 0; i++) {
    out += icon({
      name: props[i % props.length] as string,
      x: range(ctx.rng, W * 0.08, W * 0.92),
      y: range(ctx.rng, H * 0.1, H * 0.9),
      size: range(ctx.rng, 34, 70),
      rotate: range(ctx.rng, -30, 30),
      opacity: range(ctx.rng, 0.55, 0.95),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// ChatGPT: the answer, rendered

const SANS = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const MONO = 'DejaVu Sans Mono, Liberation Mono, Courier New, monospace';
const SERIF = 'DejaVu Serif, Liberation Serif, Georgia, serif';

/** XML-escaped, without the colour emoji the document fonts can't draw (they would show as boxes). */
const esc = (t: string): string =>
  t
    .replace(/[\u2600-\u26FF\u2728\u270F\u{1F000}-\u{1FFFF}]|\uFE0F/gu, '')
    .replace(/^ +| +$/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const text = (x: number, y: number, size: number, fill: string, t: string, extra = ''): string =>
  `<text x="${f(x)}" y="${f(y)}" font-size="${size}" fill="${fill}" font-family="${SANS}"${extra}>${esc(t)}</text>`;

const docFont: Record<DocKind, string> = {
  page: SANS,
  mail: SANS,
  social: SANS,
  plan: SANS,
  code: MONO,
  script: MONO,
  list: SANS,
  press: SERIF,
};

function documentCard(st: Stage, x: number, y: number, w: number, h: number, zoom: number): string {
  const { ctx, s, index } = st;
  const d = s.doc;
  if (d === undefined) return '';
  const { p } = ctx;
  const dark = d.kind === 'code';
  const bg = dark ? '#1e2230' : '#ffffff';
  const ink = dark ? '#e6e9f2' : '#1f2430';
  const soft = dark ? '#8b93a8' : '#6b7280';
  const accent = darken(p[2] as string, luminance(p[2] as string) > 0.6 ? 0.35 : 0);
  const font = docFont[d.kind];
  let out = `<rect x="${f(x + 12)}" y="${f(y + 18)}" width="${f(w)}" height="${f(h)}" rx="18" fill="#000000" opacity="0.25"/>`;
  out += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="18" fill="${bg}"/>`;
  // what is written stays on the card (a long line on a phone's narrow screen)
  const clip = ctx.nextId();
  ctx.defs.push(
    `<clipPath id="${clip}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="18"/></clipPath>`,
  );
  out += `<g clip-path="url(#${clip})">`;
  // title bar
  out += `<path d="M${f(x)},${f(y + 18)}a18,18 0 0 1 18,-18h${f(w - 36)}a18,18 0 0 1 18,18v26h${f(-w)}z" fill="${dark ? '#2a3042' : '#eef0f4'}"/>`;
  ['#ff5f57', '#febc2e', '#28c840'].forEach((c, i) => {
    out += `<circle cx="${f(x + 26 + i * 22)}" cy="${f(y + 22)}" r="7" fill="${c}"/>`;
  });
  const s1 = 30 * zoom;
  const s2 = 23 * zoom;
  let ty = y + 44 + 58 * zoom;
  const left = x + 34;
  const iconName = s.figure[index % Math.max(1, s.figure.length)];
  if (iconName !== undefined && w >= 500) {
    out += `<circle cx="${f(x + w - 78)}" cy="${f(y + 44 + 62)}" r="46" fill="${lighten(accent, 0.75)}"/>`;
    out += icon({ name: iconName, x: x + w - 78, y: y + 44 + 62, size: 64 });
  }
  if (d.kind === 'mail') {
    out += `<text x="${f(left)}" y="${f(ty - 8)}" font-size="${f(s2 * 0.8)}" fill="${soft}" font-family="${font}">To: you@example.com</text>`;
    ty += 34 * zoom;
  }
  if (d.kind === 'press' || d.kind === 'script') {
    out += `<text x="${f(left)}" y="${f(ty)}" font-size="${f(s2)}" fill="${accent}" font-family="${font}" font-weight="bold" letter-spacing="1">${esc(d.heading)}</text>`;
  } else {
    out += `<text x="${f(left)}" y="${f(ty)}" font-size="${f(s1)}" fill="${ink}" font-family="${font}" font-weight="bold">${esc(d.heading)}</text>`;
  }
  ty += 30 * zoom;
  if (d.kind === 'page' || d.kind === 'social') {
    out += `<rect x="${f(left)}" y="${f(ty)}" width="${f(w - 68)}" height="${f(110 * zoom)}" rx="12" fill="${lighten(accent, 0.55)}"/>`;
    if (iconName !== undefined)
      out += icon({ name: iconName, x: left + (w - 68) / 2, y: ty + 55 * zoom, size: 84 * zoom });
    ty += 110 * zoom + 20 * zoom;
  }
  d.lines.forEach((line, i) => {
    ty += 38 * zoom;
    if (ty > y + h - 30) return;
    const last = i === d.lines.length - 1;
    if ((d.kind === 'page' || d.kind === 'social') && last) {
      const bw = Math.min(w - 68, line.length * s2 * 0.62 + 40);
      out += `<rect x="${f(left)}" y="${f(ty - s2 - 4)}" width="${f(bw)}" height="${f(s2 + 22)}" rx="${f((s2 + 22) / 2)}" fill="${accent}"/>`;
      out += `<text x="${f(left + 20)}" y="${f(ty + 4)}" font-size="${f(s2 * 0.9)}" fill="#ffffff" font-family="${font}" font-weight="bold">${esc(line)}</text>`;
      return;
    }
    if (d.kind === 'plan') {
      out += `<rect x="${f(left)}" y="${f(ty - s2 + 2)}" width="${f(s2)}" height="${f(s2)}" rx="5" fill="none" stroke="${accent}" stroke-width="3"/>`;
      if (i < index + 1)
        out += `<path d="M${f(left + 5)},${f(ty - s2 / 2)}l${f(s2 * 0.25)},${f(s2 * 0.3)}l${f(s2 * 0.45)},${f(-s2 * 0.55)}" fill="none" stroke="${accent}" stroke-width="3"/>`;
      out += `<text x="${f(left + s2 + 14)}" y="${f(ty)}" font-size="${f(s2)}" fill="${ink}" font-family="${font}">${esc(line)}</text>`;
      return;
    }
    if (d.kind === 'code') {
      out += `<text x="${f(left)}" y="${f(ty)}" font-size="${f(s2 * 0.8)}" fill="${soft}" font-family="${font}">${i + 1}</text>`;
      const colour =
        line.trim().startsWith('//') || line.trim().startsWith('#') ? '#7ee787' : i === 0 ? '#79c0ff' : ink;
      // indentation as an offset (a monospaced character is 0.6 em): the renderer collapses leading spaces
      const indent = (line.length - line.trimStart().length) * s2 * 0.6;
      out += `<text x="${f(left + 34 + indent)}" y="${f(ty)}" font-size="${f(s2)}" fill="${colour}" font-family="${font}">${esc(line)}</text>`;
      return;
    }
    out += `<text x="${f(left)}" y="${f(ty)}" font-size="${f(s2)}" fill="${i === 0 && d.kind === 'press' ? ink : ink}" font-family="${font}"${d.kind === 'press' && i === 0 ? ' font-weight="bold"' : ''}>${esc(line)}</text>`;
  });
  // the rest of the answer, as lines of text still to read
  for (let k = 0; ty + 34 * zoom < y + h - 24 && k < 8; k++) {
    ty += 30 * zoom;
    const lw = (w - 68) * range(ctx.rng, 0.45, 0.95);
    out += `<rect x="${f(left)}" y="${f(ty - 10 * zoom)}" width="${f(lw)}" height="${f(10 * zoom)}" rx="${f(5 * zoom)}" fill="${soft}" opacity="0.3"/>`;
  }
  return out + '</g>';
}

function answer(st: Stage): string {
  const { ctx, s, v } = st;
  const { p } = ctx;
  const d = s.doc;
  let out = `<rect width="${W}" height="${H}" fill="${linear(
    ctx,
    [
      [0, mix(p[1] as string, p[0] as string, 0.3)],
      [1, darken(p[0] as string, 0.2)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  out += glow(ctx, W * 0.8, H * 0.2, 420, lighten(p[2] as string, 0.3), 0.35);
  if (d === undefined) return out;
  if (v === 1) {
    // the conversation: the request, then the answer
    out += `<rect x="${W * 0.36}" y="46" width="${W * 0.58}" height="78" rx="26" fill="${lighten(p[2] as string, 0.55)}"/>`;
    const ask = `Write ${s.label}`;
    out += text(W * 0.36 + 24, 94, 22, '#1f2430', ask.length > 44 ? `${ask.slice(0, 43).trimEnd()}…` : ask);
    out += `<circle cx="58" cy="186" r="26" fill="#10a37f"/>`;
    out += `<path d="M46,186a12,12 0 1 1 24,0a12,12 0 1 1 -24,0" fill="none" stroke="#ffffff" stroke-width="4"/>`;
    out += documentCard(st, 100, 150, W - 150, H - 170, 1.05);
    return out;
  }
  if (v === 2) {
    // on a phone
    const pw = 330;
    const px = W / 2 - pw / 2;
    out += `<rect x="${px - 16}" y="30" width="${pw + 32}" height="${H + 60}" rx="52" fill="#111318"/>`;
    out += documentCard(st, px, 60, pw, H, 0.82);
    return out;
  }
  if (v === 3) {
    // close on the answer
    out += documentCard(st, 40, 40, W * 1.1, H * 1.2, 1.45);
    return out;
  }
  out += documentCard(st, 80, 60, W - 160, H - 100, 1.15);
  return out;
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
    // a warm light and a vignette; render.ts then breaks the edges into brush strokes
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
