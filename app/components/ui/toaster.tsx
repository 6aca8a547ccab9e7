import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
} from 'react';
import { clsx } from 'clsx';
import { X } from './icons';
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  TOAST_SWIPE_THRESHOLD_PX,
  type Toast,
} from './toast-store';

/** The key that takes focus to the toasts, as the region's name tells screen reader users. */
const TOASTER_HOTKEY = 'F8';

/**
 * The one toaster of the app (spec §9), our own since issue 28: one toast at a time, shown for
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
export function Toaster() {
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
          {toasts.filter((entry) => entry.variant !== 'destructive').map(item)}
        </ol>
        <ol aria-live="assertive" className="grid gap-2">
          {toasts.filter((entry) => entry.variant === 'destructive').map(item)}
        </ol>
      </div>
    </section>
  );
}

function ToastItem({
  entry,
  paused,
  onDismiss,
}: {
  entry: Toast;
  paused: boolean;
  onDismiss: (id: number, item: HTMLElement | null) => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  const swipe = useRef<{ x: number; y: number; moving: boolean; offset: number } | null>(null);
  const swipeJustEnded = useRef(false);
  const dismiss = () => onDismiss(entry.id, item.current);
  // What is left of the toast's time across pauses.
  const remaining = useRef(entry.duration);

  useEffect(() => {
    if (paused) return;
    const timer = closeTimer(remaining.current, () => onDismiss(entry.id, item.current));
    timer.resume();
    return () => {
      remaining.current = timer.pause();
    };
  }, [paused, entry.id, onDismiss]);

  const endSwipe = (event: PointerEvent<HTMLLIElement>, cancelled: boolean) => {
    const current = swipe.current;
    swipe.current = null;
    const toast = event.currentTarget;
    if (toast.hasPointerCapture(event.pointerId)) toast.releasePointerCapture(event.pointerId);
    if (!current?.moving) return;
    // The click that ends a swipe presses nothing, the Close button included.
    swipeJustEnded.current = true;
    window.setTimeout(() => {
      swipeJustEnded.current = false;
    });
    if (!cancelled && swipeDismisses(current.offset)) dismiss();
    else toast.style.transform = '';
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and the swipe dismiss it; Close does too
    <li
      ref={item}
      // Focusable as Radix's toasts were: F8, then Tab, reaches the toast and then its Close.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        swipe.current = { x: event.clientX, y: event.clientY, moving: false, offset: 0 };
      }}
      onPointerMove={(event) => {
        const current = swipe.current;
        if (!current) return;
        const x = event.clientX - current.x;
        const y = event.clientY - current.y;
        if (!current.moving) {
          // A finger wobbles more than a mouse before it means to move.
          const slack = event.pointerType === 'touch' ? 10 : 2;
          if (x > slack && Math.abs(x) > Math.abs(y)) {
            current.moving = true;
            event.currentTarget.setPointerCapture(event.pointerId);
          } else if (Math.abs(x) > slack || Math.abs(y) > slack) {
            swipe.current = null; // not a swipe to the right
            return;
          } else return;
        }
        current.offset = Math.max(0, x);
        event.currentTarget.style.transform = `translateX(${current.offset}px)`;
      }}
      onPointerUp={(event) => endSwipe(event, false)}
      onPointerCancel={(event) => endSwipe(event, true)}
      onClickCapture={(event) => {
        if (!swipeJustEnded.current) return;
        event.preventDefault();
        event.stopPropagation();
      }}
      className={clsx(
        'pointer-events-auto relative flex w-full touch-none items-start gap-3 rounded-xl p-4 pr-10 shadow-lg ring-1 select-none',
        // A brass focus ring would not show on the red of an error (WCAG 1.4.11).
        entry.variant === 'destructive'
          ? 'bg-danger text-white ring-danger [&_:focus-visible]:outline-white'
          : 'bg-white text-ink ring-stone',
      )}
    >
      <div className="grid gap-1">
        <div className="font-semibold">{entry.title}</div>
        {entry.description ? <div className="text-sm opacity-90">{entry.description}</div> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={dismiss}
        className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}

/** spec §9: a swipe to the right of 50 px or more dismisses; a shorter one snaps back. */
export function swipeDismisses(offsetX: number): boolean {
  return offsetX >= TOAST_SWIPE_THRESHOLD_PX;
}

/**
 * A toast's countdown of `duration` ms: it runs only between resume() and pause(), and pause()
 * tells what is left, so a toast that was hovered or focused gets the rest of its time afterwards.
 * No duration (0, Infinity) never ends.
 */
export function closeTimer(duration: number, onEnd: () => void) {
  let remaining = duration;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  return {
    resume() {
      if (handle !== undefined || !duration || duration === Infinity) return;
      startedAt = Date.now();
      handle = setTimeout(
        () => {
          handle = undefined;
          onEnd();
        },
        Math.max(remaining, 0),
      );
    },
    pause(): number {
      if (handle === undefined) return remaining;
      clearTimeout(handle);
      handle = undefined;
      remaining -= Date.now() - startedAt;
      return remaining;
    },
  };
}
