import { clsx } from 'clsx';
import { AlertTriangle } from '../ui/icons';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../core/money/money';
import { countOf } from '../../../core/forms/plurals';
import { formatRate, shortDay } from '../../../core/time/week-at-a-glance';
import type { ChartDay, WeekAtAGlance } from '../../../server/modules/insights';

/** docs/requirements.md §12: where the overdue tile leads: the quotations waiting longer than 24 hours. */
export const OVERDUE_LIST_PATH = '/admin?tab=quotations&waiting=overdue';

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-stone/70 bg-white p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-semibold">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-ink-muted">{note}</dd> : null}
    </div>
  );
}

/** docs/requirements.md §12: the last 7 days' tiles above the console's tabs. */
export function WeekTiles({ week }: { week: WeekAtAGlance }) {
  const overdue = week.overdueRequests > 0;
  return (
    <section aria-labelledby="week-heading" className="mt-8">
      <h2 id="week-heading" className="font-display text-2xl font-semibold">
        The last 7 days
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Tile label="New requests" value={String(week.newRequests)} />
        <div
          className={clsx(
            'rounded-2xl border p-4',
            overdue ? 'border-danger bg-danger/10 text-danger' : 'border-stone/70 bg-white',
          )}
        >
          <dt className={clsx('text-sm', overdue ? 'font-semibold' : 'text-ink-muted')}>
            {overdue ? <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4" /> : null}
            Awaiting reply over 24 hours
          </dt>
          <dd className="mt-1 font-display text-2xl font-semibold">{week.overdueRequests}</dd>
          <dd className="mt-1 text-xs">
            <Link to={OVERDUE_LIST_PATH} className="inline-block py-1 underline underline-offset-4">
              {overdue ? 'Reply now' : 'View list'}
              <span className="sr-only"> of requests awaiting a reply over 24 hours</span>
            </Link>
          </dd>
        </div>
        <Tile label="Offers sent" value={String(week.offersSent)} />
        <Tile label="Offers accepted" value={String(week.offersAccepted)} />
        <Tile
          label="Acceptance rate"
          value={formatRate(week.acceptanceRate)}
          note="of offers accepted, declined or expired"
        />
        <Tile label="Accepted value" value={formatRupees(week.acceptedValueMinor)} />
      </dl>
    </section>
  );
}

/** One drawing of the chart: its box in SVG units, the plot's margins, its labels' size. */
interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** The axis labels' font size in SVG units. */
  label: number;
  className: string;
}

/**
 * docs/requirements.md §19: the chart's labels stay readable at 390 px. A viewBox scales its text with the
 * drawing, so one drawing cannot serve both a 324 px phone box and a 1,100 px desktop one: a phone
 * gets a box near its own width (scale ≈ 1, labels ≈ 15 px), 768 px and up keep the wide one.
 * CSS shows one of the two; the hidden one is out of the tab order and the accessibility tree.
 */
const CHART_LAYOUTS: readonly ChartLayout[] = [
  {
    width: 340,
    height: 214,
    // room under the plot, so the "0" of the axis stays clear of the first day's label
    plot: { left: 36, right: 24, top: 12, bottom: 38 },
    label: 16,
    className: 'md:hidden',
  },
  {
    width: 640,
    height: 220,
    plot: { left: 32, right: 8, top: 12, bottom: 28 },
    label: 12,
    className: 'hidden md:block',
  },
];

function describeDay(day: ChartDay): string {
  const requests = `${day.requests} ${day.requests === 1 ? 'request' : 'requests'}`;
  const accepted = `${day.accepted} accepted ${day.accepted === 1 ? 'offer' : 'offers'}`;
  return `${shortDay(day.day)}: ${requests}, ${accepted}`;
}

/**
 * docs/requirements.md §12: 30 days of requests (bars) and accepted offers (a line with diamond markers), drawn on
 * the server as SVG. Each day takes keyboard focus (one tab stop; the arrow keys, Home and End move
 * between days) and says its numbers aloud and in the line under the chart; a visually hidden
 * table holds the same data; the two series differ in shape and in the legend's words, not only
 * in colour.
 */
