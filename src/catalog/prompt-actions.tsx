import '../styles/detail.css';
import { Fragment, useId } from 'react';
import type { GeneratorType, PromptVariable } from '../../domain/catalog.ts';
import * as shareView from '../../machines/catalog/share.selectors.ts';
import * as fillerView from '../../machines/catalog/template-filler.selectors.ts';
import { useSystemActor, useSystemSelector } from '../system/react.tsx';

export { HeartButton } from './heart-button.tsx';

/** requirements §C5: "Share" makes a short link and copies it; if the clipboard refuses, shows it. */
export function ShareButton({ promptId }: { promptId: number }) {
  const share = useSystemActor('share');
  const busy = useSystemSelector('share', shareView.busy);
  const manualUrl = useSystemSelector('share', shareView.manualUrl);
  return (
    <div className="share">
      <button
        type="button"
        className="btn btn--secondary"
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => share.send({ type: 'share.request', promptId })}
      >
        Share
      </button>
      {manualUrl !== null ? (
        <div className="share__manual" role="group" aria-label="Share link">
          <label>
            <span>Copy this link to share the prompt</span>
            <input
              type="text"
              readOnly
              value={manualUrl}
              ref={(input) => input?.select()}
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => share.send({ type: 'share.dismiss' })}
          >
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Official homes of the image and video generators (ChatGPT gets a prefilled link instead). */
const GENERATOR_SITES: Record<Exclude<GeneratorType, 3>, { label: string; href: string }> = {
  1: { label: 'Open Midjourney', href: 'https://www.midjourney.com' },
  2: { label: 'Open DALL.E', href: 'https://openai.com/dall-e-3' },
  4: { label: 'Open Kling', href: 'https://klingai.com' },
};

const fieldIdOf = (base: string, index: number): string => `${base}-variable-${index + 1}`;

/**
 * The filled prompt with the placeholders still waiting for a value marked. Each one that has a
 * field is a button that takes the person to it ("Fill in Variable 2: Light").
 */
function FilledText({
  text,
  variables,
  fieldIds,
}: {
  text: string;
  variables: readonly PromptVariable[];
  fieldIds: string;
}) {
  const parts = text.split(/(\[Variable \d+\])/g);
  return (
    <>
      {parts.map((part, i) => {
        const n = /^\[Variable (\d+)\]$/.exec(part)?.[1];
        if (n === undefined) return <Fragment key={i}>{part}</Fragment>;
        const variable = variables[Number(n) - 1];
        return variable ? (
          <button
            key={i}
            type="button"
            className="var-chip var-chip--button"
            aria-label={`Fill in Variable ${n}: ${variable.label}`}
            onClick={() => document.getElementById(fieldIdOf(fieldIds, Number(n) - 1))?.focus()}
          >
            {part}
          </button>
        ) : (
          <mark key={i} className="var-chip">
            {part}
          </mark>
        );
      })}
    </>
  );
}

/** A projection of `templateFiller`: inputs per variable, the filled prompt live, copy and reset. */
export function TemplateFiller({ generatorType }: { generatorType: GeneratorType }) {
  const filler = useSystemActor('templateFiller');
  const variables = useSystemSelector('templateFiller', fillerView.variables);
  const values = useSystemSelector('templateFiller', fillerView.values);
  const text = useSystemSelector('templateFiller', fillerView.text);
  const copying = useSystemSelector('templateFiller', fillerView.copying);
  // fields left empty that "Copy prompt" (and "Open in ChatGPT") fill with their example
  const examples = useSystemSelector('templateFiller', fillerView.examplesUsed);
  const sent = useSystemSelector('templateFiller', fillerView.copiedText);
  const fieldIds = useId();

  const open =
    generatorType === 3
      ? { label: 'Open in ChatGPT', href: `https://chatgpt.com/?q=${encodeURIComponent(sent)}` }
      : GENERATOR_SITES[generatorType];

  return (
    <div className="filler">
      {variables.length > 0 ? (
        <fieldset className="filler__vars">
          <legend>Fill in the variables</legend>
          {variables.map((variable, i) => (
            <label key={variable.index} className="filler__field">
              <span className="filler__label">
                <span className="var-chip" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                <span className="visually-hidden">Variable {i + 1}:</span> {variable.label}
              </span>
              <input
                id={fieldIdOf(fieldIds, i)}
                type="text"
                className="input"
                placeholder={variable.example}
                value={values[i] ?? ''}
                onChange={(e) => filler.send({ type: 'variable.change', index: i, value: e.target.value })}
              />
            </label>
          ))}
        </fieldset>
      ) : null}
      <pre className="template" aria-label="Filled prompt">
        <FilledText text={text} variables={variables} fieldIds={fieldIds} />
      </pre>
      {examples > 0 ? (
        <p className="filler__hint">
          Fields left empty are copied with the example shown in them. Type your own to replace it.
        </p>
      ) : null}
      <div className="filler__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={copying}
          aria-busy={copying || undefined}
          onClick={() => filler.send({ type: 'template.copy' })}
        >
          Copy prompt
        </button>
        {variables.length > 0 ? (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => filler.send({ type: 'template.reset' })}
          >
            Reset
          </button>
        ) : null}
        <a className="btn btn--ghost" href={open.href} target="_blank" rel="noopener noreferrer">
          {open.label}
        </a>
      </div>
    </div>
  );
}
