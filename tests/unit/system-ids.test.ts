import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS, TIMINGS } from '../../machines/domain/system-ids.ts';

describe('system-ids', () => {
  it('names every long-lived actor after its key and keeps SPEC.md §9 timings', () => {
    for (const [key, value] of Object.entries(SYSTEM_IDS)) expect(value).toBe(key);
    expect(TIMINGS).toEqual({
      toastDuration: 2000,
      toastFade: 300,
      categoryMenuCloseDelay: 2000,
      accountMenuCloseDelay: 500,
    });
  });
});
