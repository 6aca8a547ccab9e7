import { getTextareaProps, type FieldMetadata } from '../forms/lazy-form';
import type { TextareaHTMLAttributes } from 'react';
import { inputClass } from '../ui/classes';

/** A labelled textarea of a Conform form, its limit from the schema, its error tied to it. */
export function TextAreaField({
  meta,
  label,
  hint,
  ...rest
}: {
  meta: FieldMetadata;
  label: string;
  hint?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>) {
  const { key, ...props } = getTextareaProps(meta, {
    ariaDescribedBy: hint ? `${meta.id}-hint` : undefined,
  });
  return (
    <div className="grid gap-1">
      <label htmlFor={meta.id} className="font-medium">
        {label}
      </label>
      <textarea key={key} rows={4} className={inputClass} {...props} {...rest} />
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm text-danger">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** "Up to 2,000 characters." (grouped by hand: no Intl formatter during hydration, docs/decisions/010). */
export function characterLimitHint(max: number): string {
  return `Up to ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters.`;
}
