import * as Tabs from '../components/ui/tabs';
import { RefreshCw } from '../components/ui/icons';
import { useEffect, useState } from 'react';
import { Link, useActionData, useRevalidator, useSearchParams } from 'react-router';
import { adminMessages, ADMIN_PAGE_SIZE } from '../../core/admin/admin';
import { orderActionSchema, orderFromQuotationSchema } from '../../core/orders/orders';
import { adminQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { shopTimeOfDay } from '../../core/time/shop-calendar';
import { ADMIN_TABS, type AdminTab } from '../../core/forms/route-query-fields';
import {
  contactMessageListQuerySchema,
  orderListQuerySchema,
  orderListStates,
  quotationListQuerySchema,
} from '../../core/admin/admin-list-query';
import { contactMessageStatuses, quotationStatuses, statusLabel } from '../../core/orders/statuses';
import { answerAction, intent } from '../../server/http/answer';
import { createOrderFromQuotation } from '../../server/flows/create-order-from-quotation';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import {
  countContactMessages,
  listContactMessages,
  setContactMessageStatus,
} from '../../server/modules/contact';
import { requireAdmin } from '../../server/modules/kernel';
import { requestsAwaitingReply, requestsChart, weekAtAGlance } from '../../server/modules/insights';
import { overdueBefore, waitedFor } from '../../core/time/week-at-a-glance';
import { countCallbackLeads, listCallbackLeads } from '../../server/modules/leads';
import { countOrders, listAllOrders } from '../../server/modules/orders';
import { issueInvoice, piecesWithoutHsnCode } from '../../server/modules/invoices';
import { linesLeftToShip } from '../../server/modules/shipments';
import { shipOrder } from '../../server/flows/ship-order';
import { refundOrder } from '../../server/flows/refund-order';
import { refundReturn } from '../../server/flows/refund-return';
import { decideReturn } from '../../server/modules/returns';
import { DECIDE_RETURN_INTENT, returnDecisionSchema, returnTexts } from '../../core/orders/returns';
import { addProductionUpdate } from '../../server/modules/order-updates';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../server/media-storage';
import {
  PRODUCTION_UPDATE_MAX_PHOTOS,
  productionUpdateProblems,
} from '../../core/orders/production-updates';
import { refundFormSchema } from '../../core/orders/refunds';
import { formatRupees } from '../../core/money/money';
import { piecesLeftToShip, shipmentSchema } from '../../core/orders/shipments';
import { shopDayOf } from '../../core/time/shop-calendar';
import { applyOrderAction } from '../../server/flows/apply-order-action';
import {
  countQuotationRequests,
  listQuotationRequests,
  setQuotationStatus,
} from '../../server/modules/quotations';
import { countUserRoles, listUserRoles } from '../../server/modules/roles';
import {
  FilterSelect,
  ListFilters,
  ListPages,
  listQueryString,
} from '../components/admin/list-filters';
import { MediaImportTool } from '../components/admin/media-import-tool';
import { NeedsReply, RequestsChart, WeekTiles } from '../components/admin/week-at-a-glance';
import { MessagesPanel } from '../components/admin/messages-panel';
import { OrdersPanel } from '../components/admin/orders-panel';
import { QuotationsPanel } from '../components/admin/quotations-panel';
import { RolesPanel } from '../components/admin/roles-panel';
import type { AnswerHandlers } from '../components/forms/use-answer-fetcher';
import { pageMeta } from '../components/layout/simple-page';
import { useShopTimeZone } from '../components/layout/shop-time';
import { secondaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/admin';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Admin', undefined, { noindex: true });
}

// spec §6: the admin role of the user role table, decided by the shell's middleware (docs/decisions/019);
// nobody else gets data
export const loader = adminPageLoader(loadDashboard);

/** docs/requirements.md §19: how many of the requests needing a reply the home lists (two rows of three). */
const NEEDS_REPLY_LISTED = 6;

