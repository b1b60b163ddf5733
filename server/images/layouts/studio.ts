// The layouts of a subject (server/images/compose.ts) that stage it indoors: a portrait in a photo studio,
// a product on a pedestal, food on a plate on the table, and a room with a window and a shelf.
import { type Ctx, H, W, darken, f, glow, lighten, linear, luminance, mix, range } from '../svg.ts';
import { type Place, type Stage, figureFor, place, propsFor, shadow, trail } from './stage.ts';

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

export function portrait(st: Stage): string {
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

export function product(st: Stage): string {
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

export function food(st: Stage): string {
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

export function room(st: Stage): string {
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
