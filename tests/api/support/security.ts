// Helpers of the security API tests (tests/api/security-*.test.ts): what every answer's headers carry, what
// an HTML document's Content-Security-Policy allows, and a foreign origin to call from.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_CONFIG } from '../../support/server.ts';

export const EVIL = 'https://evil.example';
export const CALLBACK = `${TEST_CONFIG.publicOrigin}/auth/callback`;

/** The directives of a policy, by name. */
export const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

/** The script elements of an HTML text that would run without a src (JSON-LD is data, not a script). */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .filter(([, attributes]) => !/\btype\s*=\s*["']?application\/(ld\+)?json["']?/i.test(attributes!))
    .map(([element]) => element);

/** What every answer carries, whatever it is. */
export function expectBaseHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(String(res.headers['permissions-policy']), what).toMatch(/camera=\(\), microphone=\(\)/);
  expect(String(res.headers['referrer-policy']), what).toMatch(
    /^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/,
  );
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(directives(csp).get('frame-ancestors'), `${what}: ${csp}`).toEqual(["'none'"]);
  for (const name of Object.keys(res.headers)) {
    expect(name.startsWith('access-control-'), `${what}: ${name}`).toBe(false);
  }
  expect(res.headers['set-cookie'], what).toBeUndefined();
}

/** A document's policy: nothing inline or foreign may run, and nothing may frame it. */
export function expectDocumentPolicy(res: LightMyRequestResponse, what: string): void {
  expect(String(res.headers['content-type']), what).toMatch(/^text\/html/);
  const csp = directives(String(res.headers['content-security-policy']));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, what).toBeDefined();
  for (const value of scripts!) {
    expect(["'self'", "'none'"], `${what}: script source ${value}`).toContain(value);
  }
  expect(csp.get('object-src') ?? csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toBeDefined();
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(inlineScripts(res.body), what).toEqual([]);
}
