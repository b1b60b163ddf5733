// Example images that the server generates itself (requirements §C3: nothing is fetched).
// Every prompt carries an ArtSpec (scene, palette, seed); renderPromptImage draws one poster-like
// illustration of that scene as SVG, procedurally and deterministically, and rasterises it to WebP
// with sharp. The same (spec, index, size) always gives the same bytes; another index gives another
// composition of the same scene and palette.
import sharp from 'sharp';
import type { ArtSpec } from './art-spec.ts';
import { composeSubject, treatmentFor, type Treatment } from './compose.ts';
import { SUBJECTS, isSubjectKey, type SubjectDef, type SubjectKey } from './subjects.ts';
import {
  type Ctx,
  H,
  type Pt,
  type Rng,
  W,
  blur,
  chance,
  darken,
  f,
  glow,
  hashString,
  int,
  isDark,
  lighten,
  linear,
  luminance,
  mistBand,
  mix,
  mulberry32,
  normalisePalette,
  pick,
  radial,
  range,
  ridge,
  skyGradient,
  smoothPath,
  sparkle,
  stars,
  toHex,
  vignette,
} from './svg.ts';

export const IMAGE_SIZES = {
  card: { width: 480, height: 360 },
  full: { width: 960, height: 720 },
} as const;

// ---------------------------------------------------------------------------------------------
// Scenes

