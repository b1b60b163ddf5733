import '../styles/forms.css';

/** A small indeterminate spinner; decorative, the text next to it says what is happening. */
export function Spinner({ size = 18, className }: { size?: number; className?: string }) {
  return (
    <span
      className={`spinner${className ? ` ${className}` : ''}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
