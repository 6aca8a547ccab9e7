import { clsx } from 'clsx';
import { AlertTriangle } from '../ui/icons';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../../core/money';
import { formatRate, shortDay } from '../../../core/week-at-a-glance';
import type { ChartDay, WeekAtAGlance } from '../../../server/modules/insights';

/** issue 18: where the overdue tile leads: the quotations waiting longer than 24 hours. */
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

/** issue 18: the last 7 days' tiles above the console's tabs. */
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
            <Link to={OVERDUE_LIST_PATH} className="underline underline-offset-4">
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

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 32, right: 8, top: 12, bottom: 28 };

function describeDay(day: ChartDay): string {
  const requests = `${day.requests} ${day.requests === 1 ? 'request' : 'requests'}`;
  const accepted = `${day.accepted} accepted ${day.accepted === 1 ? 'offer' : 'offers'}`;
  return `${shortDay(day.day)}: ${requests}, ${accepted}`;
}

/**
 * issue 18: 30 days of requests (bars) and accepted offers (a line with diamond markers), drawn on
 * the server as SVG. Each day takes keyboard focus (one tab stop; the arrow keys, Home and End move
 * between days) and says its numbers aloud and in the line under the chart; a visually hidden
 * table holds the same data; the two series differ in shape and in the legend's words, not only
 * in colour.
 */
export function RequestsChart({ days }: { days: ChartDay[] }) {
  const [active, setActive] = useState(days.length - 1);
  const [shown, setShown] = useState<number | null>(null);
  const marks = useRef<(SVGGElement | null)[]>([]);
  const highest = Math.max(1, ...days.map((day) => Math.max(day.requests, day.accepted)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PLOT.top + plotHeight - (value / highest) * plotHeight;
  const centre = (index: number) => PLOT.left + slot * index + slot / 2;
  const line = days.map((day, index) => `${centre(index)},${y(day.accepted)}`).join(' ');
  const focusDay = (index: number) => {
    const next = Math.min(days.length - 1, Math.max(0, index));
    setActive(next);
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
        {total.requests} requests and {total.accepted} accepted offers in 30 days.
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
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto max-h-80 w-full"
        role="group"
        aria-labelledby="chart-heading"
      >
        <line
          x1={PLOT.left}
          x2={WIDTH - PLOT.right}
          y1={y(0)}
          y2={y(0)}
          className="stroke-stone"
          aria-hidden="true"
        />
        <text
          x={PLOT.left - 6}
          y={y(0)}
          textAnchor="end"
          dominantBaseline="middle"
          className="fill-ink-muted text-[11px]"
          aria-hidden="true"
        >
          0
        </text>
        <line
          x1={PLOT.left}
          x2={WIDTH - PLOT.right}
          y1={y(highest)}
          y2={y(highest)}
          className="stroke-stone"
          strokeDasharray="4 4"
          aria-hidden="true"
        />
        <text
          x={PLOT.left - 6}
          y={y(highest)}
          textAnchor="end"
          dominantBaseline="middle"
          className="fill-ink-muted text-[11px]"
          aria-hidden="true"
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
              setActive(index);
              setShown(index);
            }}
            onBlur={() => setShown(null)}
            onMouseEnter={() => setShown(index)}
            onMouseLeave={() => setShown(null)}
            className="group outline-none"
          >
            <rect
              x={PLOT.left + slot * index}
              y={PLOT.top}
              width={slot}
              height={plotHeight}
              className="fill-transparent stroke-transparent stroke-2 group-focus-visible:stroke-brass-700"
            />
            <rect
              x={PLOT.left + slot * index + slot * 0.15}
              y={y(day.requests)}
              width={slot * 0.7}
              height={y(0) - y(day.requests)}
              rx="2"
              className="fill-stone group-hover:fill-ink-muted/40"
            />
            {index % 7 === (days.length - 1) % 7 ? (
              <text
                x={centre(index)}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-ink-muted text-[11px]"
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
