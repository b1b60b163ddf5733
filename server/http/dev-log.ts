// Logs a newcomer can read (issue 19): in development one short line per request instead of two JSON
// objects, and warnings and errors with their message and stack; in production the JSON lines stay, for
// the log collector. The server's logger (pino, inside Fastify) writes to `devLogStream`, which turns each
// JSON line into text.
//
//   22:05:31 GET  /api/prompts?page=1 200 12.4 ms
//   22:05:32 POST /api/auth/login 401 3.1 ms
//   22:05:40 ERROR page metadata failed: Error: connection refused
//       at …
import type { FastifyInstance } from 'fastify';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const clockOf = (time: unknown): string => {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
};

/** One log record (pino's JSON) as the text line(s) a developer reads. */
export function formatDevLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = clockOf(record.time);
  if (record.request !== undefined && typeof record.request === 'object' && record.request !== null) {
    const r = record.request as { method: string; url: string; status: number; ms: number };
    return `${time} ${r.method.padEnd(4)} ${r.url} ${r.status} ${r.ms.toFixed(1)} ms\n`;
  }
  const level = LEVELS[Number(record.level)] ?? 'INFO';
  const err = record.err as { type?: string; message?: string; stack?: string } | undefined;
  const detail = err?.stack ?? (err?.message ? `${err.type ?? 'Error'}: ${err.message}` : '');
  const message = typeof record.msg === 'string' ? record.msg : '';
  const url = typeof record.url === 'string' ? ` (${record.url})` : '';
  return `${time} ${level} ${message}${url}${detail ? `: ${detail.replace(/\n/g, '\n    ')}` : ''}\n`;
}

/** The destination of the development logger: pino writes JSON lines, the terminal gets text. */
export const devLogStream = (out: { write(text: string): unknown } = process.stdout) => ({
  write(chunk: string): void {
    for (const line of chunk.split('\n')) if (line.trim() !== '') out.write(formatDevLine(line));
  },
});

/** Request lines of the development log: one per answered request, with its time. */
export function logRequestsBriefly(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({
      request: {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
    });
  });
}
