// The layouts of a subject (server/images/compose.ts) on a sheet of paper: a logo (or its mockup on a card),
// a sheet of stickers, and a page to colour in.
import { type Ctx, H, W, darken, f, lighten, radial, ramp, range } from '../svg.ts';
import { type Stage, figureFor, icon, propsFor } from './stage.ts';

// ---------------------------------------------------------------------------------------------
// The sheet

const paper = (ctx: Ctx, base: string): string =>
  `<rect width="${W}" height="${H}" fill="${base}"/>` +
  `<rect width="${W}" height="${H}" fill="${radial(ctx, [
    [0, '#ffffff', 0.35],
    [1, '#ffffff', 0],
  ])}"/>`;

export function logo(st: Stage): string {
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

export function stickerSheet(st: Stage): string {
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

export function coloring(st: Stage): string {
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
