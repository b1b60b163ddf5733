// The ready line of server/main.ts (issue 37 item 6): it names the address the server really listens on,
// read from the server (an unset PORT=0 or a HOST name resolved), not the configuration's default.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listenUrl, readyLine } from '../../server/ready-line.ts';

const dev = { production: false, publicOrigin: 'http://localhost:3000' };

describe('the ready line', () => {
  it.each([
    [{ address: '127.0.0.1', family: 'IPv4', port: 3000 }, 'http://127.0.0.1:3000'],
    [{ address: '::1', family: 'IPv6', port: 3000 }, 'http://[::1]:3000'],
    [{ address: '0.0.0.0', family: 'IPv4', port: 8080 }, 'http://0.0.0.0:8080 (every interface)'],
    [{ address: '::', family: 'IPv6', port: 8080 }, 'http://[::]:8080 (every interface)'],
    ['/run/shop.sock', '/run/shop.sock'],
    [null, 'an unknown address'],
  ])('writes %j as %j', (address, url) => {
    expect(listenUrl(address)).toBe(url);
  });

  it("names the listening server's own address and port, and the public origin", async () => {
    const app = Fastify();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      expect(port).toBeGreaterThan(0);
      expect(readyLine(dev, app.server.address())).toBe(
        `Storefront ready at http://localhost:3000 (listening on http://127.0.0.1:${port})`,
      );
      expect(
        readyLine({ production: true, publicOrigin: 'https://shop.example' }, app.server.address()),
      ).toBe(`Serving at https://shop.example (listening on http://127.0.0.1:${port})`);
    } finally {
      await app.close();
    }
  });
});
