import type { AnyStateMachine } from 'xstate';
import { controlledActors } from '../support/model.ts';
import type { MachineModel } from './types.ts';

/**
 * The machine with its promise actors replaced by controllable ones, as the rendered pages' replays
 * generate their paths from (the graph never starts them; the providers only have to exist).
 */
export const withControlledActors = <M extends AnyStateMachine>(machine: M, names: string[]): M =>
  machine.provide({ actors: controlledActors(names).actors as never }) as M;

/**
 * Every walk of a model: the model itself, then its variants (another input, other samples), each
 * generating its own paths. Tests name a walk's paths with its `label` when there are several.
 */
export const walksOf = (model: MachineModel): MachineModel[] => [model, ...(model.variants ?? [])];
