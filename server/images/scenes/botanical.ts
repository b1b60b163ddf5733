// The botanical scene of the example images (server/images/render.ts): stems with leaves and flowers,
// buds and seeds, on a light or a dark ground.
import {
  type Ctx,
  H,
  type Rng,
  W,
  chance,
  darken,
  f,
  int,
  lighten,
  mix,
  pick,
  range,
  vignette,
} from '../svg.ts';

function leaf(
  x: number,
  y: number,
  len: number,
  width: number,
  angle: number,
  fill: string,
  vein: string,
): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0,0Q${f(width)},${f(-len * 0.45)} 0,${f(-len)}Q${f(-width)},${f(-len * 0.45)} 0,0Z" fill="${fill}"/><path d="M0,0L0,${f(-len * 0.92)}" stroke="${vein}" stroke-width="1.6" opacity="0.6"/></g>`;
}

function flower(rng: Rng, x: number, y: number, r: number, petal: string, centre: string): string {
  const n = int(rng, 5, 8);
  const rot = range(rng, 0, 360);
  let s = `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`;
  for (let k = 0; k < n; k++) {
    s += `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.32)}" ry="${f(r * 0.55)}" fill="${petal}" transform="rotate(${f((k / n) * 360)})"/>`;
  }
  return s + `<circle r="${f(r * 0.24)}" fill="${centre}"/></g>`;
}

export function botanical(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const darkBg = chance(rng, 0.45);
  const bg = darkBg ? darken(p[0] as string, 0.3) : lighten(last, 0.55);
  let out = `<rect width="${W}" height="${H}" fill="${bg}"/>`;
  out += `<circle cx="${f(range(rng, W * 0.3, W * 0.7))}" cy="${f(range(rng, H * 0.3, H * 0.5))}" r="${f(range(rng, 180, 260))}" fill="${darkBg ? mix(bg, p[1] as string, 0.6) : mix(bg, p[p.length - 2] as string, 0.35)}"/>`;
  const greens = [p[0] as string, p[1] as string, p[2] as string].map((c) => (darkBg ? lighten(c, 0.1) : c));
  const stems = int(rng, 3, 5);
  const flowers: string[] = [];
  for (let s = 0; s < stems; s++) {
    const x0 = W / 2 + range(rng, -160, 160);
    const topX = x0 + range(rng, -300, 300);
    const topY = range(rng, 60, 260);
    const ctrlX = (x0 + topX) / 2 + range(rng, -120, 120);
    const ctrlY = (H + topY) / 2;
    const stemColour = pick(rng, greens);
    out += `<path d="M${f(x0)},${H + 10}Q${f(ctrlX)},${f(ctrlY)} ${f(topX)},${f(topY)}" fill="none" stroke="${stemColour}" stroke-width="${f(range(rng, 4, 7))}" stroke-linecap="round"/>`;
    const leaves = int(rng, 5, 9);
    for (let k = 1; k <= leaves; k++) {
      const t = k / (leaves + 1);
      const bx = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * ctrlX + t * t * topX;
      const by = (1 - t) * (1 - t) * (H + 10) + 2 * (1 - t) * t * ctrlY + t * t * topY;
      const side = k % 2 === 0 ? 1 : -1;
      const len = range(rng, 70, 150) * (1 - t * 0.4);
      const fill = pick(rng, greens);
      out += leaf(
        bx,
        by,
        len,
        len * range(rng, 0.3, 0.45),
        side * range(rng, 35, 70),
        fill,
        lighten(fill, 0.4),
      );
    }
    const petal = pick(rng, p.slice(p.length - 2));
    if (chance(rng, 0.8))
      flowers.push(flower(rng, topX, topY, range(rng, 40, 70), petal, darken(pick(rng, p.slice(1)), 0.1)));
  }
  // small buds and seeds
  for (let i = 0; i < int(rng, 4, 9); i++) {
    const c = pick(rng, p.slice(2));
    flowers.push(
      flower(rng, range(rng, 30, W - 30), range(rng, 30, H - 120), range(rng, 14, 26), c, lighten(c, 0.5)),
    );
  }
  out += flowers.join('');
  for (let i = 0; i < int(rng, 10, 20); i++) {
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, H))}" r="${f(range(rng, 2, 5))}" fill="${darkBg ? lighten(last, 0.3) : (p[1] as string)}" opacity="0.5"/>`;
  }
  out += vignette(ctx, darkBg ? 0.35 : 0.12);
  return out;
}
