import { lazy } from 'react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Link } from 'react-router';
import { offeredOrderActions, orderActionLabels, orderStateOf } from '../../../core/admin/admin';
import { countryName } from '../../../core/identity/countries';
import { orderTotalRows } from '../../../core/quotes/offer-totals';
import { balanceDueOf } from '../../../core/orders/payment-terms';
import { TotalsList } from '../ui/totals-list';
import { paymentStatusLabel } from '../../../core/orders/payment-terms';
import { orderActionSchema } from '../../../core/orders/orders';
import {
  HSN_CODES_NEEDED,
  invoiceIssuable,
  ISSUE_INVOICE_LABEL,
} from '../../../core/tax/document-links';
import type { AdminConsoleData } from '../../routes/admin';
import { useAnswerFetcher, type AnswerHandlers } from '../forms/use-answer-fetcher';
import { OrderCard } from '../orders/order-card';
import { OpeningForm, orderFormLabels } from './opening-form';
import { ReturnAnswers } from './return-answers';
import { returnValueMinor } from '../../../core/orders/return-status';
import { takesProductionUpdates } from '../../../core/orders/production-updates';
import { hasMoneyToRefund, refundBalance } from '../../../core/orders/refund-status';
import { Field, secondaryButtonClass } from '../ui/field';

// docs/decisions/008: each order form's code is fetched when its button first opens it.
const ShipmentForm = lazy(() =>
  import('./shipment-form').then((module) => ({ default: module.ShipmentForm })),
);
const RefundForm = lazy(() =>
  import('./refund-form').then((module) => ({ default: module.RefundForm })),
);
const ProductionUpdateForm = lazy(() =>
  import('./production-update-form').then((module) => ({ default: module.ProductionUpdateForm })),
);

