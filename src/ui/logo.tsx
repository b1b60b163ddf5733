/**
 * The FruitPrompt mark: a ripe fruit with a leaf and a spark of an idea inside. It is the site's icon
 * (public/favicon.svg), which every page fetches anyway: one file, cached, instead of the same drawing in
 * the start-up code (about 0.5 KB of the first load's gzipped JavaScript).
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" className="logo-mark" decoding="async" />;
}
