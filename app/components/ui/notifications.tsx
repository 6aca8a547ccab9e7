import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  type Toast,
} from './toast-store';

// The toast itself loads with the first one (docs/decisions/020); the live regions are in the page before.
const ToastItem = lazy(() =>
  import('./toast-item').then((module) => ({ default: module.ToastItem })),
);

/** The key that takes focus to the toasts, as the region's name tells screen reader users. */
const TOASTER_HOTKEY = 'F8';

/**
 * The one toaster of the app (spec §9), our own since docs/decisions/020, drawn by toaster.tsx: one toast at a time, shown for
 * its duration (5000 ms unless told), dismissed by its Close button, Escape or a swipe of 50 px to
 * the right. The timer waits while the pointer or focus is on the toasts, or the window is in
 * the background.
 *
 * Screen readers hear each toast because it is added to a live region that is in the page from
 * the server render on (a region added together with its text is often not read). Errors go to
 * the assertive one and interrupt; other news waits its turn. The regions carry no role of their
 * own: an always-present empty role="status" or role="alert" would be a second match for every
 * page's own status and alert messages.
 */
export function Notifications() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const viewport = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [windowInBackground, setWindowInBackground] = useState(false);

  useEffect(() => {
    const focusToasts = (event: KeyboardEvent) => {
      if (event.code === TOASTER_HOTKEY) viewport.current?.focus();
    };
    const toBackground = () => setWindowInBackground(true);
    const toForeground = () => setWindowInBackground(false);
    document.addEventListener('keydown', focusToasts);
    window.addEventListener('blur', toBackground);
    window.addEventListener('focus', toForeground);
    return () => {
      document.removeEventListener('keydown', focusToasts);
      window.removeEventListener('blur', toBackground);
      window.removeEventListener('focus', toForeground);
    };
  }, []);

  // A manual popover, so the toasts are in the top layer: a toast raised from inside a modal
  // dialog is drawn above it and its backdrop, not dimmed behind them. (Like the rest of the page,
  // it stays inert while the dialog is open.) Browsers without popovers show it in place.
  const region = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const section = region.current;
    if (!section || typeof section.showPopover !== 'function') return;
    if (!section.matches(':popover-open')) section.showPopover();
    else if (toasts.length > 0 && document.querySelector('dialog:modal')) {
      // Shown again to come last in the top layer, above the dialog opened since.
      section.hidePopover();
      section.showPopover();
    }
  }, [toasts]);

  const dismiss = useCallback((id: number, item: HTMLElement | null) => {
    // Focus in the closing toast stays with the toasts rather than falling to the page's start.
    if (item?.contains(document.activeElement)) viewport.current?.focus();
    // The pointer was on the toast that goes (Close, a swipe): the next one starts its timer.
    setHovered(false);
    dismissToast(id);
  }, []);

  const paused = hovered || focusInside || windowInBackground;
  const item = (entry: Toast) => (
    <ToastItem key={entry.id} entry={entry} paused={paused} onDismiss={dismiss} />
  );

  return (
    <section
      ref={region}
      popover="manual"
      aria-label={`Notifications (${TOASTER_HOTKEY})`}
      // Clicks pass through the empty corner; the toasts themselves take them. The popover's own
      // look (centred, a box of its own, scrolling) is undone.
      className="pointer-events-none fixed top-auto right-0 bottom-0 left-auto z-[100] w-full max-w-[420px] overflow-visible bg-transparent"
      onPointerMove={() => {
        if (!hovered) setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
    >
      {/* F8 focuses the list; its ring is drawn inside, as the list sits on the window's edge. */}
      <div ref={viewport} tabIndex={-1} className="p-4 focus-visible:-outline-offset-4">
        <ol aria-live="polite" className="grid gap-2">
          {loaded(toasts.filter((entry) => entry.variant !== 'destructive').map(item))}
        </ol>
        <ol aria-live="assertive" className="grid gap-2">
          {loaded(toasts.filter((entry) => entry.variant === 'destructive').map(item))}
        </ol>
      </div>
    </section>
  );
}

/** Toasts once their code is in; an empty region stays empty (no Suspense markers). */
function loaded(items: ReactNode[]) {
  return items.length > 0 ? <Suspense fallback={null}>{items}</Suspense> : null;
}
