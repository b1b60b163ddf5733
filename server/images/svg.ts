// SVG building blocks of the drawn example images (server/images/render.ts draws the scenes,
// server/images/compose.ts the subjects in them): deterministic randomness, palette colours, gradients,
// glows and paths in a fixed 960×720 drawing space.
/** The drawing space of every scene; the output is scaled (and cropped for other aspect ratios). */
export const W = 960;
export const H = 720;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export type Rng = () => number;

export const mulberry32 = (seed: number): Rng => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const hashString = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
};

export const range = (rng: Rng, min: number, max: number): number => min + (max - min) * rng();
export const int = (rng: Rng, min: number, max: number): number => Math.floor(range(rng, min, max + 1));
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const chance = (rng: Rng, p: number): boolean => rng() < p;

// ---------------------------------------------------------------------------------------------
// Colours

export type Rgb = [number, number, number];

export const parseHex = (hex: string): Rgb => {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return [128, 128, 128];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
};

export const toHex = ([r, g, b]: Rgb): string =>
  '#' +
  [r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

export const mix = (a: string, b: string, t: number): string => {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
};

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

export const luminance = (c: string): number => {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** Palette sorted darkest first, padded to at least 4 colours. */
export const normalisePalette = (palette: readonly string[]): string[] => {
  const colours = palette.filter((c) => /^#?[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(c.trim()));
  if (colours.length === 0) colours.push('#1d2b53', '#7e2553', '#ff77a8', '#ffccaa');
  const sorted = colours.map((c) => toHex(parseHex(c))).sort((a, b) => luminance(a) - luminance(b));
  while (sorted.length < 4) {
    const first = sorted[0] as string;
    const last = sorted[sorted.length - 1] as string;
    if (sorted.length === 1) sorted.push(lighten(first, 0.6));
    else sorted.splice(sorted.length - 1, 0, mix(sorted[sorted.length - 2] as string, last, 0.5));
  }
  return sorted;
};

/** A colour along the palette ramp, t in 0 (darkest) .. 1 (lightest). */
export const ramp = (p: readonly string[], t: number): string => {
  const x = Math.max(0, Math.min(1, t)) * (p.length - 1);
  const i = Math.min(p.length - 2, Math.floor(x));
  return mix(p[i] as string, p[i + 1] as string, x - i);
};

// ---------------------------------------------------------------------------------------------
// SVG building blocks

export const f = (n: number): string => (Math.round(n * 10) / 10).toString();

export interface Ctx {
  rng: Rng;
  /** spreads discrete choices (which creature, day or night) evenly over prompts and their images */
  variant: number;
  p: string[];
  defs: string[];
  nextId: () => string;
  /** with a subject: the only optional features the scene draws (the ocean's lighthouse); none when empty */
  features?: ReadonlySet<string>;
}

export const linear = (
  ctx: Ctx,
  stops: [number, string, number?][],
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string => {
  const id = ctx.nextId();
  ctx.defs.push(
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
      stops
        .map(
          ([o, c, a]) =>
            `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
        )
        .join('') +
      '</linearGradient>',
  );
  return `url(#${id})`;
};

export const radial = (ctx: Ctx, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string => {
  const id = ctx.nextId();
  ctx.defs.push(
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
      stops
        .map(
          ([o, c, a]) =>
            `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
        )
        .join('') +
      '</radialGradient>',
  );
  return `url(#${id})`;
};

export const blur = (ctx: Ctx, std: number): string => {
  const id = ctx.nextId();
  ctx.defs.push(
    `<filter id="${id}" x="-4%" y="-4%" width="108%" height="108%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
  );
  return `url(#${id})`;
};

/** A soft round glow drawn with a radial gradient (cheaper than a blur filter). */
export const glow = (ctx: Ctx, cx: number, cy: number, r: number, colour: string, opacity: number): string =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${radial(ctx, [
    [0, colour, opacity],
    [0.45, colour, opacity * 0.35],
    [1, colour, 0],
  ])}"/>`;

export type Pt = [number, number];

/** A smooth path through points (Catmull-Rom converted to cubic Béziers). */
export const smoothPath = (pts: Pt[], closed: boolean): string => {
  const n = pts.length;
  if (n < 2) return '';
  const at = (i: number): Pt => {
    if (closed) return pts[((i % n) + n) % n] as Pt;
    return pts[Math.max(0, Math.min(n - 1, i))] as Pt;
  };
  let d = `M${f(at(0)[0])},${f(at(0)[1])}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? d + 'Z' : d;
};

/** A ridge line by midpoint displacement: 2^levels + 1 heights across the width. */
export const ridge = (rng: Rng, levels: number, amplitude: number, roughness: number): number[] => {
  const n = 2 ** levels;
  const h = new Array<number>(n + 1).fill(0);
  h[0] = range(rng, -0.5, 0.5) * amplitude;
  h[n] = range(rng, -0.5, 0.5) * amplitude;
  let step = n;
  let amp = amplitude;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) {
      h[i] = ((h[i - half] as number) + (h[i + half] as number)) / 2 + range(rng, -0.5, 0.5) * amp;
    }
    amp *= roughness;
    step = half;
  }
  return h;
};

export const stars = (ctx: Ctx, count: number, maxY: number, colour: string): string => {
  const { rng } = ctx;
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = rng() < 0.9 ? range(rng, 0.6, 1.6) : range(rng, 1.8, 2.8);
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, maxY) * range(rng, 0.3, 1))}" r="${f(r)}" fill="${colour}" opacity="${f(range(rng, 0.35, 1))}"/>`;
  }
  return out;
};

export const sparkle = (x: number, y: number, size: number, colour: string, opacity: number): string =>
  `<path d="M${f(x)},${f(y - size)} Q${f(x)},${f(y)} ${f(x + size)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y + size)} Q${f(x)},${f(y)} ${f(x - size)},${f(y)} Q${f(x)},${f(y)} ${f(x)},${f(y - size)}Z" fill="${colour}" opacity="${opacity}"/>`;

export const isDark = (p: readonly string[]): boolean => luminance(p[1] as string) < 0.28;

/** A soft mist band across the picture, drawn as a vertical gradient. */
export const mistBand = (ctx: Ctx, y: number, height: number, colour: string, opacity: number): string =>
  `<rect x="0" y="${f(y - height / 2)}" width="${W}" height="${f(height)}" fill="${linear(ctx, [
    [0, colour, 0],
    [0.5, colour, opacity],
    [1, colour, 0],
  ])}"/>`;

export const vignette = (ctx: Ctx, strength: number): string =>
  `<rect width="${W}" height="${H}" fill="${radial(
    ctx,
    [
      [0.55, '#000000', 0],
      [1, '#000000', strength],
    ],
    0.5,
    0.5,
    0.75,
  )}"/>`;

export const skyGradient = (ctx: Ctx, top: string, horizon: string, bottomY = H): string =>
  `<rect width="${W}" height="${bottomY}" fill="${linear(ctx, [
    [0, top],
    [0.55, mix(top, horizon, 0.55)],
    [1, horizon],
  ])}"/>`;
