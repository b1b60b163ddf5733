// Avatars (docs/decisions/005-account.md): the raw image file as the body, checked by its bytes, re-encoded
// to a 256x256 WebP and served only as that WebP (image/webp, nosniff); or a generated avatar.
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_LIMITS, type Profile } from '../../domain/account.ts';
import { createTestServer } from '../support/server.ts';
import { bearer, call, get, post } from './support/auth.ts';
import { appBeside, openForSuite } from './support/suite.ts';
import { newUser } from './support/catalog.ts';

const server = openForSuite(createTestServer);
let userCount = 0;
const member = () => newUser(server, `avatar-${++userCount}@example.com`);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const upload = (
  user: { token: string },
  body: Buffer | string,
  type: string | null,
  extra: InjectOptions = {},
) =>
  call<{ data: Profile }>(server, {
    method: 'POST',
    url: '/api/my/profile/avatar',
    headers: { ...bearer(user.token), ...(type === null ? {} : { 'content-type': type }) },
    payload: body,
    ...extra,
  });

/** The served avatar of a profile's avatarUrl. */
const fetchAvatar = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('uploading an avatar', () => {
  it('takes a small PNG and serves it back as a 256x256 WebP', async () => {
    const user = await member();
    const png = await solid(64, 48).png().toBuffer();
    const { status, body } = await upload(user, png, 'image/png');
    expect(status).toBe(200);
    const url = body.extend.data.avatarUrl;
    expect(url).toMatch(new RegExp(`^/api/avatars/${user.id}\\.webp\\?v=\\d+$`));
    const row = await server.db.one<{ avatar_url: string }>('SELECT avatar_url FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(row.avatar_url).toBe(url);

    const served = await fetchAvatar(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toEqual(expect.any(String));
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // Without the version (or an old one) it must be revalidated; the ETag answers 304.
    const unversioned = await fetchAvatar(`/api/avatars/${user.id}.webp`);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const revalidated = await fetchAvatar(`/api/avatars/${user.id}.webp`, {
      'if-none-match': String(served.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('takes a JPEG (and a WebP, and the first frame of a GIF), each re-encoded', async () => {
    const user = await member();
    const jpeg = await solid(300, 200).jpeg().toBuffer();
    const first = await upload(user, jpeg, 'image/jpeg');
    expect(first.status).toBe(200);
    const served = await fetchAvatar(first.body.extend.data.avatarUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const webp = await solid(40, 40).webp().toBuffer();
    const second = await upload(user, webp, 'image/webp');
    expect(second.status).toBe(200);
    expect(second.body.extend.data.avatarUrl).not.toBe(first.body.extend.data.avatarUrl);
    const gif = await solid(32, 32).gif().toBuffer();
    expect((await upload(user, gif, 'image/gif')).status).toBe(200);
    // The content type only picks the parser: a PNG sent as image/jpeg is still a PNG we take.
    expect((await upload(user, await solid(20, 20).png().toBuffer(), 'image/jpeg')).status).toBe(200);
  });

  it('checks the bytes: a text file sent as image/png is refused (415) and nothing changes', async () => {
    const user = await member();
    const before = await server.db.one<{ avatar_url: string | null }>(
      'SELECT avatar_url FROM users WHERE id = $1',
      [user.id],
    );
    const text = await upload(user, 'Hello, this is not an image at all.', 'image/png');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ success: false, msg: expect.stringMatching(/PNG, JPEG, WebP or GIF/) });
    // An SVG (which could carry script) and a PNG signature followed by garbage are refused too.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>';
    expect((await upload(user, svg, 'image/png')).status).toBe(415);
    const broken = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]);
    expect((await upload(user, broken, 'image/png')).status).toBe(415);
    const after = await server.db.one<{ avatar_url: string | null }>(
      'SELECT avatar_url FROM users WHERE id = $1',
      [user.id],
    );
    expect(after).toEqual(before);
    expect((await server.db.query('SELECT 1 FROM user_avatars WHERE user_id = $1', [user.id])).length).toBe(
      0,
    );
  });

  it('refuses other content types (415), no body (400), and files over 2 MB (413)', async () => {
    const user = await member();
    const png = await solid(64, 64).png().toBuffer();
    for (const type of ['image/svg+xml', 'text/plain', 'application/octet-stream', 'image/tiff']) {
      const answer = await upload(user, png, type);
      expect(answer.status, type).toBe(415);
      expect(answer.body.msg).toMatch(/PNG, JPEG, WebP or GIF/);
    }
    const json = await post(
      server,
      '/api/my/profile/avatar',
      { image: 'data:image/png;base64,AAAA' },
      bearer(user.token),
    );
    expect(json.status).toBe(415);
    expect((await upload(user, png, null)).status).toBe(415);
    expect((await upload(user, Buffer.alloc(0), 'image/png')).status).toBe(400);

    const big = Buffer.concat([png, Buffer.alloc(AVATAR_LIMITS.maxBytes + 1 - png.length)]);
    const tooLarge = await upload(user, big, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toMatch(/2 MB/);
  });

  it('refuses images too small or too large in pixels (422)', async () => {
    const user = await member();
    const tiny = await solid(8, 8).png().toBuffer();
    expect((await upload(user, tiny, 'image/png')).status).toBe(422);
    // A small file that would decode to a huge image (a decompression bomb) is refused from its header.
    const bomb = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_LIMITS.maxBytes);
    const answer = await upload(user, bomb, 'image/png');
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toMatch(/pixels/);
  });

  it('is limited per account', async () => {
    const app = await appBeside(server, {
      account: { rateLimits: { avatarPerAccount: { max: 1, windowMs: 60_000 } } },
    });
    try {
      const user = await member();
      const send = () =>
        app.inject({ method: 'POST', url: '/api/my/profile/avatar/generated', headers: bearer(user.token) });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('serving avatars', () => {
  it('answers 404 (an envelope) for anything but a stored {userId}.webp', async () => {
    const user = await member();
    for (const file of [
      `${user.id}.webp`,
      `${user.id}.png`,
      `${user.id}`,
      'default.webp',
      '..%2F..%2Fetc%2Fpasswd',
      `${user.id.toUpperCase()}.webp`,
    ]) {
      const res = await fetchAvatar(`/api/avatars/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('the generated avatar', () => {
  it('renders the initials on a colour of the member and serves it as WebP', async () => {
    const user = await member();
    await post(server, '/api/my/profile', { name: 'Grace Hopper' }, bearer(user.token));
    const { status, body } = await call<{ data: Profile }>(server, {
      method: 'POST',
      url: '/api/my/profile/avatar/generated',
      headers: bearer(user.token),
    });
    expect(status).toBe(200);
    const url = body.extend.data.avatarUrl;
    expect(url).toMatch(new RegExp(`^/api/avatars/${user.id}\\.webp\\?v=\\d+$`));
    const served = await fetchAvatar(url);
    expect(served.headers['content-type']).toBe('image/webp');
    const image = sharp(served.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // Two colours at least: the background and the white initials.
    const { channels } = await image.stats();
    expect(channels[0]?.max).toBeGreaterThan(240);
    const source = await server.db.one<{ source: string }>(
      'SELECT source FROM user_avatars WHERE user_id = $1',
      [user.id],
    );
    expect(source.source).toBe('generated');
    const profile = await get<{ data: Profile }>(server, '/api/my/profile', bearer(user.token));
    expect(profile.body.extend.data.avatarUrl).toBe(url);
  });
});