function landscape(ctx: Ctx): string {
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

function city(ctx: Ctx): string {
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

function ocean(ctx: Ctx): string {
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

function space(ctx: Ctx): string {
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

function abstract(ctx: Ctx): string {
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

function portrait(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  let out = `<rect width="${W}" height="${H}" fill="${linear(
    ctx,
    [
      [0, mix(p[1] as string, p[0] as string, 0.2)],
      [1, darken(p[0] as string, 0.3)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  const cx = W / 2 + range(rng, -110, 110);
  const headY = range(rng, 265, 305);
  const haloR = range(rng, 190, 250);
  const haloColour = pick(rng, p.slice(2));
  // halo: disc plus rings or rays
  out += glow(ctx, cx, headY, haloR * 1.6, lighten(haloColour, 0.2), 0.5);
  const haloStyle = int(rng, 0, 2);
  if (haloStyle === 0) {
    out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR)}" fill="${linear(ctx, [
      [0, lighten(haloColour, 0.3)],
      [1, haloColour],
    ])}"/>`;
  } else if (haloStyle === 1) {
    for (let k = 0; k < 7; k++) {
      out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR * (0.45 + k * 0.13))}" fill="none" stroke="${lighten(haloColour, 0.25)}" stroke-width="${f(3 + k)}" opacity="${f(0.8 - k * 0.09)}"/>`;
    }
  } else {
    const rays = int(rng, 18, 30);
    let d = '';
    for (let k = 0; k < rays; k++) {
      const a0 = (k / rays) * Math.PI * 2;
      const a1 = a0 + (Math.PI / rays) * 0.8;
      d += `M${f(cx)},${f(headY)}L${f(cx + Math.cos(a0) * 900)},${f(headY + Math.sin(a0) * 900)}L${f(cx + Math.cos(a1) * 900)},${f(headY + Math.sin(a1) * 900)}Z`;
    }
    out += `<path d="${d}" fill="${haloColour}" opacity="0.25"/>`;
    out += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(haloR * 0.8)}" fill="${lighten(haloColour, 0.2)}"/>`;
  }
  // bokeh
  for (let i = 0; i < int(rng, 8, 16); i++) {
    out += `<circle cx="${f(range(rng, 0, W))}" cy="${f(range(rng, 0, H))}" r="${f(range(rng, 6, 30))}" fill="${lighten(pick(rng, p.slice(2)), 0.4)}" opacity="${f(range(rng, 0.08, 0.3))}"/>`;
  }
  // the bust: a front view or a profile, drawn once in the rim colour and once, shifted, in shadow
  const dir = chance(rng, 0.5) ? 1 : -1;
  const profile = chance(rng, 0.5);
  const hx = cx + dir * range(rng, 0, 10);
  const rx = range(rng, 70, 80);
  const ry = rx * range(rng, 1.25, 1.32);
  const neckTop = headY + ry * 0.6;
  const neckW = rx * 0.42;
  const neckBottom = headY + ry + range(rng, 22, 38);
  const shoulderW = range(rng, 200, 240);
  const hair = int(rng, 0, 3);
  const X = (x: number): number => hx + dir * x; // profile coordinates face towards dir
  const shoulders = (): string =>
    `<path d="M${f(cx - neckW)},${f(neckTop)}L${f(cx + neckW)},${f(neckTop)}L${f(cx + neckW)},${f(neckBottom)}` +
    `C${f(cx + neckW + 40)},${f(neckBottom + 18)} ${f(cx + shoulderW * 0.8)},${f(neckBottom + 10)} ${f(cx + shoulderW)},${f(neckBottom + 70)}` +
    `Q${f(cx + shoulderW + 35)},${f(neckBottom + 130)} ${f(cx + shoulderW + 45)},${H + 20}L${f(cx - shoulderW - 45)},${H + 20}` +
    `Q${f(cx - shoulderW - 35)},${f(neckBottom + 130)} ${f(cx - shoulderW)},${f(neckBottom + 70)}` +
    `C${f(cx - shoulderW * 0.8)},${f(neckBottom + 10)} ${f(cx - neckW - 40)},${f(neckBottom + 18)} ${f(cx - neckW)},${f(neckBottom)}Z"/>`;
  const profileHead = (): string => {
    // a profile in units of the head height, facing +x
    const u = ry * 2;
    const pts: [number, number][] = [
      [-0.05, 0.98],
      [-0.2, 0.8],
      [-0.38, 0.55],
      [-0.4, 0.3],
      [-0.3, 0.08],
      [-0.08, -0.02],
      [0.16, 0.02],
      [0.3, 0.15],
      [0.34, 0.3],
      [0.33, 0.38],
      [0.36, 0.45],
      [0.43, 0.56],
      [0.37, 0.6],
      [0.38, 0.66],
      [0.35, 0.69],
      [0.37, 0.73],
      [0.33, 0.78],
      [0.34, 0.85],
      [0.24, 0.92],
      [0.14, 0.95],
      [0.12, 1.05],
    ];
    const top = headY - ry;
    return `<path d="${smoothPath(
      pts.map(([x, y]): Pt => [X(x * u), top + y * u]),
      true,
    )}"/>`;
  };
  const shape = (): string => {
    let s = shoulders();
    if (profile) {
      s += profileHead();
      if (hair === 0)
        s += `<circle cx="${f(X(-rx * 0.75))}" cy="${f(headY - ry * 0.55)}" r="${f(rx * 0.5)}"/>`;
      else if (hair === 1)
        s += `<path d="${smoothPath(
          [
            [X(-rx * 0.2), headY - ry * 1.05],
            [X(rx * 0.55), headY - ry * 0.8],
            [X(-rx * 0.1), headY - ry * 0.3],
            [X(-rx * 0.35), headY + ry * 0.7],
            [X(-rx * 0.75), headY + ry * 1.55],
            [X(-rx * 1.2), headY + ry * 0.5],
            [X(-rx * 0.95), headY - ry * 0.6],
          ],
          true,
        )}"/>`;
      else if (hair === 2)
        s += `<ellipse cx="${f(X(-rx * 0.2))}" cy="${f(headY - ry * 0.5)}" rx="${f(rx * 0.95)}" ry="${f(ry * 0.6)}"/>`;
    } else {
      s += `<path d="M${f(hx - rx)},${f(headY - ry * 0.1)}C${f(hx - rx)},${f(headY - ry * 1.1)} ${f(hx + rx)},${f(headY - ry * 1.1)} ${f(hx + rx)},${f(headY - ry * 0.1)}C${f(hx + rx)},${f(headY + ry * 0.55)} ${f(hx + rx * 0.45)},${f(headY + ry)} ${f(hx)},${f(headY + ry)}C${f(hx - rx * 0.45)},${f(headY + ry)} ${f(hx - rx)},${f(headY + ry * 0.55)} ${f(hx - rx)},${f(headY - ry * 0.1)}Z"/>`;
      s += `<ellipse cx="${f(hx - rx * 0.98)}" cy="${f(headY + 6)}" rx="12" ry="22"/><ellipse cx="${f(hx + rx * 0.98)}" cy="${f(headY + 6)}" rx="12" ry="22"/>`;
      if (hair === 0) {
        s += `<circle cx="${f(hx)}" cy="${f(headY - ry - 32)}" r="${f(rx * 0.5)}"/>`;
        s += `<ellipse cx="${f(hx)}" cy="${f(headY - ry * 0.4)}" rx="${f(rx * 1.04)}" ry="${f(ry * 0.66)}"/>`;
      } else if (hair === 1) {
        s += `<path d="M${f(hx - rx * 1.1)},${f(headY + ry * 1.5)}Q${f(hx - rx * 1.4)},${f(headY - ry * 1.4)} ${f(hx)},${f(headY - ry * 1.12)}Q${f(hx + rx * 1.4)},${f(headY - ry * 1.4)} ${f(hx + rx * 1.1)},${f(headY + ry * 1.5)}Z"/>`;
      } else if (hair === 2) {
        s += `<ellipse cx="${f(hx + dir * 8)}" cy="${f(headY - ry * 0.5)}" rx="${f(rx * 1.06)}" ry="${f(ry * 0.62)}"/>`;
      }
    }
    if (hair === 3) {
      // a wide-brimmed hat
      s += `<ellipse cx="${f(hx)}" cy="${f(headY - ry * 0.55)}" rx="${f(rx * 2)}" ry="${f(ry * 0.14)}"/>`;
      s += `<path d="M${f(hx - rx * 0.95)},${f(headY - ry * 0.55)}Q${f(hx - rx)},${f(headY - ry * 1.45)} ${f(hx)},${f(headY - ry * 1.4)}Q${f(hx + rx)},${f(headY - ry * 1.45)} ${f(hx + rx * 0.95)},${f(headY - ry * 0.55)}Z"/>`;
    }
    return s;
  };
  const rim = lighten(mix(haloColour, last, 0.5), 0.55);
  const body = darken(p[0] as string, 0.35);
  out += `<g fill="${rim}" filter="${blur(ctx, 3)}">${shape()}</g>`;
  out += `<g fill="${body}" transform="translate(${f(-dir * 7)} 3)">${shape()}</g>`;
  // a collar line and an earring
  out += `<path d="M${f(cx - neckW - 30)},${f(neckBottom + 22)}Q${f(cx)},${f(neckBottom + 90)} ${f(cx + neckW + 30)},${f(neckBottom + 22)}" fill="none" stroke="${rim}" stroke-width="2.5" opacity="0.35"/>`;
  if (chance(rng, 0.5)) {
    const ex = profile ? X(-rx * 0.15) : hx - rx * 0.98;
    out += `<circle cx="${f(ex - dir * 7)}" cy="${f(headY + 36)}" r="6" fill="${lighten(haloColour, 0.5)}"/>`;
  }
  out += vignette(ctx, 0.4);
  return out;
}

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

function botanical(ctx: Ctx): string {
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

function geometric(ctx: Ctx): string {
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

function interior(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const s = 44; // one floor unit in pixels
  const ox = W / 2;
  const oy = H * 0.36;
  const cos = Math.cos(Math.PI / 6);
  const iso = (x: number, y: number, z: number): Pt => [
    ox + (x - y) * cos * s,
    oy + (x + y) * 0.5 * s - z * s,
  ];
  const poly = (pts: Pt[], fill: string, extra = ''): string =>
    `<path d="M${pts.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z" fill="${fill}"${extra}/>`;
  const box = (x: number, y: number, z: number, w: number, d: number, h: number, c: string): string =>
    poly(
      [iso(x, y, z + h), iso(x + w, y, z + h), iso(x + w, y + d, z + h), iso(x, y + d, z + h)],
      lighten(c, 0.18),
    ) +
    poly([iso(x, y + d, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x, y + d, z + h)], c) +
    poly(
      [iso(x + w, y, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x + w, y, z + h)],
      darken(c, 0.2),
    );
  const N = 8;
  const WH = 6;
  let out = `<rect width="${W}" height="${H}" fill="${radial(
    ctx,
    [
      [0, lighten(last, 0.45)],
      [1, mix(last, p[p.length - 2] as string, 0.5)],
    ],
    0.5,
    0.45,
    0.8,
  )}"/>`;
  const wallA = mix(p[p.length - 2] as string, last, 0.4);
  const wallB = darken(wallA, 0.12);
  const floorC = mix(p[1] as string, p[2] as string, 0.5);
  // slab under the floor
  out += poly([iso(0, N, 0), iso(N, N, 0), iso(N, N, -0.5), iso(0, N, -0.5)], darken(floorC, 0.3));
  out += poly([iso(N, 0, 0), iso(N, N, 0), iso(N, N, -0.5), iso(N, 0, -0.5)], darken(floorC, 0.45));
  out += poly([iso(0, 0, 0), iso(N, 0, 0), iso(N, N, 0), iso(0, N, 0)], floorC);
  // floor boards
  for (let k = 1; k < N * 2; k++) {
    const a = iso(k / 2, 0, 0);
    const b = iso(k / 2, N, 0);
    out += `<path d="M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}" stroke="${darken(floorC, 0.12)}" stroke-width="1.2" opacity="0.6"/>`;
  }
  // walls (thin slabs)
  out += poly([iso(0, 0, 0), iso(N, 0, 0), iso(N, 0, WH), iso(0, 0, WH)], wallA);
  out += poly([iso(0, 0, 0), iso(0, N, 0), iso(0, N, WH), iso(0, 0, WH)], wallB);
  out += poly(
    [iso(0, 0, WH), iso(N, 0, WH), iso(N, -0.4, WH), iso(-0.4, -0.4, WH), iso(-0.4, N, WH), iso(0, N, WH)],
    lighten(wallA, 0.3),
  );
  out += poly([iso(N, 0, WH), iso(N, 0, -0.5), iso(N, -0.4, -0.5), iso(N, -0.4, WH)], darken(wallA, 0.25));
  out += poly([iso(0, N, WH), iso(0, N, -0.5), iso(-0.4, N, -0.5), iso(-0.4, N, WH)], darken(wallB, 0.2));
  // window on wall A with sky
  const wx = range(rng, 1, 4.2);
  const sky = linear(ctx, [
    [0, p[1] as string],
    [1, lighten(last, 0.3)],
  ]);
  out += poly(
    [iso(wx, 0, 2.2), iso(wx + 2.6, 0, 2.2), iso(wx + 2.6, 0, 5), iso(wx, 0, 5)],
    darken(wallA, 0.25),
  );
  out += poly(
    [iso(wx + 0.15, 0, 2.35), iso(wx + 2.45, 0, 2.35), iso(wx + 2.45, 0, 4.85), iso(wx + 0.15, 0, 4.85)],
    sky,
  );
  const sunPt = iso(wx + range(rng, 0.8, 1.8), 0, range(rng, 3.4, 4.3));
  out += `<circle cx="${f(sunPt[0])}" cy="${f(sunPt[1])}" r="12" fill="${lighten(last, 0.7)}"/>`;
  out += `<path d="M${f(iso(wx + 1.3, 0, 2.35)[0])},${f(iso(wx + 1.3, 0, 2.35)[1])}L${f(iso(wx + 1.3, 0, 4.85)[0])},${f(iso(wx + 1.3, 0, 4.85)[1])}" stroke="${darken(wallA, 0.25)}" stroke-width="5"/>`;
  // light patch on the floor
  out += poly(
    [iso(wx + 0.5, 0.3, 0), iso(wx + 3, 0.3, 0), iso(wx + 4, 3, 0), iso(wx + 1.5, 3, 0)],
    lighten(floorC, 0.35),
    ' opacity="0.35"',
  );
  // frames and shelf on wall B
  const fy = range(rng, 1.5, 4.5);
  out += poly(
    [iso(0, fy, 3.4), iso(0, fy + 1.4, 3.4), iso(0, fy + 1.4, 4.8), iso(0, fy, 4.8)],
    darken(wallB, 0.35),
  );
  out += poly(
    [iso(0, fy + 0.12, 3.52), iso(0, fy + 1.28, 3.52), iso(0, fy + 1.28, 4.68), iso(0, fy + 0.12, 4.68)],
    pick(rng, p.slice(2)),
  );
  out += box(0, fy + 2, 3.2, 0.7, 2.6, 0.15, darken(floorC, 0.2));
  for (let k = 0; k < 6; k++) {
    out += box(0.1, fy + 2.1 + k * 0.4, 3.35, 0.45, 0.28, range(rng, 0.5, 0.8), pick(rng, p));
  }
  // rug
  const rugC = pick(rng, p.slice(2));
  out += poly([iso(2, 3.2, 0.01), iso(6, 3.2, 0.01), iso(6, 6.8, 0.01), iso(2, 6.8, 0.01)], rugC);
  out += poly(
    [iso(2.4, 3.6, 0.02), iso(5.6, 3.6, 0.02), iso(5.6, 6.4, 0.02), iso(2.4, 6.4, 0.02)],
    'none',
    ` stroke="${lighten(rugC, 0.4)}" stroke-width="3"`,
  );
  // furniture, far to near
  const accent = pick(rng, p.slice(1, p.length - 1));
  const layout = int(rng, 0, 2);
  const items: { depth: number; svg: string }[] = [];
  const add = (x: number, y: number, svg: string): void => {
    items.push({ depth: x + y, svg });
  };
  if (layout === 0) {
    // bed against wall B, desk at wall A
    add(
      0.2,
      4,
      box(0.2, 4.2, 0, 3.6, 3.4, 0.9, darken(floorC, 0.25)) +
        box(0.3, 4.3, 0.9, 3.4, 3.2, 0.35, lighten(accent, 0.5)) +
        box(0.3, 4.6, 1.25, 1.0, 2.6, 0.3, '#f4f1ea') +
        box(1.6, 4.25, 1.2, 2.1, 3.3, 0.12, accent),
    );
  } else if (layout === 1) {
    // sofa and coffee table
    add(
      0.3,
      2.5,
      box(0.3, 2.5, 0, 1.2, 4.2, 1.6, darken(accent, 0.1)) +
        box(1.5, 2.5, 0, 1.5, 4.2, 0.8, accent) +
        box(1.5, 2.3, 0, 1.5, 0.4, 1.2, darken(accent, 0.1)) +
        box(1.5, 6.6, 0, 1.5, 0.4, 1.2, darken(accent, 0.1)),
    );
    add(
      3.6,
      4,
      box(3.8, 4, 0, 1.6, 1.6, 0.7, darken(floorC, 0.35)) + box(4.2, 4.5, 0.7, 0.4, 0.4, 0.5, pick(rng, p)),
    );
  } else {
    // reading nook: armchair and bookshelf
    add(
      0.3,
      1,
      box(0.2, 0.3, 0, 0.8, 2.6, 4.6, darken(floorC, 0.35)) +
        [0.6, 1.7, 2.8, 3.9]
          .map(
            (z) =>
              box(0.3, 0.45, z, 0.6, 2.3, 0.08, darken(floorC, 0.2)) +
              box(0.35, 0.5, z + 0.08, 0.5, 2.2, 0.75, pick(rng, p)),
          )
          .join(''),
    );
    add(
      2,
      4.5,
      box(2, 4.5, 0, 1.8, 1.8, 0.8, accent) +
        box(2, 4.5, 0, 0.4, 1.8, 1.6, darken(accent, 0.15)) +
        box(2, 4.5, 0, 1.8, 0.35, 1.2, darken(accent, 0.1)),
    );
  }
  // desk with monitor at wall A
  if (layout !== 1) {
    add(
      wx + 0.2,
      0.3,
      box(wx + 0.2, 0.3, 0, 2.4, 1.2, 1.5, darken(floorC, 0.3)) +
        box(wx + 0.9, 0.45, 1.5, 1, 0.12, 0.75, '#1d1f2a') +
        box(wx + 0.95, 0.4, 1.6, 0.9, 0.06, 0.6, lighten(p[1] as string, 0.4)),
    );
  } else {
    add(5, 0.3, box(5.2, 0.3, 0, 2.4, 0.8, 1.2, darken(floorC, 0.3)));
  }
  // plant with round leaves
  const px = range(rng, 5.6, 6.6);
  const py = range(rng, 5.6, 6.6);
  const potTop = iso(px + 0.35, py + 0.35, 1.6);
  let plant = box(px, py, 0, 0.7, 0.7, 0.8, pick(rng, [darken(accent, 0.2), '#c2703d', '#e9e4da']));
  for (let k = 0; k < 7; k++) {
    plant += `<circle cx="${f(potTop[0] + range(rng, -32, 32))}" cy="${f(potTop[1] + range(rng, -40, 20))}" r="${f(range(rng, 14, 24))}" fill="${pick(rng, ['#2f6b43', '#3f8a55', '#5aa469'])}"/>`;
  }
  add(px, py, plant);
  // lamp
  const lx = range(rng, 6.6, 7.2);
  const ly = range(rng, 0.6, 1.6);
  const lampTop = iso(lx + 0.2, ly + 0.2, 3.3);
  add(
    lx,
    ly,
    glow(ctx, lampTop[0], lampTop[1] + 20, 120, lighten(last, 0.5), 0.5) +
      box(lx + 0.15, ly + 0.15, 0, 0.1, 0.1, 2.9, '#333') +
      box(lx - 0.1, ly - 0.1, 2.9, 0.6, 0.6, 0.5, lighten(pick(rng, p.slice(2)), 0.3)),
  );
  items.sort((a, b) => a.depth - b.depth);
  out += items.map((i) => i.svg).join('');
  return out;
}

function creature(ctx: Ctx): string {
  const { rng, p } = ctx;
  const last = p[p.length - 1] as string;
  const day = luminance(p[2] as string) >= 0.3 && ctx.variant % 3 === 1;
  const top = day ? mix(p[2] as string, p[1] as string, 0.4) : darken(p[0] as string, 0.2);
  const horizon = day ? lighten(last, 0.1) : mix(p[1] as string, p[2] as string, 0.5);
  let out = skyGradient(ctx, top, horizon, H);
  if (!day) out += stars(ctx, 90, H * 0.6, lighten(last, 0.6));
  const kind = ctx.variant % 4;
  const cx = W / 2 + range(rng, -120, 120);
  const groundY = H * range(rng, 0.76, 0.84);
  const moonR = range(rng, 150, 210);
  const moonY = kind === 3 ? range(rng, 170, 240) : groundY - range(rng, 240, 300);
  const moonX = cx + range(rng, -60, 60);
  const moonColour = day ? lighten(mix(last, p[p.length - 2] as string, 0.4), 0.3) : lighten(last, 0.45);
  out += glow(ctx, moonX, moonY, moonR * 2.2, moonColour, 0.4);
  out += `<circle cx="${f(moonX)}" cy="${f(moonY)}" r="${f(moonR)}" fill="${linear(ctx, [
    [0, lighten(moonColour, 0.3)],
    [1, moonColour],
  ])}"/>`;
  for (let i = 0; i < 5; i++) {
    const crater = `<circle cx="${f(moonX + range(rng, -moonR * 0.6, moonR * 0.6))}" cy="${f(moonY + range(rng, -moonR * 0.6, moonR * 0.6))}" r="${f(range(rng, 8, 26))}" fill="${darken(moonColour, 0.08)}" opacity="0.5"/>`;
    if (!day) out += crater;
  }
  // distant hills and ground
  const hills = ridge(rng, 5, 90, 0.5).map((v, j, a): Pt => [
    (j / (a.length - 1)) * (W + 40) - 20,
    groundY - 60 - Math.abs(v),
  ]);
  out += `<path d="M-20,${H}${smoothPath(hills, false).replace('M', 'L')}L${W + 20},${H}Z" fill="${mix(p[0] as string, horizon, 0.35)}"/>`;
  out += mistBand(ctx, groundY - 40, 80, lighten(horizon, 0.3), 0.35);
  const ground = ridge(rng, 4, 30, 0.5).map((v, j, a): Pt => [
    (j / (a.length - 1)) * (W + 40) - 20,
    groundY + v,
  ]);
  const dark = darken(p[0] as string, 0.45);
  out += `<path d="M-20,${H + 10}${smoothPath(ground, false).replace('M', 'L')}L${W + 20},${H + 10}Z" fill="${dark}"/>`;
  // grass tufts
  for (let i = 0; i < 40; i++) {
    const x = range(rng, 0, W);
    const y = groundY + range(rng, 0, 12);
    const h = range(rng, 10, 26);
    out += `<path d="M${f(x)},${f(y)}Q${f(x + range(rng, -4, 4))},${f(y - h / 2)} ${f(x + range(rng, -8, 8))},${f(y - h)}" stroke="${dark}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  }
  const eye = lighten(pick(rng, p.slice(2)), 0.6);
  const dir = chance(rng, 0.5) ? 1 : -1;
  let body = '';
  let eyes = '';
  const by = groundY + 4;
  if (kind === 0) {
    // sitting cat, seen from the front
    body += `<ellipse cx="${f(cx)}" cy="${f(by - 95)}" rx="78" ry="100"/>`;
    body += `<circle cx="${f(cx)}" cy="${f(by - 215)}" r="58"/>`;
    body += `<path d="M${f(cx - 55)},${f(by - 235)}L${f(cx - 48)},${f(by - 300)}L${f(cx - 12)},${f(by - 262)}Z"/>`;
    body += `<path d="M${f(cx + 55)},${f(by - 235)}L${f(cx + 48)},${f(by - 300)}L${f(cx + 12)},${f(by - 262)}Z"/>`;
    body += `<path d="M${f(cx + dir * 60)},${f(by - 20)}Q${f(cx + dir * 170)},${f(by - 10)} ${f(cx + dir * 150)},${f(by - 120)}" fill="none" stroke-width="22" stroke-linecap="round"/>`;
    eyes += `<ellipse cx="${f(cx - 22)}" cy="${f(by - 220)}" rx="9" ry="12" fill="${eye}"/><ellipse cx="${f(cx + 22)}" cy="${f(by - 220)}" rx="9" ry="12" fill="${eye}"/>`;
    eyes += `<ellipse cx="${f(cx - 22)}" cy="${f(by - 220)}" rx="2.5" ry="9" fill="${dark}"/><ellipse cx="${f(cx + 22)}" cy="${f(by - 220)}" rx="2.5" ry="9" fill="${dark}"/>`;
  } else if (kind === 1) {
    // owl on a branch
    const oy = by - 150;
    out += `<path d="M-20,${f(oy + 95)}Q${f(cx)},${f(oy + 80)} ${W + 20},${f(oy + 110)}" stroke="${dark}" stroke-width="16" fill="none"/>`;
    body += `<path d="M${f(cx - 80)},${f(oy - 40)}Q${f(cx - 95)},${f(oy + 90)} ${f(cx)},${f(oy + 100)}Q${f(cx + 95)},${f(oy + 90)} ${f(cx + 80)},${f(oy - 40)}Q${f(cx + 85)},${f(oy - 130)} ${f(cx + 70)},${f(oy - 150)}L${f(cx + 40)},${f(oy - 120)}Q${f(cx)},${f(oy - 135)} ${f(cx - 40)},${f(oy - 120)}L${f(cx - 70)},${f(oy - 150)}Q${f(cx - 85)},${f(oy - 130)} ${f(cx - 80)},${f(oy - 40)}Z"/>`;
    for (const sx of [-1, 1]) {
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="28" fill="${lighten(eye, 0.2)}" opacity="0.25"/>`;
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="18" fill="${eye}"/>`;
      eyes += `<circle cx="${f(cx + sx * 34)}" cy="${f(oy - 70)}" r="8" fill="${dark}"/>`;
    }
    eyes += `<path d="M${f(cx - 8)},${f(oy - 48)}L${f(cx + 8)},${f(oy - 48)}L${f(cx)},${f(oy - 28)}Z" fill="${mix(eye, dark, 0.5)}"/>`;
    for (let k = 0; k < 3; k++) {
      eyes += `<path d="M${f(cx - 40 + k * 8)},${f(oy + k * 22)}q${f(40 - k * 8)},18 ${f(80 - k * 16)},0" stroke="${lighten(dark, 0.25)}" stroke-width="3" fill="none"/>`;
    }
  } else if (kind === 2) {
    // fox in profile, sitting, its bushy tail curled around the paws
    const fx = cx;
    const X = (x: number): number => fx + dir * x;
    body += `<ellipse cx="${f(X(-10))}" cy="${f(by - 85)}" rx="62" ry="92" transform="rotate(${f(-dir * 14)} ${f(X(-10))} ${f(by - 85)})"/>`;
    body += `<path d="M${f(X(-30))},${f(by - 150)}L${f(X(40))},${f(by - 205)}L${f(X(62))},${f(by - 160)}L${f(X(45))},${f(by - 95)}Z"/>`;
    body += `<rect x="${f(Math.min(X(18), X(40)))}" y="${f(by - 100)}" width="22" height="100" rx="8"/>`;
    body += `<circle cx="${f(X(45))}" cy="${f(by - 205)}" r="40"/>`;
    body += `<path d="M${f(X(60))},${f(by - 228)}Q${f(X(100))},${f(by - 205)} ${f(X(128))},${f(by - 190)}Q${f(X(100))},${f(by - 172)} ${f(X(55))},${f(by - 172)}Z"/>`;
    body += `<path d="M${f(X(18))},${f(by - 225)}L${f(X(22))},${f(by - 292)}L${f(X(52))},${f(by - 238)}Z"/>`;
    body += `<path d="M${f(X(44))},${f(by - 236)}L${f(X(60))},${f(by - 296)}L${f(X(75))},${f(by - 228)}Z"/>`;
    body += `<path d="M${f(X(-40))},${f(by - 20)}C${f(X(-150))},${f(by - 10)} ${f(X(-210))},${f(by - 60)} ${f(X(-190))},${f(by - 140)}C${f(X(-165))},${f(by - 110)} ${f(X(-100))},${f(by - 85)} ${f(X(-20))},${f(by - 85)}Z"/>`;
    body += `<path d="M${f(X(-60))},${f(by - 4)}Q${f(X(30))},${f(by + 10)} ${f(X(70))},${f(by - 8)}L${f(X(60))},${f(by - 26)}Q${f(X(0))},${f(by - 18)} ${f(X(-50))},${f(by - 24)}Z"/>`;
    eyes += `<path d="M${f(X(52))},${f(by - 210)}q${f(dir * 9)},-5 ${f(dir * 16)},1" stroke="${eye}" stroke-width="4" stroke-linecap="round" fill="none"/>`;
    eyes += `<circle cx="${f(X(127))}" cy="${f(by - 190)}" r="5" fill="${dark}"/>`;
    eyes += `<path d="M${f(X(-190))},${f(by - 140)}C${f(X(-205))},${f(by - 70)} ${f(X(-150))},${f(by - 18)} ${f(X(-80))},${f(by - 14)}" stroke="${lighten(eye, 0.2)}" stroke-width="5" fill="none" opacity="0.55"/>`;
  } else {
    // a whale swimming through the night sky
    const wy = range(rng, 300, 380);
    const wx = W / 2 + range(rng, -60, 60);
    body += `<path d="M${f(wx - dir * 260)},${f(wy)}Q${f(wx - dir * 250)},${f(wy - 110)} ${f(wx - dir * 60)},${f(wy - 95)}Q${f(wx + dir * 150)},${f(wy - 80)} ${f(wx + dir * 260)},${f(wy - 10)}L${f(wx + dir * 330)},${f(wy - 70)}Q${f(wx + dir * 320)},${f(wy - 5)} ${f(wx + dir * 350)},${f(wy + 30)}Q${f(wx + dir * 300)},${f(wy + 20)} ${f(wx + dir * 255)},${f(wy + 25)}Q${f(wx + dir * 120)},${f(wy + 75)} ${f(wx - dir * 100)},${f(wy + 60)}Q${f(wx - dir * 250)},${f(wy + 55)} ${f(wx - dir * 260)},${f(wy)}Z"/>`;
    body += `<path d="M${f(wx - dir * 60)},${f(wy + 50)}Q${f(wx - dir * 20)},${f(wy + 120)} ${f(wx + dir * 40)},${f(wy + 125)}Q${f(wx + dir * 10)},${f(wy + 80)} ${f(wx + dir * 20)},${f(wy + 55)}Z"/>`;
    for (let k = 0; k < 6; k++) {
      eyes += `<path d="M${f(wx - dir * (200 - k * 40))},${f(wy + 30 + k * 3)}Q${f(wx - dir * (180 - k * 40))},${f(wy + 55)} ${f(wx - dir * (160 - k * 40))},${f(wy + 42 + k * 3)}" stroke="${lighten(dark, 0.3)}" stroke-width="3" fill="none"/>`;
    }
    eyes += `<circle cx="${f(wx - dir * 180)}" cy="${f(wy - 10)}" r="7" fill="${eye}"/>`;
    for (let k = 0; k < 14; k++) {
      eyes += `<circle cx="${f(wx + range(rng, -300, 300))}" cy="${f(wy + range(rng, 60, 200))}" r="${f(range(rng, 2, 6))}" fill="${eye}" opacity="${f(range(rng, 0.3, 0.8))}"/>`;
    }
  }
  const rim = lighten(moonColour, 0.3);
  out += `<g fill="${rim}" stroke="${rim}" filter="${blur(ctx, 3)}">${body}</g>`;
  out += `<g fill="${dark}" stroke="${dark}" transform="translate(${f(-dir * 5)} 2)">${body}</g>`;
  out += eyes;
  // fireflies
  for (let i = 0; i < int(rng, 10, 20); i++) {
    const x = range(rng, 0, W);
    const y = range(rng, H * 0.55, H - 20);
    out += glow(ctx, x, y, 10, eye, 0.8);
  }
  out += vignette(ctx, 0.35);
  return out;
}

const SCENES: Record<ArtSpec['scene'], (ctx: Ctx) => string> = {
  landscape,
  city,
  ocean,
  space,
  abstract,
  portrait,
  botanical,
  geometric,
  interior,
  creature,
};

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * The SVG source of one example image (exported for tests and debugging). With a subject (issue 22) the
 * subject is composed into the scene with the generator's treatment (compose.ts); without one, the
 * scene alone is drawn, as catalog files written before subjects ask.
 */
export function renderPromptSvg(
  spec: ArtSpec,
  index: number,
  width: number,
  height: number,
  generator = 1,
): string {
  const draw = SCENES[spec.scene] ?? abstract;
  const seed = hashString(`${spec.scene}:${spec.seed}:${index}`);
  let counter = 0;
  const subject = subjectOf(spec);
  const ctx: Ctx = {
    rng: mulberry32(seed),
    variant: (hashString(`variant:${spec.seed}`) + index) >>> 0,
    p: normalisePalette(spec.palette),
    defs: [],
    nextId: () => `g${counter++}`,
    ...(subject === undefined ? {} : { features: new Set(SUBJECT_FEATURES(subject)) }),
  };
  const body =
    subject === undefined
      ? draw(ctx)
      : composeSubject(ctx, {
          subject,
          index,
          treatment: treatmentFor(generator),
          // the subject's scene: the portrait, creature and interior scenes draw figures of their own,
          // so a subject stands in a landscape there instead
          scene: SUBJECT_BACKDROP[spec.scene] ?? draw,
        });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${ctx.defs.join('')}</defs>${body}</svg>`
  );
}

/** The spec's subject, when it names one of the table (an older catalog line may have none). */
const subjectOf = (spec: ArtSpec): SubjectKey | undefined =>
  spec.subject !== undefined && isSubjectKey(spec.subject) ? spec.subject : undefined;

const SUBJECT_FEATURES = (subject: SubjectKey): readonly string[] =>
  (SUBJECTS[subject] as SubjectDef).features ?? [];

const SUBJECT_BACKDROP: Partial<Record<ArtSpec['scene'], (ctx: Ctx) => string>> = {
  portrait: landscape,
  creature: landscape,
  interior: landscape,
  geometric: abstract,
};

/** Film grain: a fixed, seeded noise layer per size (grey with a low alpha), kept once computed. */
const grainCache = new Map<string, Buffer>();
const GRAIN_ALPHA = 12;
const grain = (width: number, height: number): Buffer => {
  const key = `${width}x${height}`;
  let raw = grainCache.get(key);
  if (!raw) {
    const rng = mulberry32(0x5eed + width * 7 + height);
    raw = Buffer.alloc(width * height * 2);
    for (let i = 0; i < width * height; i++) {
      raw[i * 2] = rng() < 0.5 ? 0 : 255;
      raw[i * 2 + 1] = Math.floor(rng() * GRAIN_ALPHA);
    }
    if (grainCache.size > 8) grainCache.clear();
    grainCache.set(key, raw);
  }
  return raw;
};

/**
 * Brush strokes for Midjourney's painterly treatment: every pixel is taken from a point nearby, moved by
 * a smooth noise field (two octaves of value noise), so edges break and wobble like paint while flat areas
 * keep. The field is fixed per size and kept once computed, like the grain; the pass is one loop over
 * the raw pixels (an SVG turbulence filter did the same at five times the cost).
 */
const brushCache = new Map<string, Int8Array>();
const brushField = (width: number, height: number): Int8Array => {
  const key = `${width}x${height}`;
  let field = brushCache.get(key);
  if (field === undefined) {
    const rng = mulberry32(0xb7a5 + width * 13 + height);
    const scale = width / 960;
    const octave = (cell: number, amplitude: number): ((x: number, y: number) => number) => {
      const gw = Math.ceil(width / cell) + 2;
      const gh = Math.ceil(height / cell) + 2;
      const grid = Float32Array.from({ length: gw * gh }, () => rng() * 2 - 1);
      return (x, y) => {
        const gx = x / cell;
        const gy = y / cell;
        const x0 = Math.floor(gx);
        const y0 = Math.floor(gy);
        const tx = gx - x0;
        const ty = gy - y0;
        const sx = tx * tx * (3 - 2 * tx);
        const sy = ty * ty * (3 - 2 * ty);
        const at = (i: number, j: number): number => grid[j * gw + i] as number;
        const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
        const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
        return (top + (bottom - top) * sy) * amplitude;
      };
    };
    const dx = [octave(26 * scale, 5 * scale), octave(7 * scale, 2 * scale)];
    const dy = [octave(26 * scale, 5 * scale), octave(7 * scale, 2 * scale)];
    field = new Int8Array(width * height * 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 2;
        field[i] = Math.round(
          (dx[0] as (x: number, y: number) => number)(x, y) +
            (dx[1] as (x: number, y: number) => number)(x, y),
        );
        field[i + 1] = Math.round(
          (dy[0] as (x: number, y: number) => number)(x, y) +
            (dy[1] as (x: number, y: number) => number)(x, y),
        );
      }
    }
    if (brushCache.size > 8) brushCache.clear();
    brushCache.set(key, field);
  }
  return field;
};

const brush = (raw: Buffer, width: number, height: number): Buffer => {
  const field = brushField(width, height);
  // whole RGBA pixels as 32-bit words (a copy when sharp's buffer is not 4-byte aligned)
  const src = raw.byteOffset % 4 === 0 ? raw : Buffer.from(raw);
  const from = new Uint32Array(src.buffer, src.byteOffset, width * height);
  const to = new Uint32Array(width * height);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const sx = Math.min(width - 1, Math.max(0, x + (field[i * 2] as number)));
      const sy = Math.min(height - 1, Math.max(0, y + (field[i * 2 + 1] as number)));
      to[i] = from[sy * width + sx] as number;
    }
  }
  return Buffer.from(to.buffer);
};

