/**
 * The one labelled field every form draws: the label (with its star when the field is required),
 * the control, a hint and the error under it, their ids tied to the control. It imports nothing
 * but React and leaves the control's look to its caller, and it ships in the lazy form's chunk
 * (vite.config.ts): the pages that draw it are near their first-load budget (docs/decisions/020).
 */
import type { ReactNode } from 'react';

/** What the frame hands a control drawn by a render prop: the id the label names, the ties to the texts. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A Conform field's id, its first error and that error's id, as the frame takes them. */
export function conformFrame(meta: { id: string; errorId: string; errors?: string[] }) {
  return { id: meta.id, error: meta.errors?.[0], errorId: meta.errorId };
}

export function FieldFrame({
  id,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  /** Shows the star; the control itself carries `required`. */
  required?: boolean;
  hint?: string;
  /** Given, the hint has this id and describes the control. */
  hintId?: string;
  error?: string | null;
  /** Conform's `meta.errorId` for its fields; `${id}-error` otherwise. */
  errorId?: string;
  /** The control, or a function drawing it with the ids the frame wires. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}) {
  const shownErrorId = errorId ?? `${id}-error`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {typeof children === 'function'
        ? children({
            id,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': `${error ? shownErrorId : ''} ${hintId ?? ''}`.trim() || undefined,
          })
        : children}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={shownErrorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
