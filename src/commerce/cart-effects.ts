import type { ApiClient } from '../platform/api.ts';

/** requirements §7: the count from extend.data, or data, or extend itself as a number; null when empty. */
export function countFrom(body: { extend?: unknown; data?: unknown }): number | null {
  const extend = body.extend as { data?: unknown } | number | undefined;
  const candidates = [
    typeof extend === 'object' && extend !== null ? extend.data : undefined,
    body.data,
    extend,
  ];
  for (const c of candidates) {
    const n = typeof c === 'string' && c.trim() !== '' ? Number(c) : c;
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

export function createCartEffects(api: ApiClient) {
  return {
    fetchCartCount: async (memberId: string): Promise<number | null> => {
      const { status, body } = await api.raw('get', '/api/my/cart/count', { searchParams: { memberId } });
      if (!body.success) throw new Error(body.msg || `Cart count failed (${status})`);
      return countFrom(body);
    },
  };
}
