// The graphic scenes of the example images (server/images/render.ts): abstract ribbons and lines over
// glows, and geometric tiles in the Bauhaus manner (or, now and then, an object on a podium).
import {
  type Ctx,
  H,
  type Pt,
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
  smoothPath,
  vignette,
} from '../svg.ts';

export function abstract(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  let out = `<rect width="${W}" height="${H}" fill="${linear(
    ctx,
    [
      [0, p[0] as string],
      [1, mix(p[1] as string, p[0] as string, 0.4)],
    ],
    0,
    0,
    range(rng, 0.3, 1),
    1,
  )}"/>`;
  for (let i = 0; i < 5; i++) {
    out += glow(
      ctx,
      range(rng, 0, W),
      range(rng, 0, H),
      range(rng, 260, 480),
      pick(rng, p.slice(1)),
      range(rng, 0.4, 0.7),
    );
  }
  // flowing ribbons: the area between two wavy curves, shaded across its width
  const ribbons = int(rng, 3, 5);
  const tilt = range(rng, -25, 25);
  out += `<g transform="rotate(${f(tilt)} ${W / 2} ${H / 2})">`;
  for (let i = 0; i < ribbons; i++) {
    const y0 = range(rng, H * 0.05, H * 0.95);
    const thick = range(rng, 60, 170);
    const amp = range(rng, 50, 150);
    const freq = range(rng, 0.5, 1.3);
    const phase = range(rng, 0, Math.PI * 2);
    const twist = range(rng, 0.6, 1.6);
    const upper: Pt[] = [];
    const lower: Pt[] = [];
    for (let k = 0; k <= 18; k++) {
      const x = (k / 18) * (W + 400) - 200;
      const wave = amp * Math.sin((x / W) * Math.PI * 2 * freq + phase);
      const width = thick * (0.35 + 0.65 * Math.abs(Math.cos((x / W) * Math.PI * twist + phase)));
      upper.push([x, y0 + wave - width / 2]);
      lower.push([x, y0 + wave + width / 2]);
    }
    const c1 = pick(rng, p.slice(1));
    const c2 = pick(rng, p.slice(2));
    const d = smoothPath(upper, false) + smoothPath([...lower].reverse(), false).replace('M', 'L') + 'Z';
    out += `<path d="${d}" fill="${linear(
      ctx,
      [
        [0, darken(c1, 0.25)],
        [0.5, lighten(c2, 0.15)],
        [1, c1],
      ],
      0,
      0,
      1,
      0.3,
    )}" opacity="${f(range(rng, 0.8, 0.95))}"/>`;
    out += `<path d="${smoothPath(upper, false)}" fill="none" stroke="${lighten(c2, 0.6)}" stroke-width="2" opacity="0.45"/>`;
  }
  out += '</g>';
  // fine lines
  const lineColour = lighten(last, 0.6);
  const y0 = range(rng, H * 0.2, H * 0.8);
  const amp = range(rng, 40, 120);
  const freq = range(rng, 0.8, 2);
  const phase = range(rng, 0, 6);
  for (let l = 0; l < 12; l++) {
    const pts: Pt[] = [];
    for (let k = 0; k <= 16; k++) {
      const x = (k / 16) * (W + 100) - 50;
      pts.push([x, y0 + l * 8 + amp * Math.sin((x / W) * Math.PI * 2 * freq + phase + l * 0.1)]);
    }
    out += `<path d="${smoothPath(pts, false)}" fill="none" stroke="${lineColour}" stroke-width="1.2" opacity="${f(0.06 + 0.2 * Math.sin((l / 11) * Math.PI))}"/>`;
  }
  for (let i = 0; i < int(rng, 2, 4); i++) {
    const r = range(rng, 20, 70);
    const c = pick(rng, p.slice(2));
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, H))}" r="${f(r)}" fill="${radial(
      ctx,
      [
        [0, lighten(c, 0.6)],
        [1, darken(c, 0.2)],
      ],
      0.35,
      0.3,
      0.8,
    )}"/>`;
  }
  for (let i = 0; i < int(rng, 8, 16); i++) {
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, H))}" r="${f(range(rng, 1.5, 4))}" fill="${lineColour}" opacity="${f(range(rng, 0.3, 0.8))}"/>`;
  }
  return out + vignette(ctx, 0.3);
}

