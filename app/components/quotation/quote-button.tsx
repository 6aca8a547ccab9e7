import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../ui/use-hydrated';
import { quotationAction } from './quotation-action';

// The dialog, its form and the form's code load when a dialog first opens (docs/decisions/020), not with
// every page that lists products.
const QuotationDialog = lazy(() =>
  import('./quotation-dialog').then((module) => ({ default: module.QuotationDialog })),
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
      {open ? (
        // Nothing shows while the dialog's code loads (a placeholder would flash on every fast
        // load); focus stays on the link meanwhile, and goes back to it on closing.
        <Suspense fallback={null}>
          <QuotationDialog product={product} onOpenChange={setOpen} returnFocusTo={link} />
        </Suspense>
      ) : null}
    </>
  );
}
