// Development stays on loopback (issue 37 item 6): while the development stand-ins are on, a request whose
// Host is not a loopback name or PUBLIC_ORIGIN's host gets 421 in the envelope before anything answers it
// (a DNS-rebinding page names its own host, and must not read the outbox or sign in at the stand-in).
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MISDIRECTED_MESSAGE } from '../../server/http/host-guard.ts';
import { RESOURCE_POLICY } from '../../server/http/security.ts';
import { createTestServer } from '../support/server.ts';
import { expectBaseHeaders } from './support/security.ts';
import { openForSuite } from './support/suite.ts';

const PROBES = [
  '/api/health',
  '/api/dev/outbox?to=demo@example.com',
  '/dev-idp/authorize?state=x',
  '/api/social/authorize?provider=google&callback=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback',
  '/',
  '/no-such-page',
];

/** The whole answer to a request written to a socket as is. */
const rawAnswer = (port: number, request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.end(request);
  });

const expectMisdirected = (res: { statusCode: number; json: () => unknown; body: string }, host: string) => {
  expect(res.statusCode, host).toBe(421);
  expect(res.json()).toEqual({ success: false, msg: MISDIRECTED_MESSAGE, extend: {} });
  if (host.length > 3) expect(res.body).not.toContain(host);
};

describe('with the development stand-ins on (PUBLIC_ORIGIN http://localhost:3000)', () => {
  const server = openForSuite(createTestServer);

  it.each(PROBES)('answers Host: evil.example 421 at %s, with the headers of every answer', async (url) => {
    const res = await server.app.inject({ url, headers: { host: 'evil.example' } });
    expectMisdirected(res, 'evil.example');
    expectBaseHeaders(res, url);
    expect(res.headers['content-security-policy']).toBe(RESOURCE_POLICY);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    'evil.example:3000',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'localhost@evil.example',
    'evil.example#localhost',
    '[::2]:3000',
    '10.0.0.5:3000',
    '0.0.0.0:3000',
    'localhost:3000:1',
  ])('refuses Host: %j', async (host) => {
    expectMisdirected(
      await server.app.inject({ url: '/api/dev/outbox?to=demo@example.com', headers: { host } }),
      host,
    );
  });

  it('refuses a POST before its body is read, too', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/social/guest',
      headers: { host: 'evil.example' },
      payload: {},
    });
    expectMisdirected(res, 'evil.example');
  });

  it.each([
    'localhost',
    'localhost:3000',
    'localhost:5173',
    'LOCALHOST:80',
    'localhost.:3000',
    '127.0.0.1',
    '127.0.0.1:4311',
    '[::1]',
    '[::1]:3000',
  ])('answers Host: %j', async (host) => {
    const res = await server.app.inject({ url: '/api/health', headers: { host } });
    expect(res.statusCode).toBe(200);
  });

  it('answers requests without a Host of their own (inject names localhost:80)', async () => {
    expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('on a real socket: refuses another Host and an HTTP/1.0 request without one', async () => {
    const listening = await createTestServer();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.app.server.address() as AddressInfo;
      const status = async (request: string) => {
        const answer = await rawAnswer(port, request);
        return Number(answer.split(' ')[1]);
      };
      expect(
        await status('GET /api/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
      ).toBe(421);
      expect(await status('GET /api/health HTTP/1.0\r\n\r\n')).toBe(421);
      expect(
        await status(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
      ).toBe(200);
    } finally {
      await listening.close();
    }
  });

  it('documents 421 on the operations', async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.paths['/api/health']?.get?.responses['421']).toMatchObject({
      description: expect.stringMatching(/Misdirected/),
    });
  });
});

describe("PUBLIC_ORIGIN's host is ours too", () => {
  const server = openForSuite(() => createTestServer({ config: { publicOrigin: 'https://shop.example' } }));

  it.each(['shop.example', 'Shop.Example', 'shop.example:443', 'localhost:3000'])(
    'answers Host: %j',
    async (host) => {
      expect((await server.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(200);
    },
  );

  it.each(['evil.example', 'www.shop.example', 'shop.example.evil.example'])(
    'refuses Host: %j',
    async (host) => {
      expectMisdirected(await server.app.inject({ url: '/api/health', headers: { host } }), host);
    },
  );
});

describe('in production (no stand-ins)', () => {
  it('answers any Host: the proxy in front decides which names reach it', async () => {
    const prod = await createTestServer({
      config: { production: true, devStandIns: false, nodeEnv: 'production' },
    });
    try {
      const res = await prod.app.inject({ url: '/api/health', headers: { host: 'shop.example' } });
      expect(res.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
