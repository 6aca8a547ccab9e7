/**
 * docs/requirements.md §23 "Invoices": the owner's GST documents of a month or quarter, the number, date, buyer, place
 * of supply, taxable value, tax, total and kind, each opening its PDF; and "Export GSTR-1" of the
 * month and of its quarter for the accountant.
 */
import { parseRouteQuery, invoiceListQuerySchema } from '../../core/forms/route-query';
import { formatRupees } from '../../core/money/money';
import { filingPeriod, monthOfDay, quarterOfDay } from '../../core/tax/filing-period';
import { documentSeries } from '../../core/tax/financial-year';
import { taxDocumentKindLabels, taxDocumentPath } from '../../core/tax/document-links';
import { formatLongDate } from '../../core/time/dates';
import { shopDayOf } from '../../core/time/shop-calendar';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { listTaxDocuments } from '../../server/modules/invoices';
import { FilterSelect } from '../components/admin/list-filters';
import { pageMeta } from '../components/layout/simple-page';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/admin.invoices';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Invoices', undefined, { noindex: true });
}

// docs/requirements.md §23: the owner's only; nobody else gets a row of it
export const loader = adminPageLoader(loadInvoices);

async function loadInvoices({ context, request }: Route.LoaderArgs) {
  const { db, actor, clock, site } = context.get(appContext);
  const query = parseRouteQuery(invoiceListQuerySchema, new URL(request.url).searchParams);
  const today = shopDayOf(clock(), site.shopTimeZone);
  const period = filingPeriod(query.period) ?? filingPeriod(monthOfDay(today))!;
  const rows = await listTaxDocuments(db, actor, {
    kind: query.kind,
    fromDay: period.fromDay,
    toDay: period.toDay,
  });
  // Words and amounts are made here, so the page's JavaScript carries no money or tax modules.
  const documents = rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: taxDocumentKindLabels[row.kind],
    issuedOn: row.issuedOn,
    issuedOnText: formatLongDate(row.issuedOn),
    buyer: row.buyerName,
    gstin: row.buyerGstin,
    placeOfSupply: row.placeOfSupply,
    taxable: formatRupees(row.taxableMinor),
    tax: formatRupees(row.taxMinor),
    total: formatRupees(row.totalMinor),
    href: taxDocumentPath(row.id),
  }));
  const month = /^\d{4}-\d{2}$/.test(period.value) ? period.value : monthOfDay(period.fromDay);
  const quarter = filingPeriod(quarterOfDay(period.fromDay))!;
  return {
    period,
    month,
    kind: query.kind,
    kinds: documentSeries.map((kind) => ({ value: kind, label: taxDocumentKindLabels[kind] })),
    documents,
    exports: [filingPeriod(month)!, quarter].map((each) => ({
      label: `Export GSTR-1 for ${each.label}`,
      href: `/admin/invoices/gstr1.zip?period=${encodeURIComponent(each.value)}`,
    })),
  };
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { period, month, kind, kinds, documents, exports } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="font-display text-4xl font-semibold">Invoices</h1>
      <p className="mt-2 text-ink-muted">
        {period.label}: {documents.length} {documents.length === 1 ? 'document' : 'documents'}
      </p>
      <form method="get" className="mt-8 flex flex-wrap items-end gap-4" aria-label="Invoices">
        <div className="grid gap-1">
          <label htmlFor="invoices-month" className="font-medium">
            Month
          </label>
          <input
            id="invoices-month"
            type="month"
            name="period"
            defaultValue={month}
            className={inputClass}
          />
        </div>
        <FilterSelect label="Kind" name="kind" value={kind} choices={kinds} />
        <button type="submit" className={primaryButtonClass}>
          Show
        </button>
      </form>
      <ul aria-label="GSTR-1" className="mt-6 flex flex-wrap gap-3">
        {exports.map((link) => (
          <li key={link.href}>
            <a href={link.href} download className={secondaryButtonClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      {documents.length === 0 ? (
        <p className="mt-8 text-ink-muted">No invoices or credit notes in {period.label}.</p>
      ) : (
        // One card per document, laid out as a row on wide screens; no table to scroll on a phone.
        <ul aria-label="Documents" className="mt-8 grid gap-3">
          {documents.map((document) => (
            <li
              key={document.id}
              className="grid gap-1 rounded-2xl border border-stone/70 bg-white p-4 text-sm lg:grid-cols-[1.4fr_1fr_1.6fr_1.2fr_1fr_1fr_1fr] lg:items-center lg:gap-4"
            >
              <span>
                <a href={document.href} download className="font-medium underline">
                  {document.number}
                </a>
                <span className="block text-ink-muted">{document.kind}</span>
              </span>
              <span className="text-ink-muted">
                <time dateTime={document.issuedOn}>{document.issuedOnText}</time>
              </span>
              <span>
                <span className="text-ink-muted lg:sr-only">Buyer: </span>
                {document.buyer}
                {document.gstin ? (
                  <span className="block text-ink-muted">GSTIN {document.gstin}</span>
                ) : null}
              </span>
              <span>
                <span className="text-ink-muted lg:sr-only">Place of supply: </span>
                {document.placeOfSupply}
              </span>
              <span className="tabular-nums">
                <span className="text-ink-muted lg:sr-only">Taxable value: </span>
                {document.taxable}
              </span>
              <span className="tabular-nums">
                <span className="text-ink-muted lg:sr-only">Tax: </span>
                {document.tax}
              </span>
              <span className="font-medium tabular-nums">
                <span className="font-normal text-ink-muted lg:sr-only">Total: </span>
                {document.total}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
