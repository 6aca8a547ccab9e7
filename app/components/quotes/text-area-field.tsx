import { getTextareaProps, type FieldMetadata } from '../forms/lazy-form';
import type { TextareaHTMLAttributes } from 'react';
import { inputClass } from '../ui/classes';
import { conformFrame, FieldFrame } from '../ui/field-frame';

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
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <FieldFrame {...conformFrame(meta)} label={label} hint={hint} hintId={hintId}>
      <textarea key={key} rows={4} className={inputClass} {...props} {...rest} />
    </FieldFrame>
  );
}

/** "Up to 2,000 characters." (grouped by hand: no Intl formatter during hydration, docs/decisions/010). */
export function characterLimitHint(max: number): string {
  return `Up to ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} characters.`;
}