/**
 * Rasterises to WebP. Midjourney's painterly treatment moves the pixels by the brush field; the flat
 * (DALL·E) and answer (ChatGPT) treatments stay clean, without film grain.
 */
/** Card renditions (up to 720 px wide) stay within the card budget of 40 KB; larger files are the full size. */
export const CARD_BYTES_BUDGET = 40 * 1024;
const CARD_MAX_WIDTH = 720;

const toWebp = async (
  svg: string,
  width: number,
  height: number,
  treatment: Treatment | null,
): Promise<Buffer> => {
  const base = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'cover' });
  const clean = treatment === 'flat' || treatment === 'answer';
  const pixels = await base.ensureAlpha().raw().toBuffer();
  const raw = treatment === 'painterly' ? brush(pixels, width, height) : pixels;
  const encode = (quality: number): Promise<Buffer> => {
    const image = sharp(raw, { raw: { width, height, channels: 4 } });
    const finished = clean
      ? image
      : image.composite([
          { input: grain(width, height), raw: { width, height, channels: 2 }, blend: 'over' },
        ]);
    return finished.webp({ quality, effort: 4, smartSubsample: true }).toBuffer();
  };
  // a picture full of fine detail (a field of flowers) at a card's widest rendition may run over the
  // card budget: it is encoded again a little softer, once or twice
  let bytes = await encode(clean ? 80 : 78);
  for (const quality of [66, 54]) {
    if (width > CARD_MAX_WIDTH || bytes.length <= CARD_BYTES_BUDGET) break;
    bytes = await encode(quality);
  }
  return bytes;
};

