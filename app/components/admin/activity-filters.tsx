import { Form, Link } from 'react-router';
import { activityKindLabels, activityKinds, type ActivityQuery } from '../../../core/activity';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';

/**
 * issue 18: the log's filters. A GET form, so the filters live in the address and work without
 * JavaScript; "Clear" is a plain link to the unfiltered log.
 */
export function ActivityFilters({
  filters,
  people,
}: {
  filters: ActivityQuery;
  people: { id: string; name: string }[];
}) {
  return (
    <Form
      method="get"
      aria-label="Filter activity"
      className="grid gap-4 rounded-2xl border border-stone p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <div className="grid gap-1">
        <label htmlFor="activity-person" className="text-sm font-medium">
          Person
        </label>
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
      </div>
      <div className="grid gap-1">
        <label htmlFor="activity-kind" className="text-sm font-medium">
          Kind
        </label>
        <select
          id="activity-kind"
          name="kind"
          defaultValue={filters.kind ?? ''}
          className={inputClass}
        >
          <option value="">All kinds</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {activityKindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor="activity-from" className="text-sm font-medium">
          From
        </label>
        <input
          id="activity-from"
          name="from"
          type="date"
          defaultValue={filters.from ?? ''}
          className={inputClass}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor="activity-to" className="text-sm font-medium">
          To
        </label>
        <input
          id="activity-to"
          name="to"
          type="date"
          defaultValue={filters.to ?? ''}
          className={inputClass}
        />
      </div>
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
