import type { SnapshotFrom } from 'xstate';
import type { PromptVariable } from '../../domain/catalog.ts';
import { copyPlan, filledText, type templateFillerMachine } from './template-filler.ts';

type Snapshot = SnapshotFrom<typeof templateFillerMachine>;

/** A selector factory: this prompt's template is the one loaded (the filler shows once it is). */
export const loadedFor =
  (promptId: number, template: string) =>
  (s: Snapshot): boolean =>
    s.context.promptId === promptId && s.context.template === template;

/** An input per variable. */
export const variables = (s: Snapshot): PromptVariable[] => s.context.variables;

/** What the person typed, per variable. */
export const values = (s: Snapshot): string[] => s.context.values;

/** The filled prompt as shown, placeholders still waiting marked. */
export const text = (s: Snapshot): string => filledText(s.context);

/** "Copy prompt" is copying. */
export const copying = (s: Snapshot): boolean => s.hasTag('busy');

/** How many empty fields "Copy prompt" fills with their example. */
export const examplesUsed = (s: Snapshot): number => copyPlan(s.context).examples;

/** What "Copy prompt" (and "Open in ChatGPT") sends. */
export const copiedText = (s: Snapshot): string => copyPlan(s.context).text;
