// The space scene of the example images (server/images/render.ts): nebulae and stars around a planet,
// ringed or not, with its moons.
import {
  type Ctx,
  H,
  W,
  chance,
  darken,
  f,
  glow,
  int,
  lighten,
  linear,
  mix,
  pick,
  radial,
  range,
  sparkle,
  stars,
  vignette,
} from '../svg.ts';

export function space(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const bg = darken(p[0] as string, 0.45);
  let out = `<rect width="${W}" height="${H}" fill="${radial(
    ctx,
    [
      [0, mix(p[0] as string, p[1] as string, 0.35)],
      [1, bg],
    ],
    range(rng, 0.3, 0.7),
    range(rng, 0.3, 0.7),
    0.8,
  )}"/>`;
  // nebula clouds
  for (let i = 0; i < int(rng, 4, 7); i++) {
    const colour = pick(rng, p.slice(1));
    const cx = range(rng, 0, W);
    const cy = range(rng, 0, H);
    const rx = range(rng, 160, 380);
    out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * range(rng, 0.35, 0.8))}" transform="rotate(${f(range(rng, -40, 40))} ${f(cx)} ${f(cy)})" fill="${radial(
      ctx,
      [
        [0, colour, range(rng, 0.3, 0.55)],
        [0.6, colour, 0.12],
        [1, colour, 0],
      ],
    )}"/>`;
  }
  out += stars(ctx, 170, H, '#ffffff');
  for (let i = 0; i < int(rng, 3, 6); i++) {
    out += sparkle(range(rng, 0, W), range(rng, 0, H), range(rng, 6, 14), lighten(last, 0.7), 0.85);
  }
  // main planet
  const cx = range(rng, W * 0.25, W * 0.75);
  const cy = range(rng, H * 0.3, H * 0.75);
  const r = range(rng, 110, 200);
  const base = pick(rng, p.slice(1));
  const light = lighten(mix(base, last, 0.4), 0.2);
  const tilt = range(rng, -28, 28);
  const ringed = chance(rng, 0.6);
  const ringColour = lighten(mix(last, base, 0.3), 0.2);
  const ring = (front: boolean): string => {
    if (!ringed) return '';
    const clipId = ctx.nextId();
    ctx.defs.push(
      `<clipPath id="${clipId}"><rect x="${f(cx - r * 3)}" y="${front ? f(cy) : f(cy - r * 3)}" width="${f(r * 6)}" height="${f(r * 3)}"/></clipPath>`,
    );
    let s = `<g transform="rotate(${f(tilt)} ${f(cx)} ${f(cy)})"><g clip-path="url(#${clipId})">`;
    for (let k = 0; k < 4; k++) {
      s += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * (1.45 + k * 0.17))}" ry="${f(r * (0.28 + k * 0.035))}" fill="none" stroke="${ringColour}" stroke-width="${f(range(rng, 4, 14))}" opacity="${f(range(rng, 0.35, 0.8))}"/>`;
    }
    return s + '</g></g>';
  };
  out += glow(ctx, cx, cy, r * 1.45, lighten(base, 0.3), 0.45);
  out += ring(false);
  const planetClip = ctx.nextId();
  ctx.defs.push(`<clipPath id="${planetClip}"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath>`);
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${radial(
    ctx,
    [
      [0, light],
      [0.6, base],
      [1, darken(base, 0.35)],
    ],
    0.35,
    0.3,
    0.85,
  )}"/>`;
  out += `<g clip-path="url(#${planetClip})" transform="rotate(${f(tilt)} ${f(cx)} ${f(cy)})">`;
  for (let k = 0; k < int(rng, 4, 8); k++) {
    const y = cy - r + range(rng, 0, 2 * r);
    out += `<rect x="${f(cx - r)}" y="${f(y)}" width="${f(2 * r)}" height="${f(range(rng, 6, 30))}" fill="${pick(rng, p)}" opacity="${f(range(rng, 0.12, 0.3))}"/>`;
  }
  out += '</g>';
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${linear(
    ctx,
    [
      [0, '#000000', 0],
      [0.55, '#000000', 0.05],
      [1, '#000000', 0.65],
    ],
    0.15,
    0.1,
    0.95,
    0.9,
  )}"/>`;
  out += ring(true);
  // moons
  for (let i = 0; i < int(rng, 1, 3); i++) {
    const mr = range(rng, 12, 40);
    const a = range(rng, 0, Math.PI * 2);
    const d = r * range(rng, 1.8, 2.6);
    const mx = cx + Math.cos(a) * d;
    const my = cy + Math.sin(a) * d * 0.7;
    const mc = pick(rng, p.slice(2));
    out += `<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr)}" fill="${radial(
      ctx,
      [
        [0, lighten(mc, 0.4)],
        [1, darken(mc, 0.45)],
      ],
      0.35,
      0.3,
      0.8,
    )}"/>`;
  }
  out += vignette(ctx, 0.45);
  return out;
}
