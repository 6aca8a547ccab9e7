import { Package, RefreshCw } from '../ui/icons';
import { lazy, Suspense, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { countryName } from '../../../core/identity/countries';
import { shopTimeOfDay, formatShopDate } from '../../../core/time/shop-calendar';
import { orderTotalRows } from '../../../core/quotes/offer-totals';
import { TotalsList } from '../ui/totals-list';
import { paymentStatusLabel } from '../../../core/orders/payment-terms';
import { OrderCard, OrderItemRow } from '../orders/order-card';
import { OrderDocuments } from '../orders/order-documents';
import { OrderShipments } from '../orders/order-shipments';
import { OrderRefunds } from '../orders/order-refunds';
import { OrderReturns } from '../orders/order-returns';
import { returnTexts, type ReturnOffer } from '../../../core/orders/return-status';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { CONFIRM_DELIVERY_INTENT, orderDeliveryTexts } from '../../../core/identity/account-texts';
import { orderDocumentLinks } from '../../../core/tax/document-links';
import { OrderStatusBadge } from '../orders/order-status-badge';
import { secondaryButtonClass } from '../ui/classes';
import { Modal } from '../ui/lazy-modal';
import { useShopTimeZone } from '../layout/shop-time';
import type { Profile } from '../../../server/modules/account';
import type { OrderView } from '../../../server/modules/orders';
import type { PaymentPanelData } from '../quotes/payment-panel';

const ReorderForm = lazy(() =>
  import('./reorder-form').then((module) => ({ default: module.ReorderForm })),
);
const ReturnRequestForm = lazy(() =>
  import('./return-request-form').then((module) => ({ default: module.ReturnRequestForm })),
);

// docs/requirements.md §10: a pending UPI or bank transfer order carries its payment panel (order-card.tsx);
// docs/requirements.md §24: a delivered one within its 30 days, what "Request a Return" offers.
type Order = OrderView & { payment?: PaymentPanelData | null; returnOffer?: ReturnOffer | null };
type Customer = Profile;

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
  const timeZone = useShopTimeZone();
  const [details, setDetails] = useState<Order | null>(null);
  const [reorder, setReorder] = useState<Order | null>(null);
  const [returning, setReturning] = useState<Order | null>(null);
  const delivery = useAnswerFetcher({ key: CONFIRM_DELIVERY_INTENT });
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold">Order History</h2>
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <span>
            Last updated{' '}
            <time dateTime={loadedAt}>{shopTimeOfDay(new Date(loadedAt), timeZone)}</time>
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
            <OrderCard key={order.id} order={order} preview>
              <div className="mt-4 flex flex-wrap gap-3">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => setDetails(order)}
                >
                  View Details
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => setReorder(order)}
                >
                  Reorder
                </button>
                {order.status === 'shipped' ? (
                  // docs/requirements.md §24: the buyer records the delivery herself
                  <delivery.Form method="post">
                    <input type="hidden" name="intent" value={CONFIRM_DELIVERY_INTENT} />
                    <input type="hidden" name="orderId" value={order.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      {orderDeliveryTexts.button}
                    </button>
                  </delivery.Form>
                ) : null}
                {order.returnOffer ? (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => setReturning(order)}
                  >
                    {returnTexts.request}
                  </button>
                ) : null}
              </div>
            </OrderCard>
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
          <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
            <ReorderForm order={reorder} customer={customer} onDone={() => setReorder(null)} />
          </Suspense>
        ) : null}
      </Modal>
      <Modal
        open={returning?.returnOffer != null}
        onOpenChange={(open) => {
          if (!open) setReturning(null);
        }}
        title={returning ? `${returnTexts.request}: ${returning.orderNumber}` : returnTexts.request}
      >
        {returning?.returnOffer ? (
          <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
            <ReturnRequestForm
              orderId={returning.id}
              offer={returning.returnOffer}
              madeToOrder={returning.items
                .filter((item) => item.madeToOrder)
                .map((item) => item.productName)}
              onDone={() => setReturning(null)}
            />
          </Suspense>
        ) : null}
      </Modal>
    </div>
  );
}

/** docs/design.md §5: "View Details" works and shows the whole order. */
function OrderDetails({ order }: { order: Order }) {
  const timeZone = useShopTimeZone();
  const address = order.shippingAddress;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-ink-muted">
          Placed {formatShopDate(order.createdAt, timeZone)}
        </span>
      </div>
      <section aria-label="Items">
        <ul className="grid gap-3">
          {order.items.map((item) => (
            <OrderItemRow key={item.id} item={item} />
          ))}
        </ul>
      </section>
      <TotalsList rows={orderTotalRows(order)} className="grid grid-cols-[1fr_auto] gap-y-1" />
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
              {countryName(address.country)}
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
          <p className="text-ink-muted">Status: {paymentStatusLabel(order.paymentStatus)}</p>
        </section>
      </div>
      <OrderShipments shipments={order.shipments} />
      <OrderReturns returns={order.returns} />
      <OrderRefunds refunds={order.refunds} />
      <OrderDocuments
        links={orderDocumentLinks({
          id: order.id,
          status: order.status,
          paymentStatus: order.paymentStatus,
          totalMinor: order.totalAmountMinor,
          advanceMinor: order.advanceMinor,
          documents: order.documents,
          refunds: order.refunds,
        })}
      />
    </div>
  );
}
