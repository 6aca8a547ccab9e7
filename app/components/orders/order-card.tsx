/**
 * The one order card (docs/requirements.md §10): the customer's dashboard and the admin console show an order
 * the same way, number, date, status badge, total and items, and add their own actions below.
 */
import type { ReactNode } from 'react';
import { moreItemsLabel, ORDER_ITEMS_PREVIEW } from '../../../core/identity/account-texts';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { lineText } from '../../../core/quotes/line-text';
import { formatRupees } from '../../../core/money/money';
import { MADE_TO_ORDER_TEXT } from '../../../core/orders/made-to-order';
import { Approximate } from '../ui/approximate';
import type { OrderItemView, OrderView } from '../../../server/modules/orders';
import { PaymentPanel, type PaymentPanelData } from '../quotes/payment-panel';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentProgress } from './payment-progress';
import { paymentProgressRows } from '../../../core/orders/payment-terms';
import { OrderDocuments } from './order-documents';
import { OrderShipments } from './order-shipments';
import { OrderRefunds } from './order-refunds';
import { OrderReturns } from './order-returns';
import type { ReturnView } from '../../../core/orders/return-status';
import { OrderTimeline, type OrderTimelineOrder } from './order-timeline';
import type { RefundView } from '../../../core/orders/refund-status';
import type { ShipmentView } from '../../../core/orders/shipments';
import { orderDocumentLinks, type TaxDocumentKind } from '../../../core/tax/document-links';
import { OrderThumbnail } from './order-thumbnail';
import { useShopTimeZone } from '../layout/shop-time';

export type OrderCardItem = Pick<
  OrderItemView,
  | 'id'
  | 'productName'
  | 'productImage'
  | 'quantity'
  | 'unitPriceMinor'
  | 'totalPriceMinor'
  | 'madeToOrder'
>;

/** What the card reads of the orders module's view. */
export type OrderCardOrder = Pick<OrderView, 'id' | 'orderNumber' | 'status' | 'totalAmountMinor'> &
  Partial<Pick<OrderView, 'advanceMinor' | 'paymentStatus'>> & {
    createdAt: OrderView['createdAt'] | string;
    items: OrderCardItem[];
    /**
     * docs/requirements.md §10 "Paying": the customer's order paid by UPI or bank transfer, still pending, carries
     * its payment panel (the dashboard's loader builds it; the admin's orders have none).
     */
    payment?: PaymentPanelData | null;
    /** docs/requirements.md §24: its shipments, with their tracking. */
    shipments?: readonly ShipmentView[];
    /** docs/requirements.md §24: the money given back. */
    refunds?: readonly RefundView[];
    /** docs/requirements.md §24: the buyer's returns and the shop's answers. */
    returns?: readonly ReturnView[];
    /** docs/requirements.md §24: the making-of updates, for the order's timeline, with its days. */
    updates?: OrderTimelineOrder['updates'];
    paidAt?: OrderTimelineOrder['paidAt'];
    deliveredAt?: OrderTimelineOrder['deliveredAt'];
    /** docs/requirements.md §23: its tax invoice, receipt vouchers and credit notes, each a download, with its receipts and proforma invoice. */
    documents?: readonly { id: string; kind: TaxDocumentKind; number: string }[];
  };

/**
 * One item: its picture, its name, and "20 × ₹2,300 = ₹46,000" (docs/requirements.md §19: the line total too, by
 * default, so the customer's orders show what each piece costs; the words are core/quotes/line-text.ts's).
 */
export function OrderItemRow({
  item,
  lineTotal = true,
}: {
  item: OrderCardItem;
  lineTotal?: boolean;
}) {
  const line = {
    quantity: item.quantity,
    unitPriceMinor: item.unitPriceMinor,
    lineTotalMinor: item.totalPriceMinor,
  };
  return (
    <li className="flex items-center gap-3">
      <OrderThumbnail image={item.productImage} />
      <div>
        <p className="font-medium">{item.productName}</p>
        {/* docs/requirements.md §24: a piece the buyer cannot return says so */}
        {item.madeToOrder ? <p className="text-sm text-ink-muted">{MADE_TO_ORDER_TEXT}</p> : null}
        <p className="text-sm tabular-nums text-ink-muted">
          {lineTotal ? lineText(line) : `${item.quantity} × ${formatRupees(item.unitPriceMinor)}`}
        </p>
      </div>
    </li>
  );
}

export function OrderCard({
  order,
  preview = false,
  lineTotals = true,
  packingLists = false,
  answerOfReturn,
  children,
}: {
  order: OrderCardOrder;
  /** spec §2 Orders: the first three items, then "+N more items". */
  preview?: boolean;
  lineTotals?: boolean;
  /** docs/requirements.md §24: the owner's card links each shipment's packing list. */
  packingLists?: boolean;
  /** docs/requirements.md §24: the owner's answer to a return waiting for it. */
  answerOfReturn?: (each: ReturnView) => ReactNode;
  /** What the page adds under the items: details, actions. */
  children?: ReactNode;
}) {
  const timeZone = useShopTimeZone();
  const more = preview ? moreItemsLabel(order.items.length) : null;
  const items = preview ? order.items.slice(0, ORDER_ITEMS_PREVIEW) : order.items;
  return (
    <li
      aria-label={`Order ${order.orderNumber}`}
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-display text-lg font-semibold">{order.orderNumber}</h3>
          <p className="text-sm text-ink-muted">{formatShopDate(order.createdAt, timeZone)}</p>
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="font-semibold">
            {formatRupees(order.totalAmountMinor)}
            <Approximate paise={order.totalAmountMinor} />
          </span>
        </div>
      </div>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <OrderItemRow key={item.id} item={item} lineTotal={lineTotals} />
        ))}
      </ul>
      {more ? <p className="mt-2 text-sm text-ink-muted">{more}</p> : null}
      {order.advanceMinor !== undefined && order.paymentStatus ? (
        <div className="mt-4 text-sm">
          <PaymentProgress
            approximate
            rows={paymentProgressRows({
              totalMinor: order.totalAmountMinor,
              advanceMinor: order.advanceMinor,
              paymentStatus: order.paymentStatus,
            })}
          />
        </div>
      ) : null}
      {order.payment ? (
        <div className="mt-4">
          {/* The card shows the order's total above: the panel does not repeat it. */}
          <PaymentPanel payment={order.payment} headingLevel={4} showAmount={false} />
        </div>
      ) : null}
      {order.updates &&
      (order.updates.length > 0 || (order.shipments?.length ?? 0) > 0 || order.deliveredAt) ? (
        <OrderTimeline
          order={{
            createdAt: order.createdAt,
            paidAt: order.paidAt,
            advanceMinor: order.advanceMinor,
            updates: order.updates,
            shipments: order.shipments,
            deliveredAt: order.deliveredAt,
          }}
        />
      ) : null}
      {order.shipments ? (
        <OrderShipments shipments={order.shipments} packingLists={packingLists} />
      ) : null}
      {order.returns ? <OrderReturns returns={order.returns} answerOf={answerOfReturn} /> : null}
      {order.refunds ? <OrderRefunds refunds={order.refunds} /> : null}
      {order.documents ? (
        <OrderDocuments
          links={orderDocumentLinks({
            id: order.id,
            status: order.status,
            paymentStatus: order.paymentStatus ?? null,
            totalMinor: order.totalAmountMinor,
            advanceMinor: order.advanceMinor ?? null,
            documents: order.documents,
            refunds: order.refunds,
          })}
        />
      ) : null}
      {children}
    </li>
  );
}
