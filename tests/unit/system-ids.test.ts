import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../../domain/system-ids.ts';
import { REGISTRY, scopeOf } from '../../machines/system/registry.ts';

describe('system-ids', () => {
  it('gives every long-lived actor a scope in the registry and keeps SPEC.md §9 timings', () => {
    const scopes = (Object.keys(REGISTRY) as (keyof typeof REGISTRY)[]).map(scopeOf);
    expect(new Set(scopes)).toEqual(new Set(['app', 'signIn', 'member', 'page']));
    expect(TIMINGS).toEqual({
      toastDuration: 2000,
      toastFade: 300,
      categoryMenuCloseDelay: 2000,
      accountMenuCloseDelay: 500,
    });
  });
});
