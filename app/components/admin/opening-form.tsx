/**
 * An order's form in the console that opens from its button ("Mark as Shipped", "Record Refund",
 * "Add Production Update", "Approve Return"…): the button is on the page, and the form's code is
 * fetched when it is first opened, so the console's first load carries none of it
 * (docs/decisions/008: the /admin budget). "Not yet" closes it again.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { secondaryButtonClass } from '../ui/classes';

/** The buttons' words that are no order action of the machine's (core/admin/admin.ts has those). */
export const orderFormLabels = {
  productionUpdate: 'Add Production Update',
} as const;

export function OpeningForm({
  label,
  children,
}: {
  label: string;
  /** The form, given the way to close it; a lazily loaded component. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <Suspense fallback={<p className="text-sm text-ink-muted">Loading the form…</p>}>
      {children(() => setOpen(false))}
    </Suspense>
  );
}
