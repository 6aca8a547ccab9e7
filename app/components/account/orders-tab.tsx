import { Package, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { getFormProps } from '@conform-to/react';
import { errorToast } from '../../../core/answer';
import {
  moreItemsLabel,
  ORDER_ITEMS_PREVIEW,
  REORDER_QUANTITY_PREFIX,
  reorderContactSchema,
} from '../../../core/account';
import { QUOTATION_MAX_QUANTITY } from '../../../core/quotation';
import { formatLongDate } from '../../../core/dates';
import { formatRupees } from '../../../core/money';
import { orderStatusColours, statusLabel, type OrderStatus } from '../../../core/statuses';
import { Field, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { Modal, ModalClose } from '../ui/modal';
import type { Profile } from '../../../server/modules/account';
import type { OrderItemView, OrderView } from '../../../server/modules/orders';
import { FormField, useAnswerForm } from './answer-form';

type Order = OrderView;
type OrderItem = OrderItemView;
type Customer = Profile;

// spec §4: dashboard badge colours
const badgeClasses: Record<string, string> = {
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  purple: 'bg-purple-100 text-purple-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
};

const lastUpdatedFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`rounded-full px-3 py-1 text-xs font-semibold ${badgeClasses[orderStatusColours[status]] ?? ''}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** spec §2 Orders: newest first, a Refresh button and the time of the last load. */
export function OrdersTab({
  orders,
  loadedAt,
  customer,
}: {
  orders: Order[];
  loadedAt: string;
  customer: Customer;
}) {
  const revalidator = useRevalidator();
  const [details, setDetails] = useState<Order | null>(null);
  const [reorder, setReorder] = useState<Order | null>(null);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold">Order History</h2>
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <span>
            Last updated{' '}
            <time dateTime={loadedAt}>{lastUpdatedFormat.format(new Date(loadedAt))}</time>
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== 'idle'}
          >
            <RefreshCw
              aria-hidden="true"
              className={`h-4 w-4 ${revalidator.state !== 'idle' ? 'animate-spin' : ''}`}
            />
            Refresh
          </button>
        </div>
      </div>
      {orders.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-sand p-10 text-center">
          <Package aria-hidden="true" className="mx-auto h-8 w-8 text-brass-700" />
          <p className="mt-2 text-lg font-medium">No orders yet</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
          >
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4">
          {orders.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              onDetails={() => setDetails(order)}
              onReorder={() => setReorder(order)}
            />
          ))}
        </ul>
      )}
      <Modal
        open={details !== null}
        onOpenChange={(open) => {
          if (!open) setDetails(null);
        }}
        title={details ? `Order ${details.orderNumber}` : 'Order'}
      >
        {details ? <OrderDetails order={details} /> : null}
      </Modal>
      <Modal
        open={reorder !== null}
        onOpenChange={(open) => {
          if (!open) setReorder(null);
        }}
        title="Reorder"
        description="We will send you a quotation for these pieces."
      >
        {reorder ? (
          <ReorderForm order={reorder} customer={customer} onDone={() => setReorder(null)} />
        ) : null}
      </Modal>
    </div>
  );
}

function OrderCard({
  order,
  onDetails,
  onReorder,
}: {
  order: Order;
  onDetails: () => void;
  onReorder: () => void;
}) {
  const more = moreItemsLabel(order.items.length);
  return (
    <li
      aria-label={`Order ${order.orderNumber}`}
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-display text-lg font-semibold">{order.orderNumber}</h3>
          <p className="text-sm text-ink-muted">{formatLongDate(order.createdAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={order.status} />
          <span className="font-semibold">{formatRupees(order.totalAmountMinor)}</span>
        </div>
      </div>
      <ul className="mt-4 grid gap-3">
        {order.items.slice(0, ORDER_ITEMS_PREVIEW).map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </ul>
      {more ? <p className="mt-2 text-sm text-ink-muted">{more}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onDetails}>
          View Details
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onReorder}>
          Reorder
        </button>
      </div>
    </li>
  );
}

/** spec §2 Orders: an item's image, or a placeholder when it has none. */
export function OrderItemThumbnail({ image }: { image: string | null }) {
  return image ? (
    <img
      src={image}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 rounded-lg bg-sand object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-sand"
    >
      <Package className="h-5 w-5 text-ink-muted" />
    </span>
  );
}

function ItemRow({ item }: { item: OrderItem }) {
  return (
    <li className="flex items-center gap-3">
      <OrderItemThumbnail image={item.productImage} />
      <div>
        <p className="font-medium">{item.productName}</p>
        <p className="text-sm text-ink-muted">
          {item.quantity} × {formatRupees(item.unitPriceMinor)}
        </p>
      </div>
    </li>
  );
}

/** DESIGN.md §5: "View Details" works and shows the whole order. */
function OrderDetails({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={order.status} />
        <span className="text-sm text-ink-muted">Placed {formatLongDate(order.createdAt)}</span>
      </div>
      <section aria-label="Items">
        <ul className="grid gap-3">
          {order.items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      </section>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Subtotal</dt>
        <dd>{formatRupees(order.subtotalMinor)}</dd>
        <dt>Shipping</dt>
        <dd>{formatRupees(order.shippingAmountMinor)}</dd>
        <dt>Tax</dt>
        <dd>{formatRupees(order.taxAmountMinor)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="font-semibold">{formatRupees(order.totalAmountMinor)}</dd>
      </dl>
      <div className="grid gap-6 sm:grid-cols-2">
        <section>
          <h3 className="font-semibold">Shipping Address</h3>
          {address ? (
            <address className="not-italic text-ink-muted">
              {address.name ? (
                <>
                  {address.name}
                  <br />
                </>
              ) : null}
              {address.streetAddress}
              {address.apartment ? `, ${address.apartment}` : ''}
              <br />
              {address.city}, {address.state} {address.postalCode}
              <br />
              {address.country}
            </address>
          ) : (
            <p className="text-ink-muted">Not given</p>
          )}
        </section>
        <section>
          <h3 className="font-semibold">Payment</h3>
          <p className="text-ink-muted">
            Method: {order.paymentMethod ? order.paymentMethod.toUpperCase() : 'Not chosen yet'}
          </p>
          <p className="text-ink-muted">Status: {statusLabel(order.paymentStatus)}</p>
        </section>
      </div>
    </div>
  );
}

/** DESIGN.md §5: "Reorder" asks for a quotation of the order's pieces, quantities editable. */
function ReorderForm({
  order,
  customer,
  onDone,
}: {
  order: Order;
  customer: Customer;
  onDone: () => void;
}) {
  // Who asks is checked with the shared schema here and again, with the pieces, on the server.
  const { fetcher, form, fields } = useAnswerForm({
    schema: reorderContactSchema,
    intent: 'reorder',
    invalidToast: errorToast,
    onSuccess: onDone,
  });
  const pieces = order.items.filter((item) => item.productId);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="orderId" value={order.id} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Pieces and quantities</legend>
        {pieces.map((item) => (
          <Field
            key={item.id}
            label={item.productName}
            name={`${REORDER_QUANTITY_PREFIX}${item.productId}`}
            type="number"
            min={1}
            max={QUOTATION_MAX_QUANTITY}
            defaultValue={item.quantity}
            required
          />
        ))}
      </fieldset>
      <FormField
        meta={fields.customerName}
        label="Your Name *"
        defaultValue={fields.customerName.initialValue ?? customer.displayName ?? ''}
        autoComplete="name"
      />
      <FormField
        meta={fields.customerMobile}
        label="Mobile Number *"
        type="tel"
        defaultValue={fields.customerMobile.initialValue ?? customer.phone ?? ''}
        autoComplete="tel"
      />
      <FormField
        meta={fields.customerEmail}
        label="Email"
        type="email"
        defaultValue={fields.customerEmail.initialValue ?? customer.email}
        autoComplete="email"
      />
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Sending…' : 'Request Quotation'}
        </button>
      </div>
    </fetcher.Form>
  );
}
