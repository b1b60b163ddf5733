// Card images in more than one width (issue 18): `?w=` picks one of a fixed list of widths of the card
// rendition, so a card's srcset can offer the browser a file that fits the card; any other width is a 400
// envelope (never a 500, never a rendering of an arbitrary size). The plain URL stays the 480 px card.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../support/server.ts';
import { openForSuite } from './support/suite.ts';

/** The widths the storefront asks for (domain/card-image.ts); written out here as the oracle. */
const WIDTHS = [240, 288, 360, 480, 576, 720];
const IMAGE = '/api/images/prompts/1/0.webp';

const server = openForSuite(createTestServer);

describe('GET /api/images/prompts/:id/:n.webp?w=', () => {
  it('answers each allowed width as a 4:3 WebP, cached for a year, with its own ETag', async () => {
    const etags = new Set<string>();
    const sizes: string[] = [];
    for (const w of WIDTHS) {
      const url = `${IMAGE}?w=${w}`;
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata(), url).toMatchObject({
        format: 'webp',
        width: w,
        height: (w * 3) / 4,
      });
      etags.add(String(res.headers.etag));
      sizes.push(`${w}w ${(res.rawPayload.length / 1024).toFixed(1)} KiB`);

      const again = await server.app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    expect(etags.size).toBe(WIDTHS.length);
    console.log(`card image 1/0 by width: ${sizes.join(', ')}`);
  });

  it('keeps the plain URL as the 480 px card, the same file as ?w=480', async () => {
    const plain = await server.app.inject(IMAGE);
    const w480 = await server.app.inject(`${IMAGE}?w=480`);
    expect(plain.statusCode).toBe(200);
    expect(await sharp(plain.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });
    expect(w480.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(w480.headers.etag).toBe(plain.headers.etag);
  });

  it('serves smaller widths in fewer bytes', async () => {
    const bytes: number[] = [];
    for (const w of WIDTHS) bytes.push((await server.app.inject(`${IMAGE}?w=${w}`)).rawPayload.length);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });

  it.each(['300', '0', '-288', '960', '2400', '100000', '288.5', '2.88e2', 'abc', '', '288px', '%00'])(
    'answers w=%s with a 400 envelope naming w',
    async (w) => {
      const res = await server.app.inject(`${IMAGE}?w=${w}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json<{ success: boolean; msg: string; extend: { field?: string } }>();
      expect(body.success).toBe(false);
      expect(body.msg).toMatch(/'w'/);
      expect(body.extend.field).toBe('w');
    },
  );

  it('answers a repeated w, and w with size=full, with a 400 envelope', async () => {
    for (const url of [`${IMAGE}?w=288&w=576`, `${IMAGE}?size=full&w=288`, `${IMAGE}?w=576&size=full`]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, extend: { field: 'w' } });
    }
  });

  it('still answers 404 for an unknown image, whatever the width', async () => {
    const { image_count: count } = await server.db.one<{ image_count: number }>(
      'SELECT image_count FROM prompts WHERE id = 1',
    );
    for (const url of [
      '/api/images/prompts/999999/0.webp?w=288',
      `/api/images/prompts/1/${count}.webp?w=576`,
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, msg: 'Image not found', extend: {} });
    }
  });
});
