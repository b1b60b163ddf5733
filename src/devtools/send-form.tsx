// "Send event": an event type (the ones the current state handles are offered) and an optional JSON
// payload, checked before anything is sent.
import { useId, useState, type FormEvent } from 'react';
import { __unsafe_getAllOwnEventDescriptors, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';

export interface Suggestion {
  type: string;
  /** False when a guard refuses the bare event right now (it may still pass with a payload). */
  enabled: boolean;
}

/** The event types the active states handle (internal `xstate.*` ones left out), and which pass now. */
export function acceptedEvents(snapshot: AnyMachineSnapshot | null): Suggestion[] {
  if (!snapshot || snapshot.status !== 'active' || !('_nodes' in snapshot)) return [];
  const types = __unsafe_getAllOwnEventDescriptors(snapshot).filter(
    (type) => !type.startsWith('xstate.') && !type.includes('*'),
  );
  return [...new Set(types)].sort().map((type) => {
    let enabled = true;
    try {
      enabled = snapshot.can({ type });
    } catch {
      // a guard that reads the payload may throw without one
    }
    return { type, enabled };
  });
}

type Parsed = { ok: true; payload: Record<string, unknown> } | { ok: false; error: string };

export function parsePayload(text: string): Parsed {
  if (text.trim() === '') return { ok: true, payload: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The payload is not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'The payload must be a JSON object, e.g. {"mode": "login"}.' };
  }
  if ('type' in value)
    return { ok: false, error: 'Put the event type in the "Event type" field, not in the payload.' };
  return { ok: true, payload: value as Record<string, unknown> };
}

export function SendEventForm({
  actor,
  name,
  snapshot,
}: {
  actor: AnyActorRef;
  name: string;
  snapshot: AnyMachineSnapshot | null;
}) {
  const id = useId();
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('');
  const [errors, setErrors] = useState<{ type?: string; payload?: string }>({});
  const [status, setStatus] = useState('');
  const suggestions = acceptedEvents(snapshot);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = type.trim();
    const parsed = parsePayload(payload);
    const next: typeof errors = {};
    if (!trimmed) next.type = 'Enter an event type, e.g. one of those this state handles.';
    if (!parsed.ok) next.payload = parsed.error;
    setErrors(next);
    if (next.type || !parsed.ok) {
      setStatus('');
      return;
    }
    const handled = suggestions.some((s) => s.type === trimmed);
    actor.send({ ...parsed.payload, type: trimmed });
    setStatus(
      handled
        ? `Sent ${trimmed} to ${name}.`
        : `Sent ${trimmed} to ${name}; the current state does not handle it, so nothing changes.`,
    );
  };

  return (
    <form
      className="fruit-devtools-form"
      onSubmit={submit}
      noValidate
      aria-label={`Send an event to ${name}`}
    >
      <div className="fruit-devtools-field">
        <label htmlFor={`${id}-type`}>Event type</label>
        <input
          id={`${id}-type`}
          value={type}
          onChange={(e) => setType(e.target.value)}
          list={`${id}-types`}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. dialog.open"
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? `${id}-type-error` : undefined}
        />
        <datalist id={`${id}-types`}>
          {suggestions.map((s) => (
            <option key={s.type} value={s.type} />
          ))}
        </datalist>
        {errors.type && (
          <p id={`${id}-type-error`} className="fruit-devtools-error">
            {errors.type}
          </p>
        )}
      </div>
      {suggestions.length > 0 && (
        <div className="fruit-devtools-suggestions" role="group" aria-label="Events this state handles">
          {suggestions.map((s) => (
            <button
              key={s.type}
              type="button"
              className={`fruit-devtools-chip${s.enabled ? '' : ' fruit-devtools-chip--guarded'}`}
              aria-pressed={type === s.type}
              title={
                s.enabled
                  ? `Handled now`
                  : 'Handled here, but a guard refuses it without the right payload or context'
              }
              onClick={() => setType(s.type)}
            >
              {s.type}
            </button>
          ))}
        </div>
      )}
      <div className="fruit-devtools-field">
        <label htmlFor={`${id}-payload`}>Payload (JSON object, optional)</label>
        <textarea
          id={`${id}-payload`}
          value={payload}
          onChange={(e) => setPayload(e.target.value)}
          rows={2}
          spellCheck={false}
          placeholder='{"mode": "login"}'
          aria-invalid={errors.payload ? true : undefined}
          aria-describedby={errors.payload ? `${id}-payload-error` : undefined}
        />
        {errors.payload && (
          <p id={`${id}-payload-error`} className="fruit-devtools-error">
            {errors.payload}
          </p>
        )}
      </div>
      <div className="fruit-devtools-form-actions">
        <button type="submit" className="fruit-devtools-primary">
          Send event
        </button>
        <p role="status" className="fruit-devtools-muted">
          {status}
        </p>
      </div>
    </form>
  );
}
