import * as Dialog from '@radix-ui/react-dialog';
import { X } from '../ui/icons';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../ui/use-hydrated';
import { quotationAction } from './quotation-action';
import { PortalWhileOpen } from '../ui/modal';

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
    <Dialog.Root open={open} onOpenChange={setOpen}>
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
      <PortalWhileOpen open={open}>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Focus goes back to the link that opened the dialog.
            event.preventDefault();
            link.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-ivory p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold">
              Request Quotation
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 hover:bg-sand">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-ink-muted">
            Tell us what you need and we will send you a quotation.
          </Dialog.Description>
          <div className="mt-5">
            {/* Mounted only while open, so every opening starts with a fresh form. */}
            <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
              <QuotationRequestForm
                product={product}
                closeButton={(label) => (
                  <Dialog.Close className="rounded-full px-5 py-3 font-medium ring-1 ring-ink hover:bg-sand">
                    {label}
                  </Dialog.Close>
                )}
              />
            </Suspense>
          </div>
        </Dialog.Content>
      </PortalWhileOpen>
    </Dialog.Root>
  );
}
