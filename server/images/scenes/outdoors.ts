// The outdoor scenes of the example images (server/images/render.ts): a landscape of ridges under a sun or
// the stars, a city skyline by day or night over its water, and the open ocean with its waves.
import {
  type Ctx,
  H,
  type Pt,
  W,
  blur,
  chance,
  darken,
  f,
  glow,
  int,
  isDark,
  lighten,
  linear,
  luminance,
  mistBand,
  mix,
  pick,
  range,
  ridge,
  skyGradient,
  smoothPath,
  stars,
  vignette,
} from '../svg.ts';

export function landscape(ctx: Ctx): string {
  const { rng, p } = ctx;
  // night only for night palettes (and now and then for dusky ones)
  const dark = luminance(p[2] as string) < 0.3 || (isDark(p) && ctx.variant % 4 === 3);
  const last = p[p.length - 1] as string;
  const top = dark ? (p[0] as string) : mix(p[2] as string, p[1] as string, 0.45);
  const horizon = dark ? mix(p[2] as string, last, 0.4) : lighten(last, 0.05);
  let out = skyGradient(ctx, top, horizon, H);
  if (dark) out += stars(ctx, 110, H * 0.55, lighten(last, 0.7));

  const sunX = range(rng, W * 0.18, W * 0.82);
  const sunY = range(rng, H * 0.18, H * 0.42);
  const sunR = range(rng, 34, 70);
  const sunColour = dark ? lighten(last, 0.75) : lighten(last, 0.55);
  out += glow(ctx, sunX, sunY, sunR * 5, sunColour, dark ? 0.35 : 0.55);
  out += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${sunColour}" opacity="0.95"/>`;

  // birds
  if (!dark && chance(rng, 0.6)) {
    const bx = range(rng, W * 0.2, W * 0.7);
    const by = range(rng, H * 0.12, H * 0.3);
    for (let i = 0; i < int(rng, 3, 6); i++) {
      const x = bx + range(rng, -90, 90);
      const y = by + range(rng, -35, 35);
      const s = range(rng, 6, 11);
      out += `<path d="M${f(x - s)},${f(y - s * 0.4)} Q${f(x - s / 2)},${f(y - s * 0.7)} ${f(x)},${f(y)} Q${f(x + s / 2)},${f(y - s * 0.7)} ${f(x + s)},${f(y - s * 0.4)}" fill="none" stroke="${darken(p[0] as string, 0.2)}" stroke-width="2" stroke-linecap="round" opacity="0.7"/>`;
    }
  }

  const lake = chance(rng, 0.45);
  const layers = int(rng, 4, 6);
  const bottomLimit = lake ? H * 0.72 : H;
  const mistColour = lighten(horizon, 0.35);
  const mistAfter = new Set([int(rng, 0, 1), int(rng, 2, layers - 2)]);
  for (let i = 0; i < layers; i++) {
    const t = (i + 1) / layers;
    const far = i / Math.max(1, layers - 1); // 0 far .. 1 near
    const base = (lake ? H * 0.7 : H * 0.86) - (1 - far) * H * (lake ? 0.2 : 0.3);
    const amp = i === 0 ? range(rng, 200, 300) : (230 - far * 170) * range(rng, 0.75, 1.1);
    const raw = ridge(rng, 6, 1, i < 2 ? 0.62 : 0.5);
    const lo = Math.min(...raw);
    const hi = Math.max(...raw);
    const h = raw.map((v) => (v - lo) / (hi - lo || 1));
    const colour = mix(mix(horizon, p[1] as string, 0.35), darken(p[0] as string, 0.25), t);
    const pts: Pt[] = h.map((v, j) => [(j / (h.length - 1)) * (W + 40) - 20, base - v * amp]);
    const line = far > 0.6 ? smoothPath(pts, false) : `M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}`;
    out += `<path d="M-20,${bottomLimit + 10}${line.replace('M', 'L')}L${W + 20},${bottomLimit + 10}Z" fill="${linear(
      ctx,
      [
        [0, lighten(colour, 0.1)],
        [1, darken(colour, 0.15)],
      ],
    )}"/>`;
    if (i < 2 && chance(rng, 0.7)) {
      // snow caps on the far peaks
      const cap = lighten(horizon, 0.55);
      for (let k = 1; k < pts.length - 1; k++) {
        const [x, y] = pts[k] as Pt;
        let peak = (h[k] as number) > 0.72;
        for (let j = Math.max(0, k - 4); j <= Math.min(pts.length - 1, k + 4) && peak; j++) {
          if (j !== k && (pts[j] as Pt)[1] <= y) peak = false;
        }
        if (peak) {
          const d = 18 + (h[k] as number) * 16;
          const along = (q: Pt): Pt => {
            const t = Math.min(1, d / Math.max(1, q[1] - y));
            return [x + (q[0] - x) * t, y + (q[1] - y) * t];
          };
          const l = along(pts[k - 1] as Pt);
          const r = along(pts[k + 1] as Pt);
          out += `<path d="M${f(x)},${f(y)}L${f(r[0])},${f(r[1])}L${f((x + r[0]) / 2)},${f(y + d * 0.7)}L${f(x)},${f(y + d * 1.05)}L${f((x + l[0]) / 2)},${f(y + d * 0.65)}L${f(l[0])},${f(l[1])}Z" fill="${cap}" opacity="0.8"/>`;
        }
      }
    }
    if (i === layers - 1 && chance(rng, 0.7)) {
      // pine trees along the nearest ridge
      const treeColour = darken(colour, 0.25);
      for (let k = 0; k < pts.length; k += int(rng, 1, 3)) {
        const [x, y] = pts[k] as Pt;
        const th = range(rng, 30, 80);
        const tw = th * 0.32;
        out += `<path d="M${f(x)},${f(y - th)}L${f(x + tw)},${f(y + 6)}L${f(x - tw)},${f(y + 6)}Z" fill="${treeColour}"/>`;
      }
    }
    if (mistAfter.has(i)) out += mistBand(ctx, base - amp * 0.1, 90, mistColour, 0.3 + 0.15 * rng());
  }

  if (lake) {
    const y0 = H * 0.72;
    out += `<rect x="0" y="${f(y0)}" width="${W}" height="${f(H - y0)}" fill="${linear(ctx, [
      [0, mix(horizon, p[1] as string, 0.25)],
      [1, mix(top, p[0] as string, 0.5)],
    ])}"/>`;
    // sun reflection and ripples
    for (let i = 0; i < 22; i++) {
      const y = y0 + 6 + i * ((H - y0) / 22);
      const w = range(rng, 20, 90) * (1 + i / 12);
      out += `<rect x="${f(sunX - w / 2 + range(rng, -12, 12))}" y="${f(y)}" width="${f(w)}" height="2.4" rx="1.2" fill="${sunColour}" opacity="${f(0.55 - i * 0.018)}"/>`;
    }
    for (let i = 0; i < 14; i++) {
      const y = range(rng, y0 + 8, H - 10);
      const x = range(rng, 0, W);
      out += `<rect x="${f(x)}" y="${f(y)}" width="${f(range(rng, 40, 160))}" height="1.6" fill="${lighten(horizon, 0.3)}" opacity="0.25"/>`;
    }
    // near shore
    const shore = ridge(rng, 5, 60, 0.5).map((v, j, a): Pt => [
      (j / (a.length - 1)) * (W + 40) - 20,
      H - 40 - Math.abs(v),
    ]);
    out += `<path d="M-20,${H + 10}${smoothPath(shore, false).replace('M', 'L')}L${W + 20},${H + 10}Z" fill="${darken(p[0] as string, 0.35)}"/>`;
  }
  out += vignette(ctx, 0.35);
  return out;
}

