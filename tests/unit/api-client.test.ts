import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_MESSAGE } from '../../domain/session-rules.ts';
import { ApiError, createApiClient } from '../../src/platform/api.ts';

// The API client's part in ending a session the server has ended (issue 15): a 401 answering a call
// that carried a bearer token is reported with that token, once per call, and its message is never
// the server's token error.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Until the call has reached `fetch` (ky prepares a request over a few turns). */
async function reached(sent: unknown[]) {
  while (sent.length === 0) await new Promise((r) => setTimeout(r, 0));
}
const refused = () => json(401, { success: false, msg: 'Invalid or expired token', extend: {} });

function client(respond: (request: Request) => Response | Promise<Response>, token: string | null = 'tok-a') {
  const reports: string[] = [];
  const sent: (string | null)[] = [];
  let current = token;
  const api = createApiClient({
    baseUrl: 'http://api.test',
    getToken: () => current,
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(request.headers.get('Authorization'));
      return respond(request);
    },
    onUnauthorized: (t) => reports.push(t),
  });
  return { api, reports, sent, setToken: (t: string | null) => (current = t) };
}

describe('a 401 on a call with the session token (src/platform/api.ts onUnauthorized)', () => {
  it('is reported with the token the call carried, and says the session ended', async () => {
    const { api, reports, sent } = client(refused);
    const error = await api.get('/api/my/orders').catch((e: unknown) => e);
    expect(reports).toEqual(['tok-a']);
    expect(sent).toEqual(['Bearer tok-a']);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe(SESSION_ENDED_MESSAGE);
    expect((error as ApiError).message).not.toMatch(/token/i);
  });

  it('reports the token handed to the call (the account and logout calls), not a later one', async () => {
    let answer: (r: Response) => void = () => {};
    const { api, reports, sent, setToken } = client(() => new Promise((resolve) => (answer = resolve)));
    const pending = api.raw('get', '/api/social/accounts', { token: 'tok-old' });
    setToken('tok-new');
    await reached(sent);
    answer(refused());
    const { status, body } = await pending;
    expect(status).toBe(401);
    expect(body.msg).toBe(SESSION_ENDED_MESSAGE);
    expect(reports).toEqual(['tok-old']);
  });

  it('reads the session token when the call is made, and reports that one if it has changed since', async () => {
    let answer: (r: Response) => void = () => {};
    const { api, reports, sent, setToken } = client(() => new Promise((resolve) => (answer = resolve)));
    const pending = api.get('/api/my/cart/count').catch(() => {});
    await reached(sent);
    setToken('tok-b');
    answer(refused());
    await pending;
    // the session decides that this token is stale
    expect(reports).toEqual(['tok-a']);
  });

  it('is not reported for a call without a token: a wrong password at login answers 401 too', async () => {
    const { api, reports, sent } = client(
      () => json(401, { success: false, msg: 'Invalid email or password', extend: {} }),
      null,
    );
    const { status, body } = await api.raw('post', '/api/social/login', { json: { email: 'a@b.c' } });
    expect(sent).toEqual([null]);
    expect(status).toBe(401);
    expect(body.msg).toBe('Invalid email or password');
    expect(reports).toEqual([]);
  });

  it('is not reported for other refusals (403, 404, 409) or answers without an envelope', async () => {
    for (const status of [403, 404, 409, 500]) {
      const { api, reports } = client(() => json(status, { success: false, msg: 'No', extend: {} }));
      const error = (await api.get('/api/my/orders').catch((e: unknown) => e)) as ApiError;
      expect(error.message).toBe('No');
      expect(reports).toEqual([]);
    }
  });

  it('is reported for a 401 whose body is not an envelope (a proxy answering for the server)', async () => {
    const { api, reports } = client(() => new Response('Unauthorized', { status: 401 }));
    await api.get('/api/my/orders').catch(() => {});
    expect(reports).toEqual(['tok-a']);
  });
});
