// The layouts that stand a subject in its prompt's scene (server/images/compose.ts): a hero figure on the
// ground or in the sky, a landmark among its props, a field of its plants, or its props sprinkled over.
import { iconBody } from '../illustrations.ts';
import { H, W, darken, f, glow, lighten, linear, mix, range } from '../svg.ts';
import { type Place, type Stage, figureFor, icon, place, propsFor, shadow, trail } from './stage.ts';

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

const HERO_POSES = [
  { x: 0.5, size: 0.56, flip: false },
  { x: 0.36, size: 0.5, flip: false },
  { x: 0.5, size: 0.8, flip: true },
  { x: 0.64, size: 0.5, flip: true },
] as const;

export function hero(st: Stage, ground: number, floating: boolean): string {
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

export function landmark(st: Stage): string {
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

export function field(st: Stage): string {
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

export function sprinkle(st: Stage): string {
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