/**
 * One example image of a prompt as WebP: the spec's scene in its palette, with details drawn from the
 * spec's seed and the image index (0-based), so each of a prompt's images differs.
 */
export async function renderPromptImage(
  spec: ArtSpec,
  index: number,
  width: number,
  height: number,
  generator = 1,
): Promise<Buffer> {
  const w = Math.max(16, Math.min(2400, Math.round(width)));
  const h = Math.max(16, Math.min(2400, Math.round(height)));
  const treatment = subjectOf(spec) === undefined ? null : treatmentFor(generator);
  return toWebp(renderPromptSvg(spec, index, w, h, generator), w, h, treatment);
}

/** A palette of four colours derived from a seed string: two analogous hues and a complement. */
const seedPalette = (rng: Rng): string[] => {
  const hue = rng() * 360;
  const hsl = (h: number, s: number, l: number): string => {
    const a = s * Math.min(l, 1 - l);
    const k = (n: number): number => (n + h / 30) % 12;
    const c = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return toHex([c(0) * 255, c(8) * 255, c(4) * 255]);
  };
  return [
    hsl(hue, 0.45, 0.22),
    hsl((hue + 30) % 360, 0.6, 0.45),
    hsl((hue + 180) % 360, 0.7, 0.62),
    hsl((hue + 50) % 360, 0.8, 0.82),
  ];
};

