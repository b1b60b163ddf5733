// Operator image uploads are keyed by what is stored (issue 37, item 4): the same picture in other bytes
// (re-encoded, or with EXIF) re-encodes to the same WebP, so its upload answers the stored file's key, and an
// import that names either file by the sha256 of its bytes finds it. Before, the second upload answered
// `written: false` under a key nothing was stored under, and the import failed "was not uploaded".
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../domain/envelope.ts';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

const TOKEN = 'operator-token-for-the-same-picture-test-0123456789';
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const server = openForSuite(() => createTestServer({ config: { operatorToken: TOKEN } }));

const upload = async (bytes: Buffer) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/operator/catalog/images',
    headers: { 'x-operator-token': TOKEN, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  return {
    status: response.statusCode,
    body: response.json() as Envelope<{ sha256: string; written: boolean }>,
  };
};

const line = (slug: string, file: string) => ({
  slug,
  title: `The same picture (${slug})`,
  description: 'One picture uploaded twice in other bytes.',
  generator: 'midjourney',
  grade: 'free',
  tags: ['picture'],
  template: 'A picture of [Variable 1]',
  variables: [{ label: 'Thing', example: 'a pattern' }],
  images: [file],
});

/** A patterned picture (a flat colour would hide differences), as a PNG. */
const pixels = (): Sharp => {
  const width = 320;
  const height = 240;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + (i >> 7) * 11) & 255;
  return sharp(raw, { raw: { width, height, channels: 3 } });
};

describe('an upload of the same picture in other bytes', () => {
  it('answers the stored key, and an import naming either file succeeds', async () => {
    const plain = await pixels().png().toBuffer();
    const withExif = await pixels()
      .png({ compressionLevel: 2 })
      .withExif({ IFD0: { Copyright: 'Someone else', Artist: 'A camera' } })
      .toBuffer();
    expect(sha(withExif)).not.toBe(sha(plain));

    const first = await upload(plain);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.extend.written).toBe(true);
    const second = await upload(withExif);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.extend).toEqual({ sha256: first.body.extend.sha256, written: false });
    const stored = await server.db.one<{ n: number }>(
      'SELECT count(*)::integer AS n FROM prompt_image_files',
    );
    expect(stored.n).toBe(1);

    // the command names each file by the sha256 of its bytes
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/operator/catalog/import',
      headers: { 'x-operator-token': TOKEN },
      payload: {
        lines: [line('same-picture-plain', 'plain.png'), line('same-picture-exif', 'exif.png')],
        images: { 'plain.png': sha(plain), 'exif.png': sha(withExif) },
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().extend).toMatchObject({ added: 2, imagesWritten: 2 });
    const files = await server.db.query<{ sha256: string }>(
      `SELECT i.sha256 FROM prompt_images i JOIN prompts p ON p.id = i.prompt_id
       WHERE p.slug LIKE 'same-picture-%' ORDER BY p.slug`,
    );
    expect(files.map((f) => f.sha256)).toEqual([first.body.extend.sha256, first.body.extend.sha256]);

    // and by the key the upload answered
    const byKey = await server.app.inject({
      method: 'POST',
      url: '/api/operator/catalog/import',
      headers: { 'x-operator-token': TOKEN },
      payload: {
        lines: [line('same-picture-key', 'key.png')],
        images: { 'key.png': second.body.extend.sha256 },
      },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
  });

  it('uploading the same bytes again answers the same key without re-encoding', async () => {
    const bytes = await pixels().negate().jpeg().toBuffer();
    const first = await upload(bytes);
    const again = await upload(bytes);
    expect(first.body.extend.written).toBe(true);
    expect(again.body.extend).toEqual({ sha256: first.body.extend.sha256, written: false });
  });
});