export function geometric(ctx: Ctx): string {
  const { rng, p } = ctx;
  const cream = mix(lighten(p[p.length - 1] as string, 0.6), '#f3ede1', 0.6);
  const colours = [...p, cream];
  let out = `<rect width="${W}" height="${H}" fill="${cream}"/>`;
  if (chance(rng, 0.35)) {
    // podium composition for product-like pictures
    const wall = mix(cream, p[p.length - 2] as string, 0.35);
    out += `<rect width="${W}" height="${H}" fill="${linear(ctx, [
      [0, lighten(wall, 0.15)],
      [1, darken(wall, 0.08)],
    ])}"/>`;
    const archX = W / 2 + range(rng, -140, 140);
    const archW = range(rng, 220, 300);
    out += `<path d="M${f(archX - archW / 2)},${H}V${f(260)}A${f(archW / 2)},${f(archW / 2)} 0 0 1 ${f(archX + archW / 2)},260V${H}Z" fill="${mix(wall, p[1] as string, 0.4)}"/>`;
    out += `<circle cx="${f(archX + archW * 0.9)}" cy="${f(range(rng, 120, 220))}" r="${f(range(rng, 50, 90))}" fill="${pick(rng, p.slice(2))}"/>`;
    const floorY = H * 0.78;
    out += `<rect x="0" y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${darken(wall, 0.12)}"/>`;
    const podX = W / 2 + range(rng, -60, 60);
    const podW = range(rng, 180, 240);
    const podH = range(rng, 70, 120);
    const podC = pick(rng, p.slice(1, p.length - 1));
    out += `<ellipse cx="${f(podX)}" cy="${f(floorY + 10)}" rx="${f(podW * 0.7)}" ry="22" fill="#000" opacity="0.15"/>`;
    out += `<path d="M${f(podX - podW / 2)},${f(floorY - podH)}V${f(floorY)}A${f(podW / 2)},24 0 0 0 ${f(podX + podW / 2)},${f(floorY)}V${f(floorY - podH)}Z" fill="${linear(
      ctx,
      [
        [0, darken(podC, 0.15)],
        [0.45, lighten(podC, 0.15)],
        [1, darken(podC, 0.3)],
      ],
      0,
      0,
      1,
      0,
    )}"/>`;
    out += `<ellipse cx="${f(podX)}" cy="${f(floorY - podH)}" rx="${f(podW / 2)}" ry="24" fill="${lighten(podC, 0.25)}"/>`;
    const objC = pick(rng, p);
    const shape = int(rng, 0, 2);
    const oy = floorY - podH;
    if (shape === 0) {
      out += `<circle cx="${f(podX)}" cy="${f(oy - 70)}" r="70" fill="${radial(
        ctx,
        [
          [0, lighten(objC, 0.5)],
          [1, darken(objC, 0.3)],
        ],
        0.35,
        0.3,
        0.8,
      )}"/>`;
    } else if (shape === 1) {
      // bottle
      out += `<path d="M${f(podX - 45)},${f(oy)}V${f(oy - 120)}Q${f(podX - 45)},${f(oy - 150)} ${f(podX - 15)},${f(oy - 155)}V${f(oy - 200)}H${f(podX + 15)}V${f(oy - 155)}Q${f(podX + 45)},${f(oy - 150)} ${f(podX + 45)},${f(oy - 120)}V${f(oy)}Z" fill="${linear(
        ctx,
        [
          [0, darken(objC, 0.2)],
          [0.35, lighten(objC, 0.35)],
          [1, darken(objC, 0.35)],
        ],
        0,
        0,
        1,
        0,
      )}"/>`;
      out += `<rect x="${f(podX - 20)}" y="${f(oy - 235)}" width="40" height="38" rx="5" fill="${darken(objC, 0.4)}"/>`;
    } else {
      out += `<rect x="${f(podX - 60)}" y="${f(oy - 120)}" width="120" height="120" rx="14" fill="${linear(
        ctx,
        [
          [0, lighten(objC, 0.3)],
          [1, darken(objC, 0.25)],
        ],
        0,
        0,
        1,
        1,
      )}"/>`;
    }
    return out + vignette(ctx, 0.2);
  }
  const cols = pick(rng, [4, 4, 5]);
  const cell = W / cols;
  const rows = Math.ceil(H / cell);
  const oy = (H - rows * cell) / 2;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c * cell;
      const y = oy + r * cell;
      const bgc = pick(rng, colours);
      let fg = pick(rng, colours);
      if (fg === bgc) fg = colours[(colours.indexOf(bgc) + 2) % colours.length] as string;
      out += `<rect x="${f(x)}" y="${f(y)}" width="${f(cell + 0.5)}" height="${f(cell + 0.5)}" fill="${bgc}"/>`;
      const motif = int(rng, 0, 7);
      const rot = int(rng, 0, 3) * 90;
      const m = `transform="rotate(${rot} ${f(x + cell / 2)} ${f(y + cell / 2)})"`;
      if (motif === 0)
        out += `<circle cx="${f(x + cell / 2)}" cy="${f(y + cell / 2)}" r="${f(cell * 0.38)}" fill="${fg}"/>`;
      else if (motif === 1)
        out += `<path ${m} d="M${f(x)},${f(y + cell)}A${f(cell / 2)},${f(cell / 2)} 0 0 1 ${f(x + cell)},${f(y + cell)}Z" fill="${fg}"/>`;
      else if (motif === 2)
        out += `<path ${m} d="M${f(x)},${f(y)}H${f(x + cell)}A${f(cell)},${f(cell)} 0 0 1 ${f(x)},${f(y + cell)}Z" fill="${fg}"/>`;
      else if (motif === 3)
        out += `<path ${m} d="M${f(x)},${f(y + cell)}L${f(x + cell / 2)},${f(y)}L${f(x + cell)},${f(y + cell)}Z" fill="${fg}"/>`;
      else if (motif === 4) {
        for (let k = 0; k < 4; k++)
          out += `<rect ${m} x="${f(x)}" y="${f(y + (k * cell) / 4 + cell / 16)}" width="${f(cell)}" height="${f(cell / 8)}" fill="${fg}"/>`;
      } else if (motif === 5) {
        for (let k = 3; k >= 1; k--)
          out += `<circle cx="${f(x + cell / 2)}" cy="${f(y + cell / 2)}" r="${f((cell * 0.42 * k) / 3)}" fill="${k % 2 === 1 ? fg : bgc}"/>`;
      } else if (motif === 6) {
        for (let i = 0; i < 4; i++)
          for (let j = 0; j < 4; j++)
            out += `<circle cx="${f(x + cell * (0.2 + i * 0.2))}" cy="${f(y + cell * (0.2 + j * 0.2))}" r="${f(cell * 0.045)}" fill="${fg}"/>`;
      } else {
        out += `<path ${m} d="M${f(x)},${f(y)}L${f(x + cell)},${f(y + cell)}L${f(x)},${f(y + cell)}Z" fill="${fg}"/>`;
      }
    }
  }
  // one bold overlapping accent
  out += `<circle cx="${f(range(rng, W * 0.2, W * 0.8))}" cy="${f(range(rng, H * 0.2, H * 0.8))}" r="${f(range(rng, 70, 140))}" fill="none" stroke="${p[0] as string}" stroke-width="${f(range(rng, 8, 18))}" opacity="0.85"/>`;
  return out;
}
