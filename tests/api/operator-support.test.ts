// The staff's support desk on the operator API (server/operator/support-routes.ts) in a production-mode
// configuration (no development stand-ins): list, show, reply; the member sees the answer in their
// messages and gets the mail. Then `npm run support` (scripts/support.ts) as a child process against a real
// listening production server: list, reply, show, and its errors (wrong token, no server).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../server/mail/index.ts';
import { EMPTY_ANSWER } from '../../server/operator/support-routes.ts';
import { freePort } from '../support/free-port.ts';
import { skipPostgres, startTestPostgres, type PgCluster } from '../support/postgres.ts';
import { createTestServer, type TestServer } from '../support/server.ts';
import { newUser } from './support/catalog.ts';
import { botProofFrom, proven } from './support/auth.ts';

const TOKEN = 'operator-support-test-token-0123456789abcdef';
const ROOT = join(import.meta.dirname, '..', '..');
const operator = { 'x-operator-token': TOKEN };

const request = {
  subject: 'Where is my prompt?',
  message: 'I bought a prompt yesterday but I cannot find it in my library.',
};

describe('operator support API (production mode)', () => {
  let server: TestServer;
  let ipCount = 0;
  beforeAll(async () => {
    server = await createTestServer({
      config: {
        production: true,
        devStandIns: false,
        seedDemo: false,
        nodeEnv: 'production',
        operatorToken: TOKEN,
      },
    });
  });
  afterAll(async () => server.close());

  const ask = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      payload: await proven(server.app, payload),
      headers,
      remoteAddress: `10.1.0.${++ipCount}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { extend: { data: { id: number } } }).extend.data.id;
  };
  const op = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    server.app.inject({ method, url, headers: operator, ...(payload ? { payload } : {}) });

  it('lists, shows and answers a member request: the answer is in their messages and mailed', async () => {
    const email = 'operator-support-member@example.com';
    const member = await newUser(server, email);
    const bearer = { authorization: `Bearer ${member.token}` };
    const id = await ask(request, bearer);

    const open = await op('GET', '/api/operator/support?status=open');
    expect(open.statusCode).toBe(200);
    const item = (open.json() as { extend: { data: { id: number }[] } }).extend.data.find((r) => r.id === id);
    expect(item).toEqual({
      id,
      email,
      member: true,
      subject: request.subject,
      status: 'open',
      createdAt: expect.any(String),
      lastMessageAt: expect.any(String),
      lastMessage: request.message,
    });

    const answer = 'Your prompt is in Orders: open the order and follow the link.';
    const replied = await op('POST', `/api/operator/support/${id}/reply`, { text: `  ${answer}\r\n` });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      success: true,
      extend: { data: { id, status: 'answered', reply: answer, repliedAt: expect.any(String) } },
    });

    // the member's Messages
    const messages = await server.app.inject({ method: 'GET', url: '/api/my/messages', headers: bearer });
    expect(messages.json()).toMatchObject({
      extend: { data: [{ kind: 'support', title: `Re: ${request.subject}`, body: answer }] },
    });
    // and the mail (no SMTP_URL: the outbox table)
    const mails = await listOutbox(server.db, email);
    expect(mails.map((mail) => mail.subject)).toContain(`Re: ${request.subject}`);
    expect(mails.find((mail) => mail.subject === `Re: ${request.subject}`)?.text).toContain(answer);

    // no longer open; in answered and all, with the answer as the last message
    const openIds = (await op('GET', '/api/operator/support'))
      .json()
      .extend.data.map((r: { id: number }) => r.id);
    expect(openIds).not.toContain(id);
    for (const status of ['answered', 'all']) {
      const list = (await op('GET', `/api/operator/support?status=${status}`)).json().extend.data;
      expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({
        status: 'answered',
        lastMessage: answer,
      });
    }

    const shown = await op('GET', `/api/operator/support/${id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().extend.data).toMatchObject({
      id,
      email,
      member: true,
      memberName: 'operator-support-member',
      status: 'answered',
      thread: [
        { from: 'customer', text: request.message },
        { from: 'staff', text: answer },
      ],
    });
  });

  it("answers a visitor's request by mail", async () => {
    const email = 'operator-support-visitor@example.com';
    const id = await ask({ ...request, email });
    const shown = (await op('GET', `/api/operator/support/${id}`)).json().extend.data;
    expect(shown).toMatchObject({ member: false, memberName: null, thread: [{ from: 'customer' }] });
    expect((await op('POST', `/api/operator/support/${id}/reply`, { text: 'Hello!' })).statusCode).toBe(200);
    // the address was anyone's: the answer goes, the visitor's subject does not (issue 37)
    const subjects = (await listOutbox(server.db, email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Re: your request #${id}`);
    expect(subjects.join('\n')).not.toContain(request.subject);
  });

  it('answers 404 for an unknown request and 400 for an empty answer or status', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await op('GET', `/api/operator/support/${id}`)).statusCode, id).toBe(404);
      const reply = await op('POST', `/api/operator/support/${id}/reply`, { text: 'Hello' });
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toMatchObject({ success: false, msg: 'Support request not found' });
    }
    const id = await ask({ ...request, email: 'operator-support-empty@example.com' });
    for (const payload of [{}, { text: '' }, { text: ' \n ' }, { text: 'x'.repeat(5001) }]) {
      const answer = await op('POST', `/api/operator/support/${id}/reply`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().success).toBe(false);
    }
    expect((await op('POST', `/api/operator/support/${id}/reply`, { text: ' ' })).json().msg).toBe(
      EMPTY_ANSWER,
    );
    expect((await op('GET', '/api/operator/support?status=pending')).statusCode).toBe(400);
    // nothing was answered
    expect((await op('GET', `/api/operator/support/${id}`)).json().extend.data.status).toBe('open');
  });
});

