import { useId } from 'react';

/** The FruitPrompt mark: a ripe fruit with a leaf and a spark of an idea inside. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = `fp-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="logo-mark"
    >
      <defs>
        <linearGradient id={gradientId} x1="4" y1="8" x2="28" y2="30" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#f5317f" />
          <stop offset="0.6" stopColor="#f2545b" />
          <stop offset="1" stopColor="#ffa53d" />
        </linearGradient>
      </defs>
      <path
        d="M16 8.6c6.7 0 11.4 4.4 11.4 10.4 0 6-4.9 10.4-11.4 10.4S4.6 25 4.6 19c0-6 4.7-10.4 11.4-10.4z"
        fill={`url(#${gradientId})`}
      />
      <path d="M15.4 9.6c-.5-3.3 1.2-6.3 4.7-7.6 1 3.3-.9 6.4-4.7 7.6z" fill="#1f9d55" />
      <path
        d="M14.6 9.3c-.8-1.5-2.1-2.4-3.9-2.7"
        stroke="#1f9d55"
        strokeWidth="1.4"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M16 13.2l1.6 3.9 3.9 1.6-3.9 1.6-1.6 3.9-1.6-3.9-3.9-1.6 3.9-1.6z" fill="#fff" />
    </svg>
  );
}
