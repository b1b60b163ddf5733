// From SVG to WebP (server/images/render.ts): sharp rasterises a picture's SVG; the painterly treatment
// then moves its pixels by a brush field, all but the clean treatments get a film grain, and a card's
// rendition is encoded again a little softer while it runs over the card budget.
import sharp from 'sharp';
import type { Treatment } from './compose.ts';
import { mulberry32 } from './svg.ts';

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

/** Card renditions (up to 720 px wide) stay within the card budget of 40 KB; larger files are the full size. */
export const CARD_BYTES_BUDGET = 40 * 1024;
const CARD_MAX_WIDTH = 720;

/**
 * Rasterises to WebP. Midjourney's painterly treatment moves the pixels by the brush field; the flat
 * (DALL·E) and answer (ChatGPT) treatments stay clean, without film grain.
 */
export const toWebp = async (
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
