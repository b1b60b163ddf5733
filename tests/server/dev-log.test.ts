// The development log (server/http/dev-log.ts): a request is one short line, an error its message and
// stack; anything that is not a JSON record goes through as it is.
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { devLogStream, formatDevLine, logRequestsBriefly } from '../../server/http/dev-log.ts';

const at = new Date(2026, 10, 26, 22, 5, 31).getTime();

describe('the development log', () => {
  it('writes a request as time, method, address, status and milliseconds', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      request: { method: 'GET', url: '/api/prompts?page=1', status: 200, ms: 12.44 },
    });
    expect(formatDevLine(line)).toBe('22:05:31 GET  /api/prompts?page=1 200 12.4 ms\n');
  });

  it('writes an error with its level, message and indented stack', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      msg: 'page metadata failed',
      err: {
        type: 'Error',
        message: 'connection refused',
        stack: 'Error: connection refused\n    at x.ts:1',
      },
    });
    expect(formatDevLine(line)).toBe(
      '22:05:31 ERROR page metadata failed: Error: connection refused\n        at x.ts:1\n',
    );
  });

  it('passes a line that is not JSON through', () => {
    expect(formatDevLine('Storefront ready at http://localhost:3000')).toBe(
      'Storefront ready at http://localhost:3000\n',
    );
  });

  it('gives a served request one line, not the two JSON objects of the default logger', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: devLogStream({ write: (text) => lines.push(text) }) },
      logController: new LogController({ disableRequestLogging: true }),
    });
    logRequestsBriefly(app);
    app.get('/hello', async () => 'hi');
    await app.inject({ method: 'GET', url: '/hello' });
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET {2}\/hello 200 \d+\.\d ms\n$/);
  });
});