/** A generated avatar (no initials): a Bauhaus-like tile in a palette derived from the seed, WebP. */
export async function renderAvatar(seed: string, size: number): Promise<Buffer> {
  const s = Math.max(16, Math.min(1024, Math.round(size)));
  const rng = mulberry32(hashString(`avatar:${seed}`));
  const p = seedPalette(rng);
  const [c0, c1, c2, c3] = p as [string, string, string, string];
  const V = 100;
  let body = `<rect width="${V}" height="${V}" fill="${c0}"/>`;
  const quads: Pt[] = [
    [0, 0],
    [50, 0],
    [0, 50],
    [50, 50],
  ];
  for (const [x, y] of quads) {
    const fill = pick(rng, [c1, c2, c3]);
    const rot = int(rng, 0, 3) * 90;
    const motif = int(rng, 0, 3);
    const t = `transform="rotate(${rot} ${x + 25} ${y + 25})"`;
    if (motif === 0)
      body += `<path ${t} d="M${x},${y + 50}A50,50 0 0 1 ${x + 50},${y}V${y + 50}Z" fill="${fill}"/>`;
    else if (motif === 1) body += `<circle cx="${x + 25}" cy="${y + 25}" r="17" fill="${fill}"/>`;
    else if (motif === 2)
      body += `<path ${t} d="M${x},${y + 50}L${x + 50},${y + 50}L${x + 50},${y}Z" fill="${fill}"/>`;
    else body += `<path ${t} d="M${x},${y + 50}A25,25 0 0 1 ${x + 50},${y + 50}Z" fill="${fill}"/>`;
  }
  body += `<circle cx="50" cy="50" r="${f(range(rng, 8, 14))}" fill="${c3}" stroke="${c0}" stroke-width="3"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${V} ${V}">${body}</svg>`;
  return sharp(Buffer.from(svg)).resize(s, s).webp({ quality: 82, effort: 4 }).toBuffer();
}
