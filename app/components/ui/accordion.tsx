import { clsx } from 'clsx';
import { ChevronDown } from './icons';
import { useCallback, useId, useState } from 'react';
import { nextOpenItem } from '../../../core/catalog/accordion';
import type { QuestionAndAnswer } from '../../../content/pages';
import { useHydrated } from './use-hydrated';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/**
 * Questions that open one at a time (spec §2): each question is a button with aria-expanded
 * controlling a labelled region; clicking the open question closes it.
 *
 * Before hydration (and without JavaScript) the same questions are native `<details>` sharing
 * one `name`, so the browser opens them and keeps one open at a time; the answers are never
 * locked behind a script. `headingLevel` fits the questions into the page's outline.
 */
export function Accordion({
  items,
  headingLevel = 3,
}: {
  items: readonly QuestionAndAnswer[];
  headingLevel?: HeadingLevel;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  // An answer the reader opened before the scripts arrived stays open once they have.
  const keepOpenedAnswer = useCallback((list: HTMLDivElement | null) => {
    if (!list) return;
    const opened = [...list.querySelectorAll(':scope > details')].findIndex(
      (details) => (details as HTMLDetailsElement).open,
    );
    if (opened >= 0) setOpen(opened);
  }, []);

  const listClass = 'divide-y divide-stone rounded-2xl bg-white ring-1 ring-stone/60';
  const questionClass =
    'flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-sand';

  if (!hydrated) {
    return (
      <div ref={keepOpenedAnswer} className={listClass}>
        {items.map((item) => (
          <details key={item.question} name={baseId} className="group">
            <summary className={clsx(questionClass, 'cursor-pointer list-none')}>
              <Heading className="font-sans text-base">{item.question}</Heading>
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="px-5 pb-5 text-ink-muted">{item.answer}</div>
          </details>
        ))}
      </div>
    );
  }

  return (
    <div className={listClass}>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question}>
            <Heading className="font-sans text-base">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenItem(current, index))}
                className={questionClass}
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={clsx(
                    'h-5 w-5 shrink-0 transition-transform',
                    expanded && 'rotate-180',
                  )}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-ink-muted"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
