import * as Tabs from '@radix-ui/react-tabs';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link, useRevalidator, useSearchParams } from 'react-router';
import { adminMessages, ADMIN_PAGE_SIZE, type OrderAction } from '../../core/admin';
import {
  ADMIN_TABS,
  adminQuerySchema,
  parseRouteQuery,
  type AdminTab,
} from '../../core/route-query';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import {
  countContactMessages,
  listContactMessages,
  setContactMessageStatus,
} from '../../server/modules/contact';
import { DomainError, httpStatusOf } from '../../server/modules/errors';
import { requireAdmin } from '../../server/modules/kernel';
import { countCallbackLeads, listCallbackLeads } from '../../server/modules/leads';
import {
  countOrders,
  createOrderFromQuotation,
  listAllOrders,
  setOrderStatus,
} from '../../server/modules/orders';
import {
  countQuotationRequests,
  listQuotationRequests,
  setQuotationStatus,
} from '../../server/modules/quotations';
import { countUserRoles, listUserRoles } from '../../server/modules/roles';
import type { AdminAnswer } from '../components/admin/admin-action';
import { MediaImportTool } from '../components/admin/media-import-tool';
import { MessagesPanel } from '../components/admin/messages-panel';
import { OrdersPanel } from '../components/admin/orders-panel';
import { QuotationsPanel } from '../components/admin/quotations-panel';
import { RolesPanel } from '../components/admin/roles-panel';
import { pageMeta } from '../components/layout/simple-page';
import { secondaryButtonClass } from '../components/ui/field';
import type { Route } from './+types/admin';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Admin', undefined, { noindex: true });
}

