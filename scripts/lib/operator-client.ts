// The operator commands' way to the running server (docs/decisions/012-operator-api.md): calls to
// /api/operator/... with the X-Operator-Token header. OPERATOR_URL names the server (default
// http://127.0.0.1:$PORT, PORT defaulting to 3000 like the server's), OPERATOR_TOKEN the shared secret.
// Failures are OperatorErrors whose message says what to do (start the server, fix which setting).

export class OperatorError extends Error {
  override name = 'OperatorError';
  constructor(
    message: string,
    /** The HTTP status of the server's answer; 0 when the server could not be reached. */
    readonly status: number,
    /** The failure envelope's extend, when there was one. */
    readonly extend: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Env = Record<string, string | undefined>;

export interface OperatorClient {
  /** Where the commands send their calls, e.g. http://127.0.0.1:3000. */
  origin: string;
  /** A JSON call: resolves with the envelope's `extend`, or rejects with an OperatorError. */
  call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** A call with a body of any type (a file, bytes): resolves with the envelope's `extend`. */
  raw<T>(method: string, path: string, body: BodyInit, contentType: string): Promise<T>;
  /** A call whose successful answer is not an envelope (a download): the Response, once its status is 2xx. */
  response(method: string, path: string, body?: BodyInit, contentType?: string): Promise<Response>;
}

const trimmed = (value: string | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/** The server's origin from OPERATOR_URL, else the local server on PORT. */
export function operatorOrigin(env: Env = process.env): string {
  const url = trimmed(env.OPERATOR_URL);
  if (url === null) return `http://127.0.0.1:${trimmed(env.PORT) ?? '3000'}`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    return url.replace(/\/+$/, '');
  } catch {
    throw new OperatorError(
      `OPERATOR_URL must be the server's address such as http://127.0.0.1:3000, got "${url}"`,
      0,
    );
  }
}

const unreachable = (origin: string, error: unknown): OperatorError => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return new OperatorError(
    `Cannot reach the server at ${origin} (${why}). Start it first (npm run serve, with the same ` +
      'environment), or set OPERATOR_URL to where it listens.',
    0,
  );
};

/** The message of a failure answer: the envelope's, with what to change for the token refusals. */
const failureOf = async (response: Response): Promise<OperatorError> => {
  let msg = `${response.status} ${response.statusText}`.trim();
  let extend: Record<string, unknown> = {};
  try {
    const envelope = (await response.json()) as { msg?: unknown; extend?: unknown };
    if (typeof envelope.msg === 'string' && envelope.msg !== '') msg = envelope.msg;
    if (envelope.extend && typeof envelope.extend === 'object') {
      extend = envelope.extend as Record<string, unknown>;
    }
  } catch {
    // not an envelope (a proxy's page): the status line says enough
  }
  if (response.status === 401) {
    msg +=
      ". This command's OPERATOR_TOKEN is not the server's: set OPERATOR_TOKEN to the value the server " +
      'was started with.';
  } else if (response.status === 403) {
    msg += '. Set OPERATOR_TOKEN (32 characters or more) in the server\u2019s environment and restart it.';
  }
  return new OperatorError(msg, response.status, extend);
};

/** The operator client of this environment; throws an OperatorError when OPERATOR_TOKEN is missing. */
export function operatorClient(env: Env = process.env): OperatorClient {
  const origin = operatorOrigin(env);
  const token = trimmed(env.OPERATOR_TOKEN);
  if (token === null) {
    throw new OperatorError(
      'OPERATOR_TOKEN is not set: set it to the same value as the server\u2019s OPERATOR_TOKEN ' +
        '(32 characters or more; the server needs it too, or its operator API is off).',
      0,
    );
  }

  const send = async (
    method: string,
    path: string,
    body: BodyInit | undefined,
    headers: Record<string, string>,
  ): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers: { accept: 'application/json', ...headers, 'x-operator-token': token },
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      throw unreachable(origin, error);
    }
    if (!response.ok) throw await failureOf(response);
    return response;
  };

  const extendOf = async <T>(response: Response): Promise<T> => {
    const envelope = (await response.json()) as { success?: boolean; msg?: string; extend?: T };
    if (envelope.success !== true) {
      throw new OperatorError(envelope.msg ?? 'The server refused the call', response.status);
    }
    return envelope.extend as T;
  };

  return {
    origin,
    async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const json = body === undefined ? undefined : JSON.stringify(body);
      const contentHeaders: Record<string, string> =
        json === undefined ? {} : { 'content-type': 'application/json' };
      return extendOf<T>(await send(method, path, json, { ...contentHeaders, ...headers }));
    },
    async raw<T>(method: string, path: string, body: BodyInit, contentType: string) {
      return extendOf<T>(await send(method, path, body, { 'content-type': contentType }));
    },
    async response(method: string, path: string, body?: BodyInit, contentType?: string) {
      return send(method, path, body, contentType === undefined ? {} : { 'content-type': contentType });
    },
  };
}

export interface ProgressBar {
  tick(n?: number): void;
  done(): void;
}

/**
 * Progress of `total` steps on stderr: a redrawn bar when stderr is a terminal, otherwise (a log, a pipe)
 * one line at every tenth of the way, so logs stay short.
 */
export function progressBar(
  total: number,
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressBar {
  const tty = stream.isTTY === true;
  const width = 30;
  let count = 0;
  let lastTenth = -1;
  let finished = false;
  const draw = (): void => {
    const share = total <= 0 ? 1 : Math.min(1, count / total);
    if (tty) {
      const filled = Math.round(share * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      stream.write(`\r${label} [${bar}] ${count}/${total} ${Math.floor(share * 100)}%`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      stream.write(`${label}: ${count}/${total} (${Math.floor(share * 100)}%)\n`);
    }
  };
  draw();
  return {
    tick(n = 1) {
      if (finished) return;
      count = Math.min(total, count + n);
      draw();
    },
    done() {
      if (finished) return;
      finished = true;
      count = total;
      draw();
      if (tty) stream.write('\n');
    },
  };
}

/** Runs a command's main: exit code 0 (unless main set one), or the error's message on stderr and 1. */
export async function runOperatorCommand(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
