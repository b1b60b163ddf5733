// Context and payloads as formatted JSON: objects and arrays fold (<details>), long strings are cut
// with a "more" toggle, and what JSON cannot say (actor refs, functions, dates, maps) gets a readable tag.
import { useState, type ReactNode } from 'react';

const LONG_STRING = 120;
const OPEN_DEPTH = 2;
const OPEN_MAX_ENTRIES = 12;

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain } | { $tag: string };

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/** Turns any value into something JSON can show, without cycles. */
export function toPlain(value: unknown, seen = new WeakSet<object>()): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $tag: String(value) };
  if (typeof value === 'bigint') return { $tag: `${value}n` };
  if (typeof value === 'function') return { $tag: `ƒ ${value.name || 'anonymous'}` };
  if (typeof value === 'symbol') return { $tag: value.toString() };
  if (typeof value !== 'object') return { $tag: String(value) };
  if (seen.has(value)) return { $tag: 'circular' };
  if (value instanceof Date)
    return { $tag: `Date ${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()}` };
  if (value instanceof Error) return { $tag: `${value.name}: ${value.message}` };
  if (isActorRef(value)) return { $tag: `actor ${(value as { systemId?: string }).systemId ?? value.id}` };
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => toPlain(item, seen));
  if (value instanceof Map) {
    return Object.fromEntries([...value].map(([k, v]) => [String(k), toPlain(v, seen)]));
  }
  if (value instanceof Set) return [...value].map((item) => toPlain(item, seen));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v, seen)]));
}

function LongString({ text }: { text: string }) {
  const [full, setFull] = useState(false);
  if (text.length <= LONG_STRING)
    return <span className="fruit-devtools-json-string">{JSON.stringify(text)}</span>;
  return (
    <span className="fruit-devtools-json-string">
      {full ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, LONG_STRING))}…`}{' '}
      <button type="button" className="fruit-devtools-link" onClick={() => setFull(!full)}>
        {full ? 'less' : `${text.length - LONG_STRING} more`}
      </button>
    </span>
  );
}

function Value({ value, depth, name }: { value: Plain; depth: number; name: ReactNode }) {
  const label = name === null ? null : <span className="fruit-devtools-json-key">{name}: </span>;
  if (value === null)
    return (
      <div className="fruit-devtools-json-row">
        {label}
        <span className="fruit-devtools-json-null">null</span>
      </div>
    );
  if (typeof value === 'string')
    return (
      <div className="fruit-devtools-json-row">
        {label}
        <LongString text={value} />
      </div>
    );
  if (typeof value === 'number' || typeof value === 'boolean') {
    return (
      <div className="fruit-devtools-json-row">
        {label}
        <span className="fruit-devtools-json-literal">{String(value)}</span>
      </div>
    );
  }
  if (
    !Array.isArray(value) &&
    '$tag' in value &&
    Object.keys(value).length === 1 &&
    typeof value.$tag === 'string'
  ) {
    return (
      <div className="fruit-devtools-json-row">
        {label}
        <span className="fruit-devtools-json-tag">{value.$tag}</span>
      </div>
    );
  }
  const entries: [string, Plain][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value as Record<string, Plain>);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0)
    return (
      <div className="fruit-devtools-json-row">
        {label}
        <span className="fruit-devtools-json-punct">{open + close}</span>
      </div>
    );
  const summary = Array.isArray(value)
    ? `${entries.length} item${entries.length === 1 ? '' : 's'}`
    : `${entries.length} key${entries.length === 1 ? '' : 's'}`;
  return (
    <details
      className="fruit-devtools-json-node"
      open={depth < OPEN_DEPTH && entries.length <= OPEN_MAX_ENTRIES}
    >
      <summary>
        {label}
        <span className="fruit-devtools-json-punct">{open}</span>
        <span className="fruit-devtools-json-summary"> {summary} </span>
        <span className="fruit-devtools-json-punct">{close}</span>
      </summary>
      <div className="fruit-devtools-json-children">
        {entries.map(([key, item]) => (
          <Value key={key} value={item} depth={depth + 1} name={Array.isArray(value) ? null : key} />
        ))}
      </div>
    </details>
  );
}

/** A JSON tree of `value`; `label` names it for assistive technology. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="fruit-devtools-json" role="group" aria-label={label}>
      <Value value={toPlain(value)} depth={0} name={null} />
    </div>
  );
}
