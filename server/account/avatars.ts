// Avatars: an uploaded image is checked by its bytes (PNG, JPEG, WebP or GIF by signature, then decoded by
// sharp with a pixel limit; the Content-Type header only picks the body parser), re-encoded to a 256x256
// WebP (cover, EXIF orientation applied, metadata dropped) and stored in user_avatars. The alternative is a
// generated avatar: the member's initials on a colour chosen from their id. Either way only WebP the server
// produced itself is ever served, from /api/avatars/{userId}.webp.
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/envelope.ts';

export const AVATAR_SIZE = 256;
/** The largest decoded image (width x height of the first frame): a small file may not expand beyond it. */
export const MAX_INPUT_PIXELS = 25_000_000;
export const MIN_SIDE = 16;
export const MAX_SIDE = 10_000;

export const AVATAR_MESSAGES = {
  missing: 'Please choose an image file.',
  tooLarge: 'This image is larger than 2 MB. Please choose a smaller one.',
  unsupportedType: 'Please upload a PNG, JPEG, WebP or GIF image.',
  notAnImage: 'This file is not a PNG, JPEG, WebP or GIF image we can read.',
  dimensions: `Images must be between ${MIN_SIDE} and ${MAX_SIDE} pixels wide and high, and at most 25 megapixels.`,
  updated: 'Your avatar has been updated',
  notFound: 'Avatar not found',
} as const;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** The format the file's first bytes announce, or null: anything else never reaches the decoder. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const decoder = (bytes: Buffer) =>
  // The first frame only (an animated GIF or WebP is not decoded beyond it); decoding stops at the limit.
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });

/** An uploaded file as the stored avatar (256x256 WebP); 415 when it is not an image we take, 422 bad size. */
export async function encodeUploadedAvatar(bytes: Buffer): Promise<Buffer> {
  const announced = sniffImage(bytes);
  if (announced === null) throw new ApiError(415, AVATAR_MESSAGES.notAnImage);
  let metadata: Metadata;
  try {
    // The header only (no pixels are decoded), so an image over the limit gets the message about its size.
    metadata = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new ApiError(415, AVATAR_MESSAGES.notAnImage);
  }
  if (metadata.format !== announced) throw new ApiError(415, AVATAR_MESSAGES.notAnImage);
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (
    width < MIN_SIDE ||
    height < MIN_SIDE ||
    width > MAX_SIDE ||
    height > MAX_SIDE ||
    width * height > MAX_INPUT_PIXELS
  ) {
    throw new ApiError(422, AVATAR_MESSAGES.dimensions);
  }
  try {
    return await decoder(bytes)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    throw new ApiError(415, AVATAR_MESSAGES.notAnImage);
  }
}

/** Background colours with white text at a contrast of 4.5:1 or more. */
const COLOURS = [
  '#1d4ed8',
  '#6d28d9',
  '#a21caf',
  '#be123c',
  '#b91c1c',
  '#9a3412',
  '#92400e',
  '#3f6212',
  '#166534',
  '#0f766e',
  '#155e75',
  '#1e3a8a',
  '#4338ca',
  '#374151',
] as const;

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
};

export const avatarColour = (userId: string): string => COLOURS[hash(userId) % COLOURS.length] as string;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const firstGrapheme = (word: string): string =>
  graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** Up to two initials: the first and the last word's first characters ("Demo Shopper" → "DS"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return '?';
  const first = firstGrapheme(words[0] as string);
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1] as string) : '';
  return (first + last).toLocaleUpperCase('en');
}

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The generated avatar of a member: their initials, white, on the colour of their id (256x256 WebP). */
export async function renderInitialsAvatar(userId: string, name: string): Promise<Buffer> {
  const initials = initialsOf(name);
  const size = AVATAR_SIZE;
  const fontSize = [...initials].length > 1 ? 104 : 128;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${avatarColour(userId)}"/>` +
    `<text x="${size / 2}" y="${Math.round(size / 2 + fontSize * 0.36)}" text-anchor="middle" fill="#ffffff" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="600" ` +
    `font-size="${fontSize}">${escapeXml(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 90, effort: 4 }).toBuffer();
}

/** The avatar's address: the member's file, versioned by when it was stored (a new one is a new URL). */
export const avatarUrl = (userId: string, version: number): string =>
  `/api/avatars/${userId}.webp?v=${version}`;

/** Stores the member's avatar and points users.avatar_url at it; answers that URL. */
export async function storeAvatar(
  db: Db,
  userId: string,
  webp: Buffer,
  source: 'upload' | 'generated',
): Promise<string> {
  return db.tx(async (q) => {
    const row = await q.one<{ updated_at: Date }>(
      `INSERT INTO user_avatars (user_id, webp, source, updated_at) VALUES ($1, $2, $3, clock_timestamp())
       ON CONFLICT (user_id) DO UPDATE
         SET webp = EXCLUDED.webp, source = EXCLUDED.source,
             updated_at = greatest(EXCLUDED.updated_at, user_avatars.updated_at + interval '1 millisecond')
       RETURNING updated_at`,
      [userId, webp, source],
    );
    const url = avatarUrl(userId, new Date(row.updated_at).getTime());
    await q.query('UPDATE users SET avatar_url = $2, updated_at = now() WHERE id = $1', [userId, url]);
    return url;
  });
}

const USER_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** The stored WebP of `{userId}.webp` and its version, or null (any other name, or no avatar). */
export async function readAvatar(db: Db, file: string): Promise<{ webp: Buffer; version: number } | null> {
  const userId = USER_FILE.exec(file)?.[1];
  if (userId === undefined) return null;
  const row = await db.maybeOne<{ webp: Uint8Array; updated_at: Date }>(
    'SELECT webp, updated_at FROM user_avatars WHERE user_id = $1',
    [userId],
  );
  if (row === null) return null;
  const bytes = row.webp;
  return {
    webp: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    version: new Date(row.updated_at).getTime(),
  };
}
