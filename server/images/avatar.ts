// Generated avatars, without initials: a Bauhaus-like tile per seed (render.ts hands renderAvatar on).
import sharp from 'sharp';
import { type Pt, type Rng, f, hashString, int, mulberry32, pick, range, toHex } from './svg.ts';

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
