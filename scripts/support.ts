// npm run support -- list [--status open|answered|closed|all] | show ID | reply ID "text"
// The staff's Customer Support desk on the running server's operator API (docs/decisions/012-operator-api.md):
// needs OPERATOR_TOKEN (the server's) and, when the server is not http://127.0.0.1:$PORT, OPERATOR_URL.
// Exit code 0 on success, 1 with the reason on stderr.
import { readFileSync } from 'node:fs';
import { operatorClient, runOperatorCommand, type OperatorClient } from './lib/operator-client.ts';

const USAGE = `Usage:
  npm run support -- list [--status open|answered|closed|all]   requests of one status (default open)
  npm run support -- show ID                                     one request and its answer
  npm run support -- reply ID "text"                             answer it ("-" reads the text from stdin)
Environment: OPERATOR_TOKEN (the server's), OPERATOR_URL (default http://127.0.0.1:$PORT).`;

const STATUSES = ['open', 'answered', 'closed', 'all'] as const;
type StatusFilter = (typeof STATUSES)[number];

interface ListItem {
  id: number;
  email: string;
  member: boolean;
  subject: string;
  status: string;
  createdAt: string;
  lastMessageAt: string;
  lastMessage: string;
}

interface Thread {
  id: number;
  subject: string;
  status: string;
  createdAt: string;
  email: string;
  member: boolean;
  memberName: string | null;
  thread: { from: 'customer' | 'staff'; text: string; at: string }[];
}

class UsageError extends Error {}

/** An ISO time as "2026-11-27 01:53" (UTC). */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

const oneLine = (text: string, width: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= width ? flat : `${chars.slice(0, Math.max(1, width - 1)).join('')}\u2026`;
};

/** Rows as aligned columns; the last column takes what is left of the terminal's width. */
function formatTable(header: string[], rows: string[][], totalWidth: number): string {
  const widths = header.map((title, column) =>
    Math.max([...title].length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const fixed = widths.slice(0, -1).reduce((sum, width) => sum + width + 2, 0);
  const last = Math.max(20, Math.min(widths.at(-1)!, totalWidth - fixed));
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? oneLine(cell, last) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const idArgument = (raw: string | undefined): string => {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) {
    throw new UsageError(
      `Give the request's number (as in the list), got ${raw === undefined ? 'nothing' : `"${raw}"`}`,
    );
  }
  return raw;
};

async function list(client: OperatorClient, args: string[]): Promise<void> {
  let status: StatusFilter = 'open';
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = arg === '--status' ? args[++i] : arg.startsWith('--status=') ? arg.slice(9) : null;
    if (value === null) throw new UsageError(`Unknown option "${arg}"`);
    if (!STATUSES.includes(value as StatusFilter)) {
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')}, got "${value ?? ''}"`);
    }
    status = value as StatusFilter;
  }
  const { data } = await client.call<{ data: ListItem[] }>('GET', `/api/operator/support?status=${status}`);
  if (data.length === 0) {
    process.stdout.write(`No ${status === 'all' ? '' : `${status} `}support requests.\n`);
    return;
  }
  const rows = data.map((item) => [
    String(item.id),
    item.status,
    when(item.createdAt),
    `${item.email}${item.member ? '' : ' (visitor)'}`,
    oneLine(item.subject, 40),
    item.lastMessage,
  ]);
  const width = process.stdout.columns ?? 140;
  process.stdout.write(
    `${formatTable(['ID', 'STATUS', 'CREATED (UTC)', 'FROM', 'SUBJECT', 'LAST MESSAGE'], rows, width)}\n`,
  );
  process.stdout.write(`${data.length} request${data.length === 1 ? '' : 's'} (${status}).\n`);
}

const printThread = (request: Thread): void => {
  const from = request.member
    ? `${request.memberName ?? 'member'} <${request.email}> (member)`
    : `${request.email} (visitor)`;
  const lines = [
    `Request #${request.id}: ${request.subject}`,
    `From:    ${from}`,
    `Status:  ${request.status}`,
    `Created: ${when(request.createdAt)} UTC`,
  ];
  for (const entry of request.thread) {
    lines.push('', `--- ${entry.from === 'staff' ? 'Staff answer' : 'Customer'}, ${when(entry.at)} UTC ---`);
    lines.push(entry.text);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
};

async function show(client: OperatorClient, args: string[]): Promise<void> {
  if (args.length !== 1) throw new UsageError('show takes one request number');
  const { data } = await client.call<{ data: Thread }>('GET', `/api/operator/support/${idArgument(args[0])}`);
  printThread(data);
}

async function reply(client: OperatorClient, args: string[]): Promise<void> {
  if (args.length !== 2) throw new UsageError('reply takes the request number and the answer, in quotes');
  const id = idArgument(args[0]);
  const text = args[1] === '-' ? readFileSync(0, 'utf8') : args[1]!;
  if (text.trim() === '') throw new UsageError('The answer is empty');
  await client.call('POST', `/api/operator/support/${id}/reply`, { text });
  const { data } = await client.call<{ data: Thread }>('GET', `/api/operator/support/${id}`);
  process.stdout.write(
    data.member
      ? `Answered request #${id}: ${data.email} sees the answer in their Messages (and by mail if they asked for support replies by mail).\n`
      : `Answered request #${id}: the answer was mailed to ${data.email}.\n`,
  );
}

const COMMANDS: Record<string, (client: OperatorClient, args: string[]) => Promise<void>> = {
  list,
  show,
  reply,
};

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    if (command === undefined) process.exitCode = 1;
    return;
  }
  const run = COMMANDS[command];
  if (run === undefined) throw new UsageError(`Unknown command "${command}"`);
  await run(operatorClient(), args);
}

await runOperatorCommand(async () => {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) throw new Error(`${error.message}\n\n${USAGE}`, { cause: error });
    throw error;
  }
});
