import { offeredOrderActions, orderActionLabels } from '../../../core/admin';
import { formatRupees } from '../../../core/money';
import { statusLabel } from '../../../core/statuses';
import type { OrderView } from '../../../server/modules/orders';
import { OrderCard } from '../orders/order-card';
import { Field, secondaryButtonClass } from '../ui/field';
import { useAdminAction } from './admin-action';

/** The orders the /admin loader sends: the orders module's view, items included. */
type AdminOrder = OrderView;

/** spec §2 Admin: every order with its items, and exactly the actions spec §4 offers. */
export function OrdersPanel({
  orders,
  onAlert,
}: {
  orders: AdminOrder[];
  onAlert: (message: string | null) => void;
}) {
  const fetcher = useAdminAction(onAlert);
  if (orders.length === 0) return <p className="text-ink-muted">No orders found.</p>;
  return (
    <ul className="grid gap-4">
      {orders.map((order) => {
        const offered = offeredOrderActions({
          status: order.status,
          paymentStatus: order.storedPaymentStatus,
          paymentMethod: order.paymentMethod,
        });
        const address = order.shippingAddress;
        return (
          <OrderCard key={order.id} order={order} lineTotals>
            <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <p className="font-medium">Shipping address</p>
                {address ? (
                  <address className="not-italic text-ink-muted">
                    {address.name ? `${address.name}, ` : ''}
                    {address.streetAddress}
                    {address.apartment ? `, ${address.apartment}` : ''}, {address.city},{' '}
                    {address.state} {address.postalCode}, {address.country}
                  </address>
                ) : (
                  <p className="text-ink-muted">Not given</p>
                )}
              </div>
              <div>
                <p className="font-medium">Payment</p>
                <p className="text-ink-muted">
                  {order.paymentMethod ? order.paymentMethod.toUpperCase() : 'No method'} ·{' '}
                  {statusLabel(order.paymentStatus)}
                  {order.paymentId ? ` · Reference ${order.paymentId}` : ''}
                </p>
                <dl className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-4 text-ink-muted">
                  <dt>Subtotal</dt>
                  <dd>{formatRupees(order.subtotalMinor)}</dd>
                  <dt>Shipping</dt>
                  <dd>{formatRupees(order.shippingAmountMinor)}</dd>
                  <dt>Tax</dt>
                  <dd>{formatRupees(order.taxAmountMinor)}</dd>
                  <dt className="font-medium text-ink">Total</dt>
                  <dd className="font-medium text-ink">{formatRupees(order.totalAmountMinor)}</dd>
                </dl>
              </div>
            </div>
            <div className="mt-4 flex flex-wrap items-end gap-2">
              {offered.map((action) =>
                action === 'confirm-payment' ? (
                  <fetcher.Form
                    key={action}
                    method="post"
                    className="flex flex-wrap items-end gap-2"
                  >
                    <input type="hidden" name="intent" value="order-action" />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="action" value={action} />
                    <Field label="UPI or bank reference" name="paymentReference" maxLength={100} />
                    <button type="submit" className={secondaryButtonClass}>
                      {orderActionLabels[action]}
                    </button>
                  </fetcher.Form>
                ) : (
                  <fetcher.Form key={action} method="post">
                    <input type="hidden" name="intent" value="order-action" />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="action" value={action} />
                    <button type="submit" className={secondaryButtonClass}>
                      {orderActionLabels[action]}
                    </button>
                  </fetcher.Form>
                ),
              )}
            </div>
          </OrderCard>
        );
      })}
    </ul>
  );
}
