// The scenes the example images draw (ArtSpec.scene), each a painter of the 960×720 drawing space.
import type { ArtSpec } from '../art-spec.ts';
import type { Ctx } from '../svg.ts';
import { botanical } from './botanical.ts';
import { creature, portrait } from './figures.ts';
import { abstract, geometric } from './graphic.ts';
import { interior } from './interior.ts';
import { city, landscape, ocean } from './outdoors.ts';
import { space } from './space.ts';

export const SCENES: Record<ArtSpec['scene'], (ctx: Ctx) => string> = {
  landscape,
  city,
  ocean,
  space,
  abstract,
  portrait,
  botanical,
  geometric,
  interior,
  creature,
};
