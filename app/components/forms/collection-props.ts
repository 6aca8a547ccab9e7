import { controlProps, simplify, type AriaOptions, type FieldMetadata } from './lazy-form';

// Apart from lazy-form.ts: only the back office's checkbox groups use it (docs/decisions/020).
/** One checkbox per option of a list field (Conform's `getCollectionProps`). */
export function getCollectionProps(
  meta: FieldMetadata,
  options: { type: 'checkbox' | 'radio'; options: string[] } & AriaOptions,
) {
  return options.options.map((value) =>
    simplify({
      ...controlProps(meta, options),
      key: `${meta.key}${value}`,
      id: `${meta.id}-${value}`,
      type: options.type,
      value,
      defaultChecked:
        options.type === 'checkbox' && Array.isArray(meta.initialValue)
          ? meta.initialValue.includes(value)
          : meta.initialValue === value,
      // A required checkbox group would ask for every box to be ticked.
      required: options.type === 'checkbox' ? undefined : meta.required,
    }),
  );
}
