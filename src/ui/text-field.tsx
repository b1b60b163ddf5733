import '../styles/forms.css';
import { useId, type HTMLInputTypeAttribute } from 'react';

/** A labelled input with an optional hint and its error underneath (aria-invalid, aria-describedby). */
export function TextField({
  label,
  type = 'text',
  value,
  onChange,
  onBlur,
  error,
  hint,
  disabled,
  readOnly,
  placeholder,
  autoComplete,
  autoFocus = false,
  name,
}: {
  label: string;
  type?: HTMLInputTypeAttribute;
  value: string;
  onChange: (value: string) => void;
  /** The field lost focus (forms that check a field when it is left). */
  onBlur?: () => void;
  error?: string | null | undefined;
  hint?: string;
  disabled?: boolean;
  /** Kept focusable while a save is under way (disabled would drop the focus). */
  readOnly?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** Marks the field the surrounding dialog focuses first. */
  autoFocus?: boolean;
  name?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        data-autofocus={autoFocus ? '' : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
