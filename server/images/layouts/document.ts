// ChatGPT's layout of a subject (server/images/compose.ts): the answer itself, rendered — a document card
// (a page, a mail, a post, a plan, code, a script, a list, a press release) on its own, in the chat, on a
// phone or close up.
import type { DocKind } from '../subjects.ts';
import { H, W, darken, f, glow, lighten, linear, luminance, mix, range } from '../svg.ts';
import { type Stage, icon } from './stage.ts';

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

export const text = (x: number, y: number, size: number, fill: string, t: string, extra = ''): string =>
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

export function answer(st: Stage): string {
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
