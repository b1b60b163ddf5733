// What the images of a prompt show (server/images/render.ts draws it): stored with each prompt, written
// by the demo seed and by catalog imports.

/** The scenes server/images/render.ts can draw. */
export const ART_SCENES = [
  'landscape',
  'city',
  'ocean',
  'space',
  'abstract',
  'portrait',
  'botanical',
  'geometric',
  'interior',
  'creature',
] as const;

/** Parameters of the procedurally generated artwork of one prompt (server/images/). */
export interface ArtSpec {
  scene: (typeof ART_SCENES)[number];
  /** 3 to 5 CSS hex colours, darkest first. */
  palette: string[];
  /** Seed of the scene's random details. */
  seed: number;
  /**
   * What the images show: a key of server/images/subjects.ts (issue 22). Without one (a catalog file
   * written before subjects), the scene alone is drawn.
   */
  subject?: string;
}
