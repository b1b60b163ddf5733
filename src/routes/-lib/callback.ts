import type { SearchSchemaInput } from '@tanstack/react-router';
import { sendToSystem, type AppSystem } from '../../app/app-system.ts';
import type { SystemId } from '../../../machines/app/registry.ts';
import { ensureFor } from './ensure.ts';

/** What the identity provider appends to the callback address; each one optional. */
export interface CallbackSearch {
  code?: string;
  state?: string;
  error?: string;
}

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export function validateCallbackSearch(
  raw: { code?: unknown; state?: unknown; error?: unknown } & SearchSchemaInput,
): CallbackSearch {
  return {
    code: optionalString(raw.code),
    state: optionalString(raw.state),
    error: optionalString(raw.error),
  };
}

/** beforeLoad of /auth/callback and /social-callback: start the exchange (not on a preload). */
export async function startCallback({
  context,
  search,
  preload,
}: {
  context: { system: AppSystem };
  search: CallbackSearch;
  preload: boolean;
}): Promise<{ machines: SystemId[] }> {
  const machines = await ensureFor('authCallback')({ context });
  if (preload) return machines;
  sendToSystem(context.system, 'authCallback', {
    type: 'callback.start',
    code: search.code ?? null,
    state: search.state ?? null,
    error: search.error ?? null,
  });
  return machines;
}