export function city(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const night = isDark(p) || chance(rng, 0.5);
  const top = night ? darken(p[0] as string, 0.2) : mix(p[1] as string, p[0] as string, 0.2);
  const horizon = night ? mix(p[1] as string, p[2] as string, 0.6) : last;
  const waterY = chance(rng, 0.6) ? H * range(rng, 0.7, 0.78) : H;
  let out = skyGradient(ctx, top, horizon, waterY);
  if (night) out += stars(ctx, 70, H * 0.4, lighten(last, 0.7));
  const moonX = range(rng, W * 0.15, W * 0.85);
  const moonY = range(rng, H * 0.12, H * 0.3);
  const moonR = range(rng, 28, 55);
  const moonColour = lighten(last, night ? 0.7 : 0.5);
  out += glow(ctx, moonX, moonY, moonR * 4.5, moonColour, 0.35);
  out += `<circle cx="${f(moonX)}" cy="${f(moonY)}" r="${f(moonR)}" fill="${moonColour}"/>`;

  const windowLit = night ? lighten(pick(rng, p.slice(2)), 0.45) : lighten(last, 0.4);
  const skyline = (layer: number): string => {
    let s = '';
    const colour =
      layer === 0
        ? mix(horizon, p[1] as string, 0.55)
        : layer === 1
          ? mix(p[0] as string, p[1] as string, 0.5)
          : darken(p[0] as string, 0.3);
    const baseY = waterY;
    const shade = `url(#${ctx.nextId()})`;
    ctx.defs.push(
      `<linearGradient id="${shade.slice(5, -1)}" gradientUnits="userSpaceOnUse" x1="0" y1="${f(baseY - 340)}" x2="0" y2="${f(baseY)}">` +
        `<stop offset="0" stop-color="${lighten(colour, 0.12)}"/><stop offset="1" stop-color="${darken(colour, 0.12)}"/></linearGradient>`,
    );
    let x = -20;
    while (x < W + 20) {
      const bw = layer === 0 ? range(rng, 30, 70) : range(rng, 45, 110);
      const bh = layer === 0 ? range(rng, 120, 330) : layer === 1 ? range(rng, 90, 300) : range(rng, 40, 170);
      const y = baseY - bh;
      s += `<rect x="${f(x)}" y="${f(y)}" width="${f(bw + 1)}" height="${f(bh + 2)}" fill="${shade}"/>`;
      const roof = rng();
      if (roof < 0.18) {
        s += `<rect x="${f(x + bw / 2 - 1.5)}" y="${f(y - range(rng, 20, 60))}" width="3" height="60" fill="${colour}"/>`;
      } else if (roof < 0.32) {
        s += `<path d="M${f(x)},${f(y)}L${f(x + bw / 2)},${f(y - bw * 0.5)}L${f(x + bw)},${f(y)}Z" fill="${colour}"/>`;
      } else if (roof < 0.45) {
        s += `<rect x="${f(x + bw * 0.2)}" y="${f(y - 18)}" width="${f(bw * 0.6)}" height="19" fill="${colour}"/>`;
      }
      if (layer >= 1 && night) {
        const cols = Math.max(2, Math.floor(bw / 16));
        const rows = Math.floor((bh - 16) / 20);
        const density = range(rng, 0.15, 0.5);
        const gap = bw / cols;
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            if (rng() > density) continue;
            s += `<rect x="${f(x + c * gap + gap * 0.28)}" y="${f(y + 12 + r * 20)}" width="${f(gap * 0.44)}" height="9" fill="${windowLit}" opacity="${layer === 1 ? 0.55 : 0.9}"/>`;
          }
        }
      }
      x += bw + (layer === 0 ? range(rng, -10, 6) : range(rng, 0, 8));
    }
    return s;
  };
  out += `<g id="far">${skyline(0)}</g>`;
  out += mistBand(ctx, waterY - 60, 160, lighten(horizon, 0.2), 0.4);
  out += `<g id="mid">${skyline(1)}</g>`;
  out += `<g id="near">${skyline(2)}</g>`;
  if (waterY < H) {
    out += `<rect x="0" y="${f(waterY)}" width="${W}" height="${f(H - waterY)}" fill="${linear(ctx, [
      [0, mix(horizon, p[0] as string, 0.45)],
      [1, darken(p[0] as string, 0.4)],
    ])}"/>`;
    out += `<g transform="translate(0 ${f(2 * waterY)}) scale(1 -1)" opacity="0.35" filter="${blur(ctx, 3)}"><use href="#mid"/><use href="#near"/></g>`;
    out += glow(ctx, moonX, waterY + (waterY - moonY) * 0.35, moonR * 2, moonColour, 0.25);
    for (let i = 0; i < 26; i++) {
      const y = range(rng, waterY + 4, H - 4);
      out += `<rect x="${f(range(rng, -40, W))}" y="${f(y)}" width="${f(range(rng, 40, 220))}" height="1.8" fill="${lighten(horizon, 0.4)}" opacity="${f(range(rng, 0.1, 0.3))}"/>`;
    }
  } else {
    out += mistBand(ctx, H - 30, 120, windowLit, 0.25);
  }
  out += vignette(ctx, 0.4);
  return out;
}