// spec §6: the admin role of the user role table, checked on the server; nobody else gets data
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor, viewer } = context.get(appContext);
  if (!viewer) return { access: 'signed-out' as const };
  if (!viewer.isAdmin) return { access: 'denied' as const, userId: viewer.id };
  // issue 14 (finding 7): a page past any list is clamped, never cast into an overflowing OFFSET.
  const { tab, page } = parseRouteQuery(adminQuerySchema, new URL(request.url).searchParams);
  // The tab labels show counts from count queries, not from loading every row.
  const [quotations, orders, messages, roles, leads] = await Promise.all([
    countQuotationRequests(db, actor),
    countOrders(db, actor),
    countContactMessages(db, actor),
    countUserRoles(db, actor),
    countCallbackLeads(db, actor),
  ]);
  const counts = { quotations, orders, messages, roles, leads };
  const empty = { quotations: [], orders: [], messages: [], leads: [], roles: [] };
  const rows =
    tab === 'quotations'
      ? { ...empty, quotations: await listQuotationRequests(db, actor, { page }) }
      : tab === 'orders'
        ? { ...empty, orders: await listAllOrders(db, actor, { page }) }
        : tab === 'messages'
          ? {
              ...empty,
              messages: await listContactMessages(db, actor, { page }),
              leads: await listCallbackLeads(db, actor, { page: 1 }),
            }
          : tab === 'roles'
            ? { ...empty, roles: await listUserRoles(db, actor, { page }) }
            : empty;
  return {
    access: 'admin' as const,
    tab,
    page,
    counts,
    ...rows,
    loadedAt: new Date().toISOString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor, logger } = context.get(appContext);
  // issue 14 finding 1: who asks is checked before the body is read, with the module's own check
  // and messages; every module function checks again.
  try {
    requireAdmin(actor);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<AdminAnswer>(
      { status: 'error', alert: error.message },
      { status: httpStatusOf[error.code] },
    );
  }
  const form = Object.fromEntries(
    [...(await readFormData(request)).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const intent = form.intent ?? '';
  const failure = (message: string): string => {
    if (intent === 'order-action') {
      return form.action === 'confirm-payment'
        ? adminMessages.paymentFailed(message)
        : adminMessages.orderFailed(message);
    }
    if (intent === 'quotation-status') return adminMessages.quotationFailed;
    if (intent === 'message-status') return adminMessages.messageFailed;
    return message;
  };
  try {
    if (intent === 'quotation-status') {
      const { status } = await setQuotationStatus(db, actor, { id: form.id, status: form.status });
      return data<AdminAnswer>({ status: 'ok', toast: adminMessages.quotationUpdated(status) });
    }
    if (intent === 'order-action') {
      const { status } = await setOrderStatus(db, actor, {
        orderId: form.orderId,
        action: form.action,
        paymentReference: form.paymentReference,
      });
      return data<AdminAnswer>({
        status: 'ok',
        toast:
          (form.action as OrderAction) === 'confirm-payment'
            ? adminMessages.paymentConfirmed
            : adminMessages.orderUpdated(status),
      });
    }
    if (intent === 'message-status') {
      const { status } = await setContactMessageStatus(db, actor, {
        id: form.id,
        status: form.status,
      });
      return data<AdminAnswer>({
        status: 'ok',
        toast: { title: 'Status Updated', description: `Message marked as ${status}.` },
      });
    }
    if (intent === 'create-order') {
      const created = await createOrderFromQuotation(db, actor, {
        ...form,
        quotationId: form.quotationId,
      });
      return data<AdminAnswer>({
        status: 'ok',
        toast: {
          title: 'Order Created',
          description: `Order ${created.orderNumber} is pending${created.userId ? " and in the customer's dashboard" : ''}.`,
        },
      });
    }
    return data<AdminAnswer>({ status: 'error', alert: 'Unknown action' }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) {
      return data<AdminAnswer>(
        { status: 'error', alert: failure(error.message) },
        { status: httpStatusOf[error.code] },
      );
    }
    logger.error({ err: error, intent }, 'admin action failed');
    return data<AdminAnswer>(
      { status: 'error', alert: failure('An unexpected error occurred. Please try again.') },
      { status: 500 },
    );
  }
}

const lastUpdatedFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

export default function Admin({ loaderData }: Route.ComponentProps) {
  if (loaderData.access !== 'admin') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        {loaderData.access === 'denied' ? (
          <>
            {/* spec §6: without the admin role */}
            <h1 className="text-3xl font-semibold">Access denied</h1>
            <p className="mt-4 text-ink-muted">
              Access denied. You do not have administrator privileges.
            </p>
            <p className="mt-2 text-sm text-ink-muted">
              Your user id: <code>{loaderData.userId}</code>
            </p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-semibold">Admin</h1>
            <p className="mt-4 text-ink-muted">Please sign in to access the admin area.</p>
            <Link
              to="/auth?redirectTo=%2Fadmin"
              className="mt-8 inline-block text-brass-700 underline underline-offset-4"
            >
              Sign In
            </Link>
          </>
        )}
      </section>
    );
  }
  return <AdminConsole data={loaderData} />;
}

type ConsoleData = Extract<Route.ComponentProps['loaderData'], { access: 'admin' }>;

function AdminConsole({ data: loaded }: { data: ConsoleData }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const [alert, setAlert] = useState<string | null>(null);
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
  const total: Record<AdminTab, number> = {
    quotations: counts.quotations,
    orders: counts.orders,
    messages: counts.messages,
    roles: counts.roles,
    media: 0,
  };
  const pages = Math.max(1, Math.ceil(total[loaded.tab] / ADMIN_PAGE_SIZE));
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <span>
            Last updated{' '}
            <time dateTime={loaded.loadedAt}>
              {lastUpdatedFormat.format(new Date(loaded.loadedAt))}
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
      {alert ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-4 text-danger">
          {alert}
        </p>
      ) : null}
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
          <QuotationsPanel quotations={loaded.quotations} onAlert={setAlert} />
        </Tabs.Content>
        <Tabs.Content value="orders" className="mt-6">
          <OrdersPanel orders={loaded.orders} onAlert={setAlert} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6">
          <MessagesPanel messages={loaded.messages} leads={loaded.leads} onAlert={setAlert} />
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
      {pages > 1 && loaded.tab !== 'media' ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
          {loaded.page > 1 ? (
            <Link to={`?tab=${loaded.tab}&page=${loaded.page - 1}`} className="underline">
              Previous
            </Link>
          ) : null}
          <span>
            Page {loaded.page} of {pages}
          </span>
          {loaded.page < pages ? (
            <Link to={`?tab=${loaded.tab}&page=${loaded.page + 1}`} className="underline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
