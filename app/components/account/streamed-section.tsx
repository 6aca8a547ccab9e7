/**
 * docs/requirements.md §17: a dashboard tab's read, shown at once when the loader awaited it, else
 * streamed in; a read that failed says it could not be loaded.
 */
import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router';
import { StreamedContent } from '../ui/use-hydrated';

/** One read of the dashboard: its data, or the note that it could not be loaded. */
export type Section<T> = { status: 'loaded'; data: T } | { status: 'failed' };

/**
 * A tab's data: at once when the loader awaited it (the open tab), else streamed in behind a
 * fallback that says so; a read that failed says it could not be loaded.
 */
export function Streamed<T>({
  section,
  what,
  children,
}: {
  section: Section<T> | Promise<Section<T>>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  const show = (loaded: Section<T>) =>
    loaded.status === 'loaded' ? (
      children(loaded.data)
    ) : (
      <p role="alert" className="rounded-2xl bg-sand p-6">
        We could not load {what}. Please try again in a moment.
      </p>
    );
  if (!(section instanceof Promise)) return show(section);
  return (
    <Suspense
      fallback={
        <p role="status" className="p-6 text-ink-muted">
          Loading {what}…
        </p>
      }
    >
      {/* Hydrated after the page, against HTML rendered not hydrated (use-hydrated.ts). */}
      <StreamedContent value>
        <Await resolve={section}>{show}</Await>
      </StreamedContent>
    </Suspense>
  );
}
