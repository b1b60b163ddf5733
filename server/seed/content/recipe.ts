// The shape every content recipe produces before ids, grades and prices are assigned.
import type { GeneratorType, PromptVariable } from '../../../domain/catalog.ts';
import type { Rng, Scene, Subject } from './lib.ts';
import type { PaletteName } from './palettes.ts';

export interface Draft {
  title: string;
  template: string;
  variables: PromptVariable[];
  description: string;
  tags: string[];
  scene: Scene;
  palette: PaletteName;
}

export interface Recipe {
  /** family name, for debugging and tests */
  key: string;
  generator: GeneratorType;
  /** how many prompts this recipe contributes */
  count: number;
  /** subject phrases with their determiner ("a misty alpine lake"); at least `count` of them */
  subjects: readonly string[];
  /** `index` is the subject's position in `subjects` */
  make: (s: Subject, r: Rng, index: number) => Draft;
}
