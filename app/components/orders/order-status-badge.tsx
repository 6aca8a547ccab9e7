import { orderStatusColours, statusLabel, type OrderStatus } from '../../../core/orders/statuses';

// spec §4: the order status badge colours, the same on the dashboard and in the admin console
const badgeClasses: Record<string, string> = {
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  purple: 'bg-purple-100 text-purple-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-200 text-slate-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`rounded-full px-3 py-1 text-xs font-semibold ${badgeClasses[orderStatusColours[status]] ?? ''}`}
    >
      {statusLabel(status)}
    </span>
  );
}