const ENGINES = [
  { engine: 'pglite', title: 'the embedded database', skip: false },
  { engine: 'postgres', title: 'PostgreSQL', skip: skipPostgres('operator-support') },
] as const;

describe.each(ENGINES)(
  'npm run support against a listening production server on $title',
  ({ engine, skip }) => {
    let child: ChildProcess | null = null;
    let cluster: PgCluster | null = null;
    let databaseUrl = '';
    let origin = '';
    let output = '';
    const dataDir = mkdtempSync(join(tmpdir(), 'fruitprompt-support-cli-'));

    beforeAll(async () => {
      if (skip) return;
      if (engine === 'postgres') {
        cluster = await startTestPostgres();
        databaseUrl = await cluster.createDatabase('operator_support');
      }
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          PASSWORD_KEY: randomBytes(16).toString('hex'),
          PUBLIC_ORIGIN: origin,
          OPERATOR_TOKEN: TOKEN,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      proc.stdout.on('data', keep);
      proc.stderr.on('data', keep);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 90_000);
        const check = () => {
          if (/Serving at|Storefront ready/.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        proc.stdout.on('data', check);
        proc.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`The server exited (${code}) before it was ready:\n${output}`));
        });
      });
    }, 120_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const support = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/support.ts', ...args], {
          cwd: ROOT,
          env: { ...process.env, OPERATOR_URL: origin, OPERATOR_TOKEN: TOKEN, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        proc.on('exit', (code) => resolve({ code, stdout, stderr }));
      });

    it.skipIf(skip)('lists the open requests, answers one and shows the thread', async () => {
      const health = (await (await fetch(`${origin}/api/health`)).json()) as { extend: { database: string } };
      expect(health.extend.database).toBe(engine === 'postgres' ? 'pg' : 'pglite');
      const sent = await fetch(`${origin}/api/support/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...request,
          email: 'cli-visitor@example.com',
          botCheck: await botProofFrom(origin),
        }),
      });
      expect(sent.status).toBe(200);
      const { id } = ((await sent.json()) as { extend: { data: { id: number } } }).extend.data;

      const listed = await support(['list']);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      const lines = listed.stdout.split('\n');
      expect(lines[0]).toMatch(/^ID\s+STATUS\s+CREATED \(UTC\)\s+FROM\s+SUBJECT\s+LAST MESSAGE$/);
      expect(lines[1]).toMatch(
        new RegExp(
          `^${id}\\s+open\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+cli-visitor@example.com \\(visitor\\)\\s+Where is my prompt\\?\\s+I bought`,
        ),
      );
      expect(listed.stdout).toContain('1 request (open).');

      const replied = await support(['reply', String(id), 'It is in your Orders.']);
      expect(replied.stderr).toBe('');
      expect(replied.code).toBe(0);
      expect(replied.stdout).toContain(`Answered request #${id}`);

      expect((await support(['list'])).stdout).toContain('No open support requests.');
      const answered = await support(['list', '--status', 'answered']);
      expect(answered.stdout).toMatch(new RegExp(`^${id}\\s+answered\\s.*It is in your Orders\\.$`, 'm'));

      const shown = await support(['show', String(id)]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain(`Request #${id}: ${request.subject}`);
      expect(shown.stdout).toMatch(/--- Customer, [^\n]+---\nI bought a prompt/);
      expect(shown.stdout).toMatch(/--- Staff answer, [^\n]+---\nIt is in your Orders\./);
    });

    it.skipIf(skip)(
      'exits 1 with what to fix: unknown request, wrong or missing token, no server, bad usage',
      async () => {
        const unknown = await support(['show', '999999']);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('Support request not found');

        const wrong = await support(['list'], { OPERATOR_TOKEN: 'not-the-operator-token-0123456789abcdef' });
        expect(wrong.code).toBe(1);
        expect(wrong.stderr).toMatch(/OPERATOR_TOKEN is not the server's/);
        expect(wrong.stdout).toBe('');

        const missing = await support(['list'], { OPERATOR_TOKEN: '' });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('OPERATOR_TOKEN is not set');

        const port = await freePort();
        const down = await support(['list'], { OPERATOR_URL: `http://127.0.0.1:${port}` });
        expect(down.code).toBe(1);
        expect(down.stderr).toMatch(/Cannot reach the server at http:\/\/127\.0\.0\.1:\d+.*npm run serve/s);

        const usage = await support(['reply', '12']);
        expect(usage.code).toBe(1);
        expect(usage.stderr).toContain('Usage:');
      },
      60_000,
    );
  },
);
