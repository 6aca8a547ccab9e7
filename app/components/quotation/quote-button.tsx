import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../ui/use-hydrated';
import { quotationAction } from './quotation-action';
import { ModalClose, ModalDialog } from '../ui/modal';

// The form and its validation load when a dialog first opens, not with every page that lists
// products.
const QuotationRequestForm = lazy(() =>
  import('./quotation-form').then((module) => ({ default: module.QuotationRequestForm })),
);

/**
 * A Get Quote action for one product: a link to the full-page form at /quote/{id}, which is what
 * it does before hydration or without JavaScript. Once React runs, it opens the Request
 * Quotation dialog in place instead.
 */
export function QuoteButton({
  product,
  className,
  children = 'Get Quote',
}: {
  product: { id: string; name: string };
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const link = useRef<HTMLAnchorElement>(null);
  const href = quotationAction(product.id);

  return (
    <>
      <Link
        ref={link}
        to={href}
        aria-haspopup="dialog"
        aria-expanded={hydrated ? open : undefined}
        onClick={(event) => {
          if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpen(true);
        }}
        className={className}
      >
        {children}
      </Link>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Request Quotation"
        description="Tell us what you need and we will send you a quotation."
        descriptionClassName="mt-1 text-ink-muted"
        // Focus goes back to the link that opened the dialog (a click does not focus a link in
        // every browser).
        returnFocusTo={link}
        className="max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto"
      >
        <div className="mt-5">
          {/* Mounted only while open, so every opening starts with a fresh form. */}
          <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
            <QuotationRequestForm
              product={product}
              closeButton={(label) => (
                <ModalClose className="rounded-full px-5 py-3 font-medium ring-1 ring-ink hover:bg-sand">
                  {label}
                </ModalClose>
              )}
            />
          </Suspense>
        </div>
      </ModalDialog>
    </>
  );
}
