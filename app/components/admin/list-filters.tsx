import { useId, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ADMIN_SEARCH_MAX_CHARACTERS } from '../../../core/search/admin-search';
import type { AdminListFilter } from '../../../core/admin/admin-list-query';
import { Field, inputClass, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { ChevronDown } from '../ui/icons';

/** A filter's choice: its value in the URL and what the select shows. */
export interface FilterChoice {
  value: string;
  label: string;
}

/**
 * The query string of a list's filters (docs/requirements.md §12: "the filters live in the URL"), with `extra`
 * parameters such as the tab and the page; empty filters are left out.
 */
export function listQueryString(
  filter: Partial<AdminListFilter> & Record<string, string | number | null | undefined>,
  extra: Record<string, string | number | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...extra, ...filter })) {
    if (value === null || value === undefined || value === '') continue;
    // the default order needs no parameter
    if (name === 'sort' && value === 'newest') continue;
    if (name === 'page' && value === 1) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * docs/requirements.md §19: how many filters a list's URL sets (the default sort and the page are none), for the
 * folded filters' button, "Filters (2)".
 */
export function activeFilterCount(filter: Partial<AdminListFilter>): number {
  return Array.from(new URLSearchParams(listQueryString({ ...filter, page: null })).keys()).length;
}

/** A select of a filter: "All" (no value) or one of `choices`. */
export function FilterSelect({
  label,
  name,
  value,
  choices,
}: {
  label: string;
  name: string;
  value: string | null;
  choices: readonly FilterChoice[];
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={inputClass}>
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * docs/requirements.md §12 "Lists that find things": a list's filter bar. A GET form, so it works without
 * JavaScript and leaves its filters in the URL; the count of matching rows and "Export CSV" of
 * them (the same filters) sit under it.
 */
export function ListFilters({
  label,
  filter,
  statuses,
  hidden = {},
  children,
  matching,
  clearHref,
  exportHref,
}: {
  /** What the list holds, naming the form for assistive technology: "Quotation requests". */
  label: string;
  filter: AdminListFilter;
  statuses: readonly FilterChoice[];
  /** Parameters the form keeps, such as the open tab. */
  hidden?: Record<string, string>;
  /** More filters (the subscribers' source). */
  children?: ReactNode;
  matching: number;
  clearHref: string;
  exportHref: string;
}) {
  const sortId = useId();
  const active = activeFilterCount(filter);
  return (
    <div className="mb-6 grid gap-3">
      {/* docs/requirements.md §19: below 768 px the filters fold behind "Filters", which counts the ones set; a
          native <details>, so it works without JavaScript. From 768 px the fold's content shows
          and its button hides, where the browser can style the fold's content (::details-content);
          elsewhere the button stays, so the filters are never out of reach. */}
      <details
        key={JSON.stringify(filter)}
        className="group md:details-content:[content-visibility:visible]"
      >
        <summary
          className={`${secondaryButtonClass} cursor-pointer list-none [@supports_selector(::details-content)]:md:hidden [&::-webkit-details-marker]:hidden`}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
          <ChevronDown
            aria-hidden="true"
            className="h-4 w-4 transition-transform group-open:rotate-180"
          />
        </summary>
        <Form
          // A new set of filters (Clear Filters, a back button) refills the fields: they are uncontrolled.
          key={JSON.stringify(filter)}
          method="get"
          aria-label={`Filter ${label.toLowerCase()}`}
          className="mt-3 grid gap-3 rounded-2xl border border-stone/70 bg-white p-4 sm:grid-cols-2 md:mt-0 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]"
        >
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="sm:col-span-2 lg:col-span-1">
            <Field
              label="Search"
              type="search"
              name="q"
              defaultValue={filter.q}
              maxLength={ADMIN_SEARCH_MAX_CHARACTERS}
            />
          </div>
          <FilterSelect label="Status" name="status" value={filter.status} choices={statuses} />
          {children}
          <Field label="From" type="date" name="from" defaultValue={filter.from ?? ''} />
          <Field label="To" type="date" name="to" defaultValue={filter.to ?? ''} />
          <div className="grid gap-1">
            <label htmlFor={sortId} className="font-medium">
              Sort
            </label>
            <select id={sortId} name="sort" defaultValue={filter.sort} className={inputClass}>
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
            <button type="submit" className={primaryButtonClass}>
              Apply Filters
            </button>
            <Link to={clearHref} className="font-medium underline">
              Clear Filters
            </Link>
          </div>
        </Form>
      </details>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">{matching} matching</p>
        {/* A document download, not a client navigation: reloadDocument. */}
        <Link to={exportHref} reloadDocument className={secondaryButtonClass}>
          Export CSV
        </Link>
      </div>
    </div>
  );
}

/** Previous / Page n of m / Next, each link keeping the list's filters (docs/requirements.md §12). */
export function ListPages({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className="underline">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="underline">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