export function ocean(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const horizonY = H * range(rng, 0.48, 0.6);
  const top = mix(p[1] as string, p[0] as string, 0.4);
  const horizon = lighten(last, 0.1);
  let out = skyGradient(ctx, top, horizon, horizonY + 2);
  if (isDark(p)) out += stars(ctx, 60, horizonY * 0.7, lighten(last, 0.7));
  const sunX = range(rng, W * 0.25, W * 0.75);
  const sunR = range(rng, 55, 110);
  const sunY = horizonY - range(rng, -sunR * 0.4, sunR * 1.6);
  const sunColour = lighten(mix(last, p[p.length - 2] as string, 0.3), 0.35);
  out += glow(ctx, sunX, sunY, sunR * 4, sunColour, 0.5);
  const clip = ctx.nextId();
  ctx.defs.push(`<clipPath id="${clip}"><rect width="${W}" height="${f(horizonY)}"/></clipPath>`);
  out += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${sunColour}" clip-path="url(#${clip})"/>`;
  // striped clouds
  const cloudColour = lighten(mix(p[2] as string, last, 0.5), 0.25);
  for (let i = 0; i < int(rng, 3, 6); i++) {
    const cy = range(rng, H * 0.08, horizonY - 60);
    const cx = range(rng, -100, W);
    const cw = range(rng, 160, 380);
    for (let k = 0; k < int(rng, 2, 4); k++) {
      out += `<rect x="${f(cx + range(rng, -40, 60))}" y="${f(cy + k * 16)}" width="${f(cw * range(rng, 0.5, 1))}" height="10" rx="5" fill="${cloudColour}" opacity="${f(range(rng, 0.35, 0.7))}"/>`;
    }
  }
  if (chance(rng, 0.5)) {
    const ix = range(rng, 0, W * 0.7);
    const iw = range(rng, 120, 320);
    const ih = range(rng, 15, 45);
    out += `<path d="M${f(ix)},${f(horizonY + 1)}Q${f(ix + iw * 0.3)},${f(horizonY - ih)} ${f(ix + iw * 0.55)},${f(horizonY - ih * 0.8)}T${f(ix + iw)},${f(horizonY + 1)}Z" fill="${mix(horizon, p[1] as string, 0.6)}"/>`;
  }
  out += `<rect x="0" y="${f(horizonY)}" width="${W}" height="${f(H - horizonY)}" fill="${linear(ctx, [
    [0, mix(horizon, p[2] as string, 0.5)],
    [0.35, p[1] as string],
    [1, darken(p[0] as string, 0.3)],
  ])}"/>`;
  // sun glitter
  for (let i = 0; i < 34; i++) {
    const t = i / 34;
    const y = horizonY + 4 + t * t * (H - horizonY) * 0.9;
    const w = range(rng, 10, 60) * (1 + t * 4);
    out += `<rect x="${f(sunX - w / 2 + range(rng, -20, 20) * (1 + t * 3))}" y="${f(y)}" width="${f(w)}" height="${f(2 + t * 4)}" rx="2" fill="${sunColour}" opacity="${f(0.7 - t * 0.45)}"/>`;
  }
  // waves, far to near
  const bands = int(rng, 4, 6);
  for (let i = 0; i < bands; i++) {
    const t = (i + 1) / bands;
    const base = horizonY + (H - horizonY) * (0.2 + 0.85 * t * t);
    const amp = 6 + 30 * t * t;
    const freq = range(rng, 1.5, 3.5) / (0.5 + t);
    const phase = range(rng, 0, Math.PI * 2);
    const pts: Pt[] = [];
    for (let k = 0; k <= 24; k++) {
      const x = (k / 24) * (W + 80) - 40;
      pts.push([
        x,
        base -
          amp * Math.sin((x / W) * Math.PI * 2 * freq + phase) -
          amp * 0.4 * Math.sin((x / W) * 17 + phase),
      ]);
    }
    const colour = lighten(
      mix(mix(p[1] as string, p[2] as string, 0.3), darken(p[0] as string, 0.35), t),
      i % 2 === 0 ? 0.07 : 0,
    );
    const line = smoothPath(pts, false);
    out += `<path d="${line}L${W + 40},${H + 10}L-40,${H + 10}Z" fill="${linear(ctx, [
      [0, lighten(colour, 0.12)],
      [1, darken(colour, 0.25)],
    ])}"/>`;
    out += `<path d="${line}" fill="none" stroke="${lighten(last, 0.6)}" stroke-width="${f(1 + t * 2)}" opacity="${f(0.12 + 0.25 * t)}" stroke-linecap="round"/>`;
  }
  // a rocky headland with a lighthouse
  if (ctx.features ? ctx.features.has('lighthouse') : chance(rng, 0.5)) {
    const side = chance(rng, 0.5) ? 1 : -1;
    const edge = side === 1 ? W + 20 : -20;
    const inner = side === 1 ? W - range(rng, 220, 320) : range(rng, 220, 320);
    const rockTop = horizonY + range(rng, 10, 60);
    const rock = darken(p[0] as string, 0.45);
    out += `<path d="M${f(edge)},${H + 10}L${f(inner - side * 60)},${H + 10}Q${f(inner)},${f(rockTop + 120)} ${f(inner + side * 60)},${f(rockTop + 30)}L${f(inner + side * 130)},${f(rockTop)}L${f(edge)},${f(rockTop - 20)}Z" fill="${rock}"/>`;
    const tx = inner + side * 150;
    const tb = rockTop + 4;
    const th = range(rng, 150, 200);
    const tower = lighten(mix(p[2] as string, last, 0.5), 0.2);
    out += `<path d="M${f(tx - 22)},${f(tb)}L${f(tx - 14)},${f(tb - th)}L${f(tx + 14)},${f(tb - th)}L${f(tx + 22)},${f(tb)}Z" fill="${tower}"/>`;
    for (let k = 1; k <= 3; k++) {
      const y = tb - (th * k) / 4;
      out += `<rect x="${f(tx - 22 + (8 * k) / 4)}" y="${f(y - 10)}" width="${f(44 - (16 * k) / 4)}" height="20" fill="${darken(pick(rng, p.slice(1)), 0.15)}"/>`;
    }
    const lampY = tb - th - 14;
    const beamColour = lighten(last, 0.6);
    out += `<path d="M${f(tx)},${f(lampY)}L${f(tx - side * 700)},${f(lampY - 90)}L${f(tx - side * 700)},${f(lampY + 60)}Z" fill="${linear(
      ctx,
      [
        [0, beamColour, 0.55],
        [1, beamColour, 0],
      ],
      side === 1 ? 1 : 0,
      0,
      side === 1 ? 0 : 1,
      0,
    )}"/>`;
    out += glow(ctx, tx, lampY, 60, beamColour, 0.8);
    out += `<rect x="${f(tx - 12)}" y="${f(lampY - 8)}" width="24" height="20" fill="${beamColour}"/>`;
    out += `<path d="M${f(tx - 16)},${f(lampY - 8)}L${f(tx)},${f(lampY - 26)}L${f(tx + 16)},${f(lampY - 8)}Z" fill="${rock}"/>`;
  }
  // gulls
  if (chance(rng, 0.6)) {
    for (let i = 0; i < int(rng, 2, 4); i++) {
      const x = range(rng, W * 0.1, W * 0.9);
      const y = range(rng, H * 0.1, horizonY * 0.6);
      const s = range(rng, 7, 13);
      out += `<path d="M${f(x - s)},${f(y - s * 0.3)} Q${f(x - s / 2)},${f(y - s * 0.8)} ${f(x)},${f(y)} Q${f(x + s / 2)},${f(y - s * 0.8)} ${f(x + s)},${f(y - s * 0.3)}" fill="none" stroke="${darken(p[0] as string, 0.1)}" stroke-width="2.2" stroke-linecap="round" opacity="0.75"/>`;
    }
  }
  out += vignette(ctx, 0.3);
  return out;
}
