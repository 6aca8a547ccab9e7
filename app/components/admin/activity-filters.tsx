import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { ActivityQuery } from '../../../core/admin/activity';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/classes';

/**
 * docs/requirements.md §12: the log's filters. A GET form, so the filters live in the address and work without
 * JavaScript; "Clear" is a plain link to the unfiltered log.
 */
export function ActivityFilters({
  filters,
  people,
  kinds,
}: {
  filters: ActivityQuery;
  people: { id: string; name: string }[];
  /** Each kind of entry with its label, from the loader. */
  kinds: { value: string; label: string }[];
}) {
  return (
    <Form
      method="get"
      aria-label="Filter activity"
      className="grid gap-4 rounded-2xl border border-stone p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <FilterField id="activity-person" label="Person">
        <select
          id="activity-person"
          name="person"
          defaultValue={filters.person ?? ''}
          className={inputClass}
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="activity-kind" label="Kind">
        <select
          id="activity-kind"
          name="kind"
          defaultValue={filters.kind ?? ''}
          className={inputClass}
        >
          <option value="">All kinds</option>
          {kinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
      </FilterField>
      {(['from', 'to'] as const).map((name) => (
        <FilterField key={name} id={`activity-${name}`} label={name === 'from' ? 'From' : 'To'}>
          <input
            id={`activity-${name}`}
            name={name}
            type="date"
            defaultValue={filters[name] ?? ''}
            className={inputClass}
          />
        </FilterField>
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <button type="submit" className={primaryButtonClass}>
          Apply Filters
        </button>
        <Link to="/admin/activity" className={secondaryButtonClass}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
