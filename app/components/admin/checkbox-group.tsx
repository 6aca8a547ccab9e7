/**
 * A group of checkboxes on a Conform list field, with its legend and its one error (the API key's
 * scopes, a webhook endpoint's events: docs/requirements.md §11).
 */
import { getCollectionProps } from '../forms/collection-props';
import type { FieldMetadata } from '../forms/lazy-form';

/** Any Conform field a checkbox list can render, whatever its form's type. */
type ListField = FieldMetadata;

export function CheckboxGroup({
  meta,
  legend,
  options,
  listClassName,
}: {
  meta: ListField;
  legend: string;
  options: readonly string[];
  listClassName: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className={listClassName}>
        {getCollectionProps(meta, { type: 'checkbox', options: [...options] }).map(
          ({ key, ...props }) => (
            <label key={key} className="flex items-center gap-2">
              <input {...props} />
              <code>{props.value}</code>
            </label>
          ),
        )}
      </div>
      {meta.errors ? (
        <p id={meta.errorId} className="text-sm text-danger">
          {meta.errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
