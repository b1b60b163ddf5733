// Mood palettes for the generated example images (ArtSpec.palette: 3 to 5 hex colours, darkest first).
// Each prompt picks one that fits its subject and mood.

const RAW = {
  dawn: ['#2a2d4f', '#5b5f97', '#b8a1c9', '#f3b7a5', '#ffe3c9'],
  golden: ['#3b2418', '#8a4b2a', '#d9822b', '#f4b860', '#fde7b0'],
  bluehour: ['#0f1b33', '#1f3a60', '#3e6a99', '#8fb3d9', '#dfe9f5'],
  night: ['#070b1a', '#151d3b', '#2e3a6e', '#7b6fb0', '#e4d9ff'],
  autumn: ['#2b1a12', '#6b2f1a', '#b5562a', '#e39b4b', '#f6d8a8'],
  winter: ['#1c2635', '#41546b', '#8aa2b8', '#cfdde8', '#f5f9fc'],
  forest: ['#13261b', '#24452f', '#4f7a4f', '#9cbf88', '#e3eccf'],
  storm: ['#15181f', '#2e3440', '#4c566a', '#8892a6', '#d8dee9'],
  ocean: ['#06243a', '#0b4f6c', '#2a8ca6', '#7fc8d6', '#e6f6f7'],
  tropical: ['#0b3d3a', '#11766b', '#f28c28', '#ffc857', '#fff1cc'],
  neon: ['#0d0221', '#261447', '#ff3864', '#2de2e6', '#f6f1ff'],
  cyberpunk: ['#120458', '#3a0ca3', '#f72585', '#4cc9f0', '#fcefff'],
  pastel: ['#6d6875', '#b5838d', '#e5989b', '#ffb4a2', '#ffddd2'],
  candy: ['#3d1e6d', '#8e44ad', '#ff6f91', '#ffc75f', '#f9f871'],
  sakura: ['#4a2c3a', '#9b4d6b', '#e48aa7', '#f7c6d4', '#fff0f5'],
  earth: ['#2f2419', '#6b4f36', '#a68a64', '#d9c6a5', '#f4ede1'],
  desert: ['#3c1f12', '#8c3f1f', '#d9783f', '#f2b880', '#fbe7c6'],
  bauhaus: ['#1d1d1b', '#1f4e9c', '#e63946', '#f4b400', '#f1ece2'],
  mint: ['#1b3a36', '#2f6f64', '#6fbfa8', '#bde6d4', '#f1faf5'],
  royal: ['#1a1033', '#3c1f6e', '#7b3fa0', '#c9a227', '#f3e6c4'],
  ember: ['#1a0b0b', '#4a1410', '#a4301c', '#f06a2a', '#ffc46b'],
  noir: ['#0b0b0d', '#26262b', '#4d4d57', '#9a9aa6', '#ecebe8'],
  citrus: ['#2d3a1f', '#5f8a2c', '#f2a541', '#f7d046', '#fdf6d8'],
  lavender: ['#2e2445', '#5e4b8b', '#9a86c9', '#cfc3ec', '#f4f0fb'],
  coffee: ['#24160e', '#4e3020', '#8b5e3c', '#c9a27e', '#f1e3d3'],
  cosmic: ['#05030f', '#1b0f3b', '#5a189a', '#e0aaff', '#ffd6a5'],
  teal: ['#0a2a2f', '#145c63', '#2fa39c', '#f2c57c', '#faf3e3'],
  rose: ['#2b1320', '#6d2e46', '#a26769', '#d5b9b2', '#ece2d0'],
} as const satisfies Record<string, readonly string[]>;

export type PaletteName = keyof typeof RAW;

const luminance = (hex: string): number => {
  const n = parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
};

/** The palette's colours, darkest first. */
export function palette(name: PaletteName): string[] {
  return [...RAW[name]].sort((a, b) => luminance(a) - luminance(b));
}

export const PALETTE_NAMES = Object.keys(RAW) as PaletteName[];
