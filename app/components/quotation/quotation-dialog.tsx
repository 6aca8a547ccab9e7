import type { RefObject } from 'react';
import { ModalClose, ModalDialog } from '../ui/modal';
import { QuotationRequestForm } from './quotation-form';

/**
 * The Request Quotation dialog of a Get Quote action (spec §2). QuoteButton loads this module
 * when a dialog first opens (docs/decisions/020: no dialog or form code in the first load of the pages
 * that list products). The form comes with it rather than behind a second lazy import: both
 * chunks are fetched at once, so the dialog appears whole, one round trip after the click.
 */
export function QuotationDialog({
  product,
  onOpenChange,
  returnFocusTo,
}: {
  product: { id: string; name: string };
  onOpenChange: (open: boolean) => void;
  /** The Get Quote link: a click does not focus a link in every browser. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ModalDialog
      open
      onOpenChange={onOpenChange}
      title="Request Quotation"
      description="Tell us what you need and we will send you a quotation."
      descriptionClassName="mt-1 text-ink-muted"
      returnFocusTo={returnFocusTo}
      className="max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <div className="mt-5">
        {/* Mounted only while open, so every opening starts with a fresh form. */}
        <QuotationRequestForm
          product={product}
          closeButton={(label) => (
            <ModalClose className="rounded-full px-5 py-3 font-medium ring-1 ring-ink hover:bg-sand">
              {label}
            </ModalClose>
          )}
        />
      </div>
    </ModalDialog>
  );
}
