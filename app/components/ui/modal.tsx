import {
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { clsx } from 'clsx';
import { X } from './icons';
import { CloseModalContext, ModalClose } from './modal-close';

export { ModalClose };

/**
 * A titled dialog: focus stays inside, Escape closes it, focus returns to the opener, the page
 * behind it neither scrolls nor takes clicks. Public and dashboard pages take it from
 * lazy-modal.tsx, which loads this module when a dialog first opens (docs/decisions/020).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      // A dialog is always described: by its own words, or for screen readers only by its title.
      description={description || title}
      descriptionClassName={description ? 'mt-1 text-ink-muted' : 'sr-only'}
      className="max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <div className="mt-5">{children}</div>
    </ModalDialog>
  );
}

/**
 * The one modal dialog of the app, on the native `<dialog>` opened with `showModal()` (docs/decisions/020:
 * no dialog library in the first load). The browser gives the top layer, the inert page behind
 * it and initial focus; this adds what it does not: Tab wraps around inside (the browser would let
 * it leave for its own toolbar), Escape and a click on the backdrop ask the owner to close (React
 * state stays the one truth), and focus goes back to the opener.
 *
 * Nothing is mounted while closed: the server HTML and hydration carry no closed dialogs, and
 * every opening starts with a fresh form.
 */
export function ModalDialog({
  open,
  ...props
}: {
  open: boolean;
} & OpenModalDialogProps) {
  return open ? <OpenModalDialog {...props} /> : null;
}

interface OpenModalDialogProps {
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Left out, the dialog has no aria-describedby. */
  description?: ReactNode;
  descriptionClassName?: string;
  /** The dialog's size; the look is shared. */
  className?: string;
  /** Where focus goes on closing; by default the element that had it when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

function OpenModalDialog({
  onOpenChange,
  title,
  description,
  descriptionClassName,
  className,
  returnFocusTo,
  children,
}: OpenModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const hasDescription = description !== undefined && description !== null;

  // Latest props for the effect below, which runs once per opening.
  const returnFocusToRef = useRef(returnFocusTo);
  useLayoutEffect(() => {
    returnFocusToRef.current = returnFocusTo;
  });

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // app.css locks the page's scroll while a modal is open; where the page had a scrollbar, its
    // gutter stays, so the page does not shift sideways under the backdrop.
    const root = document.documentElement;
    const keepGutter = window.innerWidth > root.clientWidth && root.style.scrollbarGutter === '';
    if (keepGutter) root.style.scrollbarGutter = 'stable';
    if (!element.open) element.showModal();
    return () => {
      // Runs while the dialog is still in the document (React detaches it after this cleanup):
      // close() lets the browser give focus back to the opener.
      if (element.open) element.close();
      if (keepGutter) root.style.scrollbarGutter = '';
      const target = returnFocusToRef.current?.current ?? opener;
      if (!target || target === document.body || !target.isConnected) return;
      const active = document.activeElement;
      // An explicit target always wins; otherwise only when the browser left focus nowhere.
      if (returnFocusToRef.current?.current || !active || active === document.body) {
        target.focus();
      }
    };
  }, []);

  if (typeof document === 'undefined') return null;
  return createPortal(
    <CloseModalContext.Provider value={() => onOpenChange(false)}>
      {/* Keyboard users close it with Escape (the cancel event); the backdrop click is the
          pointer's equivalent of the same. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={hasDescription ? descriptionId : undefined}
        // React passes these up its tree: a dialog opened from inside this one is not this one.
        onCancel={(event) => {
          if (event.target !== event.currentTarget) return;
          event.preventDefault();
          onOpenChange(false);
        }}
        onClose={(event) => {
          // Closed by the browser itself (not by this component's cleanup): tell the owner.
          if (event.target === event.currentTarget && !event.currentTarget.open) {
            onOpenChange(false);
          }
        }}
        onPointerDown={(event) => {
          pressedOnBackdrop.current = isOnBackdrop(event);
        }}
        onClick={(event) => {
          // Pressed and released on the backdrop: a drag from the text out to it is no click.
          if (pressedOnBackdrop.current && isOnBackdrop(event)) onOpenChange(false);
          pressedOnBackdrop.current = false;
        }}
        onKeyDown={keepTabInside}
        className={clsx(
          'm-auto max-w-none rounded-2xl bg-ivory p-6 text-ink shadow-xl backdrop:bg-ink/50',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl font-semibold">
            {title}
          </h2>
          <ModalClose aria-label="Close" className="rounded-full p-1 hover:bg-sand">
            <X aria-hidden="true" className="h-5 w-5" />
          </ModalClose>
        </div>
        {hasDescription ? (
          <p id={descriptionId} className={descriptionClassName}>
            {description}
          </p>
        ) : null}
        {children}
      </dialog>
    </CloseModalContext.Provider>,
    document.body,
  );
}

/**
 * The backdrop is the dialog element itself to events: a press on it outside the dialog's box.
 * (A press on the dialog's own padding has the same target, but lies inside the box.)
 */
function isOnBackdrop(event: MouseEvent<HTMLDialogElement> | PointerEvent<HTMLDialogElement>) {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

const focusable =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

/** The elements inside that Tab stops at, in document order. */
function tabStops(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusable)).filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled') &&
      !(element instanceof HTMLInputElement && element.type === 'hidden') &&
      !element.closest('[inert]') &&
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== 'hidden',
  );
}

/** A radio group is one Tab stop, whichever of its radios has focus. */
function sameStop(active: Element | null, stop: HTMLElement): boolean {
  if (active === stop) return true;
  return (
    active instanceof HTMLInputElement &&
    stop instanceof HTMLInputElement &&
    active.type === 'radio' &&
    stop.type === 'radio' &&
    active.name !== '' &&
    active.name === stop.name &&
    active.form === stop.form
  );
}

/** Tab from the last stop goes round to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.defaultPrevented) return;
  const stops = tabStops(event.currentTarget);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const atEdge = event.shiftKey
    ? sameStop(active, first) || active === event.currentTarget
    : sameStop(active, last);
  if (!atEdge) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}