async function loadDashboard({ context, request }: Route.LoaderArgs) {
  const { db, actor, clock, site } = context.get(appContext);
  // docs/requirements.md §14: a page past any list is clamped, never cast into an overflowing OFFSET.
  const params = new URL(request.url).searchParams;
  const { tab, page } = parseRouteQuery(adminQuerySchema, params);
  // The tab labels show counts from count queries, not from loading every row; docs/decisions/016: they
  // keep counting everything, whatever the open list's filters.
  const now = clock();
  const [quotations, orders, messages, roles, leads, waiting, week, chart] = await Promise.all([
    countQuotationRequests(db, actor),
    countOrders(db, actor),
    countContactMessages(db, actor),
    countUserRoles(db, actor),
    countCallbackLeads(db, actor),
    // docs/requirements.md §19: the requests that need a reply, first on the page
    requestsAwaitingReply(db, actor, now, NEEDS_REPLY_LISTED),
    // docs/requirements.md §12: the week at a glance, above the tabs
    weekAtAGlance(db, actor, now),
    requestsChart(db, actor, now, site.shopTimeZone),
  ]);
  const counts = { quotations, orders, messages, roles, leads };
  const empty = { quotations: [], orders: [], messages: [], leads: [], roles: [] };
  // docs/requirements.md §12 "Lists that find things": the open list's filters, from the URL, with its own
  // statuses; its days are the shop's, in Settings' time zone.
  const { shopTimeZone: timeZone } = site;
  const list = async () => {
    if (tab === 'quotations') {
      const filter = parseRouteQuery(quotationListQuerySchema, params);
      const [rows, matching] = await Promise.all([
        listQuotationRequests(db, actor, { ...filter, timeZone }, now),
        countQuotationRequests(db, actor, { ...filter, timeZone }, now),
      ]);
      return { rows: { ...empty, quotations: rows }, filter, matching };
    }
    if (tab === 'orders') {
      const filter = parseRouteQuery(orderListQuerySchema, params);
      const [rows, matching] = await Promise.all([
        listAllOrders(db, actor, { ...filter, timeZone }),
        countOrders(db, actor, { ...filter, timeZone }),
      ]);
      // docs/requirements.md §23: the pieces an invoice still waits for, each linked to its HSN code's field
      const withoutHsn = await piecesWithoutHsnCode(
        db,
        actor,
        rows.map((order) => order.id),
      );
      // docs/requirements.md §24: "Mark as Shipped" offers each piece not yet shipped, and today
      const shippable = rows.filter(
        (order) => order.status === 'processing' || order.status === 'partly_shipped',
      );
      const linesLeft = await linesLeftToShip(
        db,
        actor,
        shippable.map((order) => order.id),
      );
      const today = shopDayOf(now, timeZone);
      const orders = rows.map((order) => ({
        ...order,
        piecesWithoutHsn: withoutHsn.get(order.id) ?? [],
        piecesLeftToShip: piecesLeftToShip(linesLeft.get(order.id) ?? []),
        today,
      }));
      return { rows: { ...empty, orders }, filter, matching };
    }
    if (tab === 'messages') {
      const filter = parseRouteQuery(contactMessageListQuerySchema, params);
      const [rows, matching, leadRows] = await Promise.all([
        listContactMessages(db, actor, { ...filter, timeZone }),
        countContactMessages(db, actor, { ...filter, timeZone }),
        listCallbackLeads(db, actor, { page: 1 }),
      ]);
      return { rows: { ...empty, messages: rows, leads: leadRows }, filter, matching };
    }
    const rows =
      tab === 'roles' ? { ...empty, roles: await listUserRoles(db, actor, { page }) } : empty;
    return { rows, filter: null, matching: tab === 'roles' ? roles : 0 };
  };
  const { rows, filter, matching } = await list();
  // The open list's statuses for its filter, labelled here so the page's JavaScript carries none
  // of the status vocabularies (the storefront pages share that chunk and their budget is spent).
  const statuses: readonly string[] =
    tab === 'quotations'
      ? quotationStatuses
      : tab === 'orders'
        ? orderListStates
        : tab === 'messages'
          ? contactMessageStatuses
          : [];
  return {
    tab,
    page: filter?.page ?? page,
    counts,
    needsReply: {
      total: waiting.total,
      requests: waiting.requests.map(({ waitingSince, ...request }) => ({
        ...request,
        waited: waitedFor(waitingSince, now),
        overdue: waitingSince <= overdueBefore(now),
      })),
    },
    week,
    chart,
    filter,
    matching,
    statusChoices: statuses.map((status) => ({ value: status, label: statusLabel(status) })),
    ...rows,
    loadedAt: now.toISOString(),
  };
}