/** spec §2 Admin: every order with its items, and exactly the actions spec §4 offers. */
export function OrdersPanel({
  orders,
  alertArea,
}: {
  orders: AdminConsoleData['orders'];
  alertArea: AnswerHandlers<unknown>;
}) {
  // Held here, not in the cards: a card's form may be gone before its answer is shown.
  const fetcher = useAnswerFetcher(alertArea);
  if (orders.length === 0) return <p className="text-ink-muted">No orders found.</p>;
  return (
    <ul className="grid gap-4">
      {orders.map((order) => {
        // docs/requirements.md §24: an approved return waits for its refund
        const approvedReturn = order.returns.find((each) => each.status === 'approved');
        const offered = offeredOrderActions(orderStateOf(order));
        // docs/requirements.md §21: "Mark as Shipped" with a balance still due says so first; it does not block.
        const balanceDue = balanceDueOf({
          totalMinor: order.totalAmountMinor,
          advanceMinor: order.advanceMinor,
          paymentStatus: order.paymentStatus,
        });
        const address = order.shippingAddress;
        return (
          <OrderCard
            key={order.id}
            order={order}
            lineTotals
            packingLists
            answerOfReturn={(each) =>
              each.status === 'requested' ? (
                <ReturnAnswers orderId={order.id} returnId={each.id} fetcher={fetcher} />
              ) : null
            }
          >
            <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <p className="font-medium">Shipping address</p>
                {address ? (
                  <address className="not-italic text-ink-muted">
                    {address.name ? `${address.name}, ` : ''}
                    {address.streetAddress}
                    {address.apartment ? `, ${address.apartment}` : ''}, {address.city},{' '}
                    {address.state} {address.postalCode}, {countryName(address.country)}
                  </address>
                ) : (
                  <p className="text-ink-muted">Not given</p>
                )}
              </div>
              <div>
                <p className="font-medium">Payment</p>
                <p className="text-ink-muted">
                  {order.paymentMethod ? order.paymentMethod.toUpperCase() : 'No method'} ·{' '}
                  {paymentStatusLabel(order.paymentStatus)}
                  {order.paymentId ? ` · Reference ${order.paymentId}` : ''}
                </p>
                {order.submittedPaymentReference ? (
                  // docs/requirements.md §10: the UTR or bank reference the customer submitted on the quote page
                  <p className="text-ink-muted">
                    Customer&apos;s reference: {order.submittedPaymentReference}
                  </p>
                ) : null}
                {order.submittedBalanceReference ? (
                  <p className="text-ink-muted">
                    Customer&apos;s balance reference: {order.submittedBalanceReference}
                  </p>
                ) : null}
                {order.balancePaymentId ? (
                  <p className="text-ink-muted">Balance reference {order.balancePaymentId}</p>
                ) : null}
                {order.quotationRequestId ? (
                  <Link to={`/admin/quotations/${order.quotationRequestId}`} className="underline">
                    View Quotation
                  </Link>
                ) : null}
                <TotalsList
                  rows={orderTotalRows(order)}
                  className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-4 text-ink-muted"
                />
              </div>
            </div>
            {order.piecesWithoutHsn.length > 0 && order.status !== 'cancelled' ? (
              // docs/requirements.md §23: what the invoice waits for, each a link to the piece's HSN code field
              <div className="mt-4 rounded-xl bg-sand p-3 text-sm">
                <p>{HSN_CODES_NEEDED}</p>
                <ul className="mt-1 grid gap-1">
                  {order.piecesWithoutHsn.map((piece) => (
                    <li key={piece.productId}>
                      <Link
                        to={`/admin/product-media?product=${encodeURIComponent(piece.productId)}`}
                        className="underline"
                      >
                        Set the HSN code of {piece.productName}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="mt-4 flex flex-wrap items-end gap-2">
              {takesProductionUpdates({
                status: order.status,
                paymentStatus: order.storedPaymentStatus,
              }) ? (
                // docs/requirements.md §24: a posted update starts the form again, closed
                <OpeningForm
                  key={`update:${order.updates.length}`}
                  label={orderFormLabels.productionUpdate}
                >
                  {(close) => (
                    <ProductionUpdateForm orderId={order.id} fetcher={fetcher} onClose={close} />
                  )}
                </OpeningForm>
              ) : null}
              {invoiceIssuable(order) ? (
                // docs/requirements.md §23: "Issue Invoice" on a paid or advance-paid order with none yet
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="issue-invoice" />
                  <input type="hidden" name="orderId" value={order.id} />
                  <button type="submit" className={secondaryButtonClass}>
                    {ISSUE_INVOICE_LABEL}
                  </button>
                </fetcher.Form>
              ) : null}
              {offered.map((action) =>
                action === 'confirm-payment' || action === 'confirm-balance' ? (
                  <ConfirmPaymentForm
                    // A reference submitted while the page is open arrives prefilled too.
                    key={`${action}:${order.submittedPaymentReference ?? ''}:${order.submittedBalanceReference ?? ''}`}
                    orderId={order.id}
                    action={action}
                    submittedReference={
                      action === 'confirm-balance'
                        ? order.submittedBalanceReference
                        : order.submittedPaymentReference
                    }
                    fetcher={fetcher}
                  />
                ) : action === 'ship' ? (
                  <OpeningForm
                    // A shipment recorded changes what is left: the form starts again, closed.
                    key={`${action}:${order.piecesLeftToShip.map((piece) => piece.left).join(',')}`}
                    label={orderActionLabels.ship}
                  >
                    {(close) => (
                      <ShipmentForm
                        orderId={order.id}
                        pieces={order.piecesLeftToShip}
                        today={order.today}
                        balanceDueMinor={balanceDue}
                        fetcher={fetcher}
                        onClose={close}
                      />
                    )}
                  </OpeningForm>
                ) : action === 'record-refund' ||
                  (action === 'cancel' && hasMoneyToRefund(order.storedPaymentStatus)) ? (
                  // docs/requirements.md §24: money received is refunded with the cancellation
                  <OpeningForm
                    key={`${action}:${order.refunds.length}`}
                    label={orderActionLabels[action]}
                  >
                    {(close) => (
                      <RefundForm
                        onClose={close}
                        orderId={order.id}
                        action={action}
                        returnRefund={
                          approvedReturn && action === 'record-refund'
                            ? {
                                returnId: approvedReturn.id,
                                valueMinor: returnValueMinor(
                                  order,
                                  order.items,
                                  approvedReturn.pieces,
                                ),
                                pieces: approvedReturn.pieces
                                  .map((piece) => `${piece.quantity} × ${piece.productName}`)
                                  .join(', '),
                              }
                            : null
                        }
                        leftMinor={
                          refundBalance(
                            {
                              paymentStatus: order.storedPaymentStatus,
                              totalMinor: order.totalAmountMinor,
                              advanceMinor: order.advanceMinor,
                            },
                            order.refunds,
                          ).leftMinor
                        }
                        paymentMethod={order.paymentMethod}
                        fetcher={fetcher}
                      />
                    )}
                  </OpeningForm>
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

const parseOrderAction = (formData: FormData) =>
  parseWithZod(formData, { schema: orderActionSchema, disableAutoCoercion: true });

/** "Confirm Payment Received" with the UPI or bank reference, checked by the server's schema. */
function ConfirmPaymentForm({
  orderId,
  action,
  submittedReference,
  fetcher,
}: {
  orderId: string;
  /** docs/requirements.md §21: the payment (or the advance), or the balance once the advance is in. */
  action: 'confirm-payment' | 'confirm-balance';
  /** The customer's own UTR or bank reference, if they submitted one. */
  submittedReference: string | null;
  fetcher: ReturnType<typeof useAnswerFetcher>;
}) {
  const [form, fields] = useForm({
    id: `${action}-${orderId}`,
    // docs/requirements.md §10: Confirm Payment Received shows the customer's reference, prefilled.
    defaultValue: { paymentReference: submittedReference ?? '' },
    constraint: getZodConstraint(orderActionSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseOrderAction(formData),
  });
  const { key, ...reference } = getInputProps(fields.paymentReference, { type: 'text' });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value="order-action" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="action" value={action} />
      <Field
        key={key}
        label={
          action === 'confirm-balance' ? 'Balance UPI or bank reference' : 'UPI or bank reference'
        }
        {...reference}
        error={fields.paymentReference.errors?.[0]}
      />
      <button type="submit" className={secondaryButtonClass}>
        {orderActionLabels[action]}
      </button>
    </fetcher.Form>
  );
}
