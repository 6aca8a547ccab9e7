import type { ActivityChange } from '../../../core/admin/activity';
import { formatShopTime, useShopTimeZone } from '../layout/shop-time';

/**
 * One entry as the page shows it. The loader names the kind and the fields (core/admin/activity.ts), so
 * the page's script carries none of the log's vocabulary or its query schema.
 */
export interface ActivityRow {
  id: string;
  /** ISO time; shown in shop time. */
  createdAt: string;
  actorName: string;
  kindLabel: string;
  subject: string | null;
  summary: string;
  changes: (ActivityChange & { label: string })[];
}

/** A long value (a product's description) is cut for the list; the log keeps all of it. */
const SHOWN_VALUE_MAX = 160;

function shownValue(value: string | null): string {
  if (value === null || value === '') return '(none)';
  return value.length > SHOWN_VALUE_MAX ? `${value.slice(0, SHOWN_VALUE_MAX)}…` : value;
}

/** docs/requirements.md §12: each changed field, "Status: pending → confirmed". */
function ActivityChanges({ changes }: { changes: ActivityRow['changes'] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium">{change.label}:</span>{' '}
          {`${shownValue(change.before)} → ${shownValue(change.after)}`}
        </li>
      ))}
    </ul>
  );
}

/** What the entry is about, when its summary does not name it already (a message's sender). */
function ActivitySubject({ entry }: { entry: ActivityRow }) {
  if (!entry.subject || entry.summary.includes(entry.subject)) return null;
  return <span className="block text-sm break-words text-ink-muted">{entry.subject}</span>;
}

/**
 * docs/requirements.md §12: the log's entries, read-only: a table at desktop width, cards on a phone. There is
 * no control to edit or delete an entry anywhere.
 */
export function ActivityList({ entries }: { entries: ActivityRow[] }) {
  const timeZone = useShopTimeZone();
  return (
    <>
      <table className="hidden w-full text-left md:table">
        <caption className="sr-only">Activity, newest first</caption>
        <thead>
          <tr className="border-b border-stone">
            <th scope="col" className="py-2 pr-4">
              When
            </th>
            <th scope="col" className="py-2 pr-4">
              Who
            </th>
            <th scope="col" className="py-2 pr-4">
              Kind
            </th>
            <th scope="col" className="py-2 pr-4">
              What
            </th>
            <th scope="col" className="py-2">
              Changes
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-stone/50 align-top">
              <td className="py-3 pr-4 text-sm whitespace-nowrap">
                {formatShopTime(entry.createdAt, timeZone)}
              </td>
              <td className="py-3 pr-4">{entry.actorName}</td>
              <td className="py-3 pr-4">{entry.kindLabel}</td>
              <td className="py-3 pr-4 break-words">
                {entry.summary}
                <ActivitySubject entry={entry} />
              </td>
              <td className="py-3">
                <ActivityChanges changes={entry.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Activity, newest first" className="grid gap-4 md:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-2 rounded-2xl border border-stone p-4">
            <p className="font-medium break-words">
              {entry.summary}
              <ActivitySubject entry={entry} />
            </p>
            <p className="text-sm text-ink-muted">
              {`${formatShopTime(entry.createdAt, timeZone)} · ${entry.actorName} · ${entry.kindLabel}`}
            </p>
            <ActivityChanges changes={entry.changes} />
          </li>
        ))}
      </ul>
    </>
  );
}
