/** docs/design.md §4a: the product page's placeholder for a streamed part, loading or failed. */
import type { ReactNode } from 'react';

/**
 * A streamed part of the page while it is on its way, or when it could not be read: its section
 * and heading stay where they belong, and the state is announced.
 */
export function DeferredSection({
  heading,
  part,
  failed = false,
}: {
  heading: string;
  part: string;
  failed?: boolean;
}): ReactNode {
  const id = `${part.replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} aria-busy={failed ? undefined : true} className="mt-16">
      <h2 id={id} className="text-2xl font-semibold">
        {heading}
      </h2>
      <p role="status" className="mt-6 text-ink-muted">
        {failed
          ? `The ${part} could not be loaded. Please reload the page to try again.`
          : `Loading ${part}…`}
      </p>
    </section>
  );
}