export function RequestsChart({ days }: { days: ChartDay[] }) {
  const [active, setActive] = useState(days.length - 1);
  const [shown, setShown] = useState<number | null>(null);
  const total = days.reduce(
    (sum, day) => ({
      requests: sum.requests + day.requests,
      accepted: sum.accepted + day.accepted,
    }),
    { requests: 0, accepted: 0 },
  );
  const current = shown === null ? null : days[shown];
  return (
    <figure className="mt-8 rounded-2xl border border-stone/70 bg-white p-4">
      <figcaption id="chart-heading" className="font-display text-xl font-semibold">
        Requests and accepted offers, last 30 days
      </figcaption>
      <p className="mt-1 text-sm text-ink-muted">
        {countOf(total.requests, 'request')} and {countOf(total.accepted, 'accepted offer')} in 30
        days.
      </p>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm" aria-label="Legend">
        <li className="flex items-center gap-2">
          <svg aria-hidden="true" width="14" height="14">
            <rect width="14" height="14" rx="2" className="fill-stone" />
          </svg>
          Requests (bars)
        </li>
        <li className="flex items-center gap-2">
          <svg aria-hidden="true" width="14" height="14">
            <path d="M7 1 13 7 7 13 1 7Z" className="fill-brass-700" />
          </svg>
          Accepted offers (line with diamonds)
        </li>
      </ul>
      {CHART_LAYOUTS.map((layout) => (
        <ChartDrawing
          key={layout.width}
          days={days}
          layout={layout}
          active={active}
          onActive={setActive}
          onShown={setShown}
        />
      ))}
      <p className="mt-2 min-h-5 text-sm" aria-hidden="true">
        {current ? describeDay(current) : 'Focus or point at a day for its numbers.'}
      </p>
      {/* A table ignores sr-only's 1 px width: the wrapper hides it without widening the page. */}
      <div className="sr-only">
        <table>
          <caption>Requests and accepted offers per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Requests</th>
              <th scope="col">Accepted offers</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                <td>{day.requests}</td>
                <td>{day.accepted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The chart's SVG in one layout; `active` is the day that holds the one tab stop. */
function ChartDrawing({
  days,
  layout,
  active,
  onActive,
  onShown,
}: {
  days: ChartDay[];
  layout: ChartLayout;
  active: number;
  onActive: (index: number) => void;
  onShown: (index: number | null) => void;
}) {
  const marks = useRef<(SVGGElement | null)[]>([]);
  const { width, height, plot, label } = layout;
  const highest = Math.max(1, ...days.map((day) => Math.max(day.requests, day.accepted)));
  const plotWidth = width - plot.left - plot.right;
  const plotHeight = height - plot.top - plot.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => plot.top + plotHeight - (value / highest) * plotHeight;
  const centre = (index: number) => plot.left + slot * index + slot / 2;
  const line = days.map((day, index) => `${centre(index)},${y(day.accepted)}`).join(' ');
  const focusDay = (index: number) => {
    const next = Math.min(days.length - 1, Math.max(0, index));
    onActive(next);
    marks.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: days.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusDay(target);
  };
  const axisLabel = { textAnchor: 'end', fontSize: label, className: 'fill-ink-muted' } as const;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={`mt-2 h-auto max-h-80 w-full ${layout.className}`}
      role="group"
      aria-labelledby="chart-heading"
    >
      <line
        x1={plot.left}
        x2={width - plot.right}
        y1={y(0)}
        y2={y(0)}
        className="stroke-stone"
        aria-hidden="true"
      />
      <text x={plot.left - 6} y={y(0)} dominantBaseline="middle" aria-hidden="true" {...axisLabel}>
        0
      </text>
      <line
        x1={plot.left}
        x2={width - plot.right}
        y1={y(highest)}
        y2={y(highest)}
        className="stroke-stone"
        strokeDasharray="4 4"
        aria-hidden="true"
      />
      <text
        x={plot.left - 6}
        y={y(highest)}
        dominantBaseline="middle"
        aria-hidden="true"
        {...axisLabel}
      >
        {highest}
      </text>
      {days.map((day, index) => (
        <g
          key={day.day}
          ref={(mark) => {
            marks.current[index] = mark;
          }}
          role="img"
          aria-label={describeDay(day)}
          tabIndex={index === active ? 0 : -1}
          onKeyDown={(event) => onKeyDown(event, index)}
          onFocus={() => {
            onActive(index);
            onShown(index);
          }}
          onBlur={() => onShown(null)}
          onMouseEnter={() => onShown(index)}
          onMouseLeave={() => onShown(null)}
          className="group outline-none"
        >
          <rect
            x={plot.left + slot * index}
            y={plot.top}
            width={slot}
            height={plotHeight}
            className="fill-transparent stroke-transparent stroke-2 group-focus-visible:stroke-brass-700"
          />
          <rect
            x={plot.left + slot * index + slot * 0.15}
            y={y(day.requests)}
            width={slot * 0.7}
            height={y(0) - y(day.requests)}
            rx="2"
            className="fill-stone group-hover:fill-ink-muted/40"
          />
          {/* a label a week, the last one today's */}
          {index % 7 === (days.length - 1) % 7 ? (
            <text
              x={centre(index)}
              y={height - 8}
              textAnchor="middle"
              fontSize={label}
              className="fill-ink-muted"
            >
              {shortDay(day.day)}
            </text>
          ) : null}
        </g>
      ))}
      <polyline
        points={line}
        fill="none"
        className="stroke-brass-700"
        strokeWidth="2"
        aria-hidden="true"
      />
      {days.map((day, index) => (
        <path
          key={day.day}
          d={`M${centre(index)} ${y(day.accepted) - 5} l5 5 -5 5 -5 -5Z`}
          className="fill-brass-700"
          aria-hidden="true"
        />
      ))}
    </svg>
  );
}

/** A request awaiting the shop's reply, as the admin home lists it (docs/requirements.md §19). */
export interface NeedsReplyRequest {
  id: string;
  reference: string;
  customerName: string;
  productName: string;
  /** "3 hours", "2 days". */
  waited: string;
  /** Waiting over 24 hours (docs/requirements.md §12's overdue). */
  overdue: boolean;
}

/** docs/requirements.md §19: the full list of requests needing a reply, the quotations filtered so. */
export const NEEDS_REPLY_LIST_PATH = '/admin?tab=quotations&waiting=needs-reply';

/**
 * docs/requirements.md §19: what the owner answers first, at the top of the admin home on any screen: the
 * requests that need a reply, longest waiting first, each opening its page.
 */
export function NeedsReply({
  total,
  requests,
}: {
  total: number;
  requests: readonly NeedsReplyRequest[];
}) {
  return (
    <section aria-labelledby="needs-reply-heading" className="mt-8">
      <h2 id="needs-reply-heading" className="font-display text-2xl font-semibold">
        Needs reply ({total})
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-ink-muted">No request is waiting for your reply.</p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {requests.map((request) => (
            <li
              key={request.id}
              className={clsx(
                'rounded-2xl border bg-white p-4',
                request.overdue ? 'border-danger' : 'border-stone/70',
              )}
            >
              <Link
                to={`/admin/quotations/${request.id}`}
                className="inline-block py-0.5 font-semibold underline underline-offset-4"
              >
                {request.productName}
              </Link>
              <p className="mt-1 text-sm">
                {request.customerName} · {request.reference}
              </p>
              <p
                className={clsx(
                  'mt-1 text-sm',
                  request.overdue ? 'font-semibold text-danger' : 'text-ink-muted',
                )}
              >
                {request.overdue ? (
                  <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4" />
                ) : null}
                Waiting {request.waited}
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > requests.length ? (
        <p className="mt-3">
          <Link
            to={NEEDS_REPLY_LIST_PATH}
            className="inline-block font-medium underline underline-offset-4"
          >
            See all {total} requests that need a reply
          </Link>
        </p>
      ) : null}
    </section>
  );
}
