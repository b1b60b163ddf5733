// What a describe block (or a whole test file) opens once for its tests and closes after them (a test
// server, a page server, a database), declared in one line instead of a variable and two hooks; and a second
// app beside a test server, on its database with other options.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app.ts';
import { memoryImageStore } from '../../../server/catalog/image-cache.ts';
import type { TestServer } from '../../support/server.ts';

/**
 * Calls `open()` in a beforeAll of the enclosing describe (or of the file) and closes what it opened in
 * its afterAll. The object returned stands for the one opened: each property read goes to it (methods
 * bound to it), so hooks registered after this call and the tests use it as the server or database itself.
 * Reading it before its beforeAll has run throws.
 */
export function openForSuite<T extends { close(): Promise<void> }>(open: () => Promise<T>): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): T => {
    if (opened === undefined) throw new Error('openForSuite: read before the beforeAll that opens it ran');
    return opened;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current()) : value;
    },
  });
}

/**
 * Another app on the test server's database and configuration, API only, with other buildApp options (a
 * lower rate limit, another `config`): what a second process started with other settings would answer.
 * The caller closes it.
 */
export function appBeside(server: TestServer, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({
    db: server.db,
    config: server.config,
    distDir: null,
    imageStore: memoryImageStore(),
    ...options,
  });
}
