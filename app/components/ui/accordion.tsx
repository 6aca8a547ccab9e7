import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { nextOpenItem } from '../../../core/accordion';
import type { QuestionAndAnswer } from '../../../content/pages';

/**
 * Questions that open one at a time (spec §2): each question is a button with aria-expanded
 * controlling a labelled region; clicking the open question closes it.
 */
export function Accordion({ items }: { items: readonly QuestionAndAnswer[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-stone rounded-2xl bg-white ring-1 ring-stone/60">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question}>
            <h3 className="font-sans text-base">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenItem(current, index))}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-sand"
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
            </h3>
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