// spec §8 "Admin alert messages": each intent's failure text, shown in the alert area and toasted.
const adminIntents = {
  'quotation-status': intent({
    run: (fields, { app }) =>
      setQuotationStatus(app.db, app.actor, { id: fields.id, status: fields.status }),
    success: ({ status }) => adminMessages.quotationUpdated(status),
    alert: () => adminMessages.quotationFailed,
  }),
  'order-action': intent({
    schema: orderActionSchema,
    run: ({ action, paymentReference }, { app, formData }) =>
      applyOrderAction(
        app.db,
        app.actor,
        { orderId: formData.get('orderId'), action, paymentReference },
        app.site,
        app.clock(),
      ),
    success: (
      {
        status,
        invoiceNumber,
        invoiceIssuedNow,
        creditNoteNumber,
        receiptVoucherNumber,
        receiptVoucherProblem,
      },
      fields,
    ) => {
      const issued = {
        invoiceNumber: invoiceIssuedNow ? invoiceNumber : null,
        creditNoteNumber,
        receiptVoucherNumber,
        receiptVoucherProblem,
      };
      return fields.action === 'confirm-payment'
        ? adminMessages.paymentConfirmedWith(issued)
        : adminMessages.orderUpdated(status, issued);
    },
    alert: (message, fields) =>
      fields.action === 'confirm-payment' || fields.action === 'confirm-balance'
        ? adminMessages.paymentFailed(message)
        : adminMessages.orderFailed(message),
  }),
  // docs/requirements.md §24: "Mark as Shipped" with the shipment: carrier, tracking, pieces, day,
  // boxes, and up to four photos of the packed boxes (no field of the schema: the flow checks the
  // role, the shipment and their number before it decodes or stores them)
  'ship-order': intent({
    schema: shipmentSchema,
    // The form's values as a structure (its pieces a list), which the module parses again.
    run: async (_fields, { app, formData, payload }) => {
      const photos: Uint8Array[] = [];
      for (const photo of formData.getAll('photos')) {
        if (photo instanceof File && photo.size > 0) {
          photos.push(new Uint8Array(await photo.arrayBuffer()));
        }
      }
      return shipOrder(
        app.db,
        app.actor,
        app.mediaStorage,
        { orderId: formData.get('orderId'), shipment: payload, photos },
        app.site,
        app.clock(),
      );
    },
    success: ({ status, invoiceNumber, invoiceIssuedNow }) =>
      adminMessages.orderUpdated(status, {
        invoiceNumber: invoiceIssuedNow ? invoiceNumber : null,
      }),
    alert: (message) => adminMessages.orderFailed(message),
  }),
  // docs/requirements.md §24: "Cancel Order" with the refund of the money received, or "Record Refund" after it
  // docs/requirements.md §24: and "Record Refund" of an approved return, which names it
  'refund-order': intent({
    schema: refundFormSchema,
    run: (fields, { app, formData }) =>
      fields.returnId
        ? refundReturn(
            app.db,
            app.actor,
            { orderId: formData.get('orderId'), returnId: fields.returnId, refund: fields },
            app.site,
            app.clock(),
          )
        : refundOrder(
            app.db,
            app.actor,
            { orderId: formData.get('orderId'), action: fields.action, refund: fields },
            app.site,
            app.clock(),
          ),
    success: ({ refund, status, paymentStatus, creditNoteNumber }) =>
      adminMessages.refundRecorded(
        formatRupees(refund.amountMinor),
        paymentStatus,
        { creditNoteNumber },
        status,
      ),
    alert: (message) => adminMessages.refundFailed(message),
  }),
  // docs/requirements.md §24: "Approve Return" with its instructions, or "Decline Return" with the reason
  [DECIDE_RETURN_INTENT]: intent({
    schema: returnDecisionSchema,
    run: (fields, { app, formData }) =>
      decideReturn(
        app.db,
        app.actor,
        { orderId: formData.get('orderId'), returnId: formData.get('returnId'), answer: fields },
        app.clock(),
      ),
    success: ({ status }) => (status === 'approved' ? returnTexts.approved : returnTexts.declined),
    alert: (message) => adminMessages.returnFailed(message),
  }),
  // docs/requirements.md §24: "Add Production Update", a note and up to four photos (the module checks the
  // role before it decodes or stores them)
  'production-update': intent({
    run: async (fields, { app, formData }) => {
      const photos: Uint8Array[] = [];
      for (const photo of formData.getAll('photos')) {
        if (photo instanceof File && photo.size > 0) {
          photos.push(new Uint8Array(await photo.arrayBuffer()));
        }
      }
      return addProductionUpdate(
        app.db,
        app.actor,
        app.mediaStorage,
        { orderId: formData.get('orderId'), note: fields.note, photos },
        app.clock(),
      );
    },
    success: ({ photos }) => adminMessages.productionUpdatePosted(photos.length),
    alert: (message) => adminMessages.productionUpdateFailed(message),
  }),
  // docs/requirements.md §23: "Issue Invoice" on a paid or advance-paid order
  'issue-invoice': intent({
    run: (_fields, { app, formData }) =>
      issueInvoice(app.db, app.actor, { orderId: formData.get('orderId') }, app.site, app.clock()),
    success: ({ number }) => adminMessages.invoiceIssued(number),
    alert: (message) => adminMessages.invoiceFailed(message),
  }),
  'message-status': intent({
    run: (fields, { app }) =>
      setContactMessageStatus(app.db, app.actor, { id: fields.id, status: fields.status }),
    success: ({ status }) => ({
      title: 'Status Updated',
      description: `Message marked as ${status}.`,
    }),
    alert: () => adminMessages.messageFailed,
  }),
  'create-order': intent({
    schema: orderFromQuotationSchema,
    run: (fields, { app, formData }) =>
      createOrderFromQuotation(
        app.db,
        app.actor,
        { ...fields, quotationId: formData.get('quotationId') },
        app.clock(),
        app.site.shopTimeZone,
      ),
    success: (created) => ({
      title: 'Order Created',
      description: `Order ${created.orderNumber} is pending${created.userId ? " and in the customer's dashboard" : ''}.`,
    }),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read, with the module's own check
  // and messages; every module function checks again.
  return answerAction(
    { request, params, context },
    {
      guard: (app) => requireAdmin(app.actor),
      // docs/requirements.md §24: a production update carries up to four photos of 10 MB each.
      bodyLimit: {
        bytes: PRODUCTION_UPDATE_MAX_PHOTOS * IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
        message: productionUpdateProblems.photosTooLarge,
      },
      intents: adminIntents,
    },
    context.get(appContext),
  );
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminConsole data={loaderData} />;
}

/** What the console's panels show: the loader's data for an admin. */
export type AdminConsoleData = Route.ComponentProps['loaderData'];

function AdminConsole({ data: loaded }: { data: AdminConsoleData }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const timeZone = useShopTimeZone();
  const [alert, setAlert] = useState<string | null>(null);
  // spec §8: a failure shows in the alert area as well as in its toast; a success clears it.
  const alertArea: AnswerHandlers<unknown> = {
    onSuccess: () => setAlert(null),
    onFailure: (answer) => setAlert(answer.message),
  };
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  const shownAlert =
    alert ?? (documentAnswer && documentAnswer.status !== 'ok' ? documentAnswer.message : null);
  useEffect(() => {
    // spec §4: admin data reloads on window focus
    const reload = () => void revalidate();
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [revalidate]);
  const { counts } = loaded;
  const labels: Record<AdminTab, string> = {
    quotations: `Quotation Requests (${counts.quotations})`,
    orders: `Orders (${counts.orders})`,
    messages: `Contact Messages (${counts.messages})`,
    roles: `User Roles (${counts.roles})`,
    media: 'Product Media',
  };
  // docs/requirements.md §12: the pages are of the rows the filters select
  const pages = Math.max(1, Math.ceil(loaded.matching / ADMIN_PAGE_SIZE));
  const filterBar = (tab: 'quotations' | 'orders' | 'messages', label: string) =>
    loaded.filter && loaded.tab === tab ? (
      <ListFilters
        label={label}
        filter={loaded.filter}
        statuses={loaded.statusChoices}
        hidden={{ tab }}
        matching={loaded.matching}
        clearHref={`?tab=${tab}`}
        exportHref={`/admin/export/${tab}.csv${listQueryString({ ...loaded.filter, page: null })}`}
      >
        {tab === 'quotations' ? (
          <FilterSelect
            label="Reply"
            name="waiting"
            value={'waiting' in loaded.filter ? loaded.filter.waiting : null}
            choices={[
              { value: 'overdue', label: 'Awaiting reply over 24 hours' },
              { value: 'needs-reply', label: 'Needs reply' },
            ]}
          />
        ) : null}
      </ListFilters>
    ) : null;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <span>
            Last updated{' '}
            <time dateTime={loaded.loadedAt}>
              {shopTimeOfDay(new Date(loaded.loadedAt), timeZone)}
            </time>
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void revalidate()}
            disabled={revalidator.state !== 'idle'}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Refresh
          </button>
        </div>
      </div>
      {shownAlert ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-4 text-danger">
          {shownAlert}
        </p>
      ) : null}
      {documentAnswer?.status === 'ok' && documentAnswer.toast ? (
        <p role="status" className="mt-6 rounded-xl bg-sand p-4 font-medium">
          {`${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()}
        </p>
      ) : null}
      {/* docs/requirements.md §19: what needs a reply comes first, on a phone and on a desktop alike, in the DOM
          as on screen; the week's tiles and the chart follow */}
      <NeedsReply {...loaded.needsReply} />
      <WeekTiles week={loaded.week} />
      <RequestsChart days={loaded.chart} />
      <Tabs.Root
        value={loaded.tab}
        onValueChange={(value) => {
          setAlert(null);
          setSearchParams({ tab: value }, { preventScrollReset: true });
        }}
        className="mt-8"
      >
        <Tabs.List aria-label="Admin" className="flex flex-wrap gap-1 rounded-2xl bg-sand p-1">
          {ADMIN_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="rounded-xl px-4 py-2 text-sm font-medium data-[state=active]:bg-white data-[state=active]:shadow"
            >
              {labels[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="quotations" className="mt-6">
          {filterBar('quotations', 'Quotation requests')}
          <QuotationsPanel quotations={loaded.quotations} alertArea={alertArea} />
        </Tabs.Content>
        <Tabs.Content value="orders" className="mt-6">
          {filterBar('orders', 'Orders')}
          <OrdersPanel orders={loaded.orders} alertArea={alertArea} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6">
          {filterBar('messages', 'Contact messages')}
          <MessagesPanel messages={loaded.messages} leads={loaded.leads} alertArea={alertArea} />
        </Tabs.Content>
        <Tabs.Content value="roles" className="mt-6">
          <RolesPanel roles={loaded.roles} />
        </Tabs.Content>
        <Tabs.Content value="media" className="mt-6">
          <div className="grid gap-8">
            <Link
              to="/admin/product-media"
              className={`${secondaryButtonClass} justify-self-start`}
            >
              Manage Products and Media
            </Link>
            <MediaImportTool />
          </div>
        </Tabs.Content>
      </Tabs.Root>
      {loaded.tab !== 'media' ? (
        <ListPages
          page={loaded.page}
          pages={pages}
          href={(page) => listQueryString({ ...(loaded.filter ?? {}), page }, { tab: loaded.tab })}
        />
      ) : null}
    </section>
  );
}
