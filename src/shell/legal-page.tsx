import '../styles/page-header.css';
import '../styles/pages.css';
import type { ReactNode } from 'react';
import { LEGAL_UPDATED } from '../ui/site-info.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long legal text: title, date, a table of contents and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="page legal">
      <div className="legal__header">
        <p className="page-header__eyebrow">Legal</p>
        <h1 className="page-header__title">{title}</h1>
        <p className="legal__updated">
          Last updated: <time dateTime="2026-11-01">{LEGAL_UPDATED}</time>
        </p>
      </div>
      <div className="legal__layout">
        <nav className="legal__toc" aria-label="Contents">
          <h2 className="legal__toc-title">Contents</h2>
          <ol>
            {sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body prose">
          <div className="legal__intro">{intro}</div>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <p className="legal__credits">
            Illustrations in the example images:{' '}
            <a href="https://github.com/microsoft/fluentui-emoji" rel="noopener noreferrer">
              Fluent Emoji
            </a>{' '}
            (flat style), copyright Microsoft Corporation, used under the MIT licence.
          </p>
        </div>
      </div>
    </div>
  );
}
